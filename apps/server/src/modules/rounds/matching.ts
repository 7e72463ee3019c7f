/**
 * Who meets whom when the wheel stops. Inner ring index i faces outer ring index
 * (i + shift) mod half, where shift = innerOffset − outerOffset (see the contracts'
 * wheel-geometry); of the `half` possible shifts we pick the best for the people seated,
 * then random offsets that produce it, so the rings visibly land on the chosen pairing.
 */

export interface MatchingInput {
  /** Positions per ring. */
  half: number;
  /** Occupant of each inner ring index 0..half-1 (null: free). */
  inner: ReadonlyArray<string | null>;
  /** Occupant of each outer ring index 0..half-1 (null: free). */
  outer: ReadonlyArray<string | null>;
  /** Pairs that met earlier on this wheel, as `pairKey`s. */
  metBefore: ReadonlySet<string>;
  /** Pairs where one blocked the other (decision 016), as `pairKey`s: never paired, whatever the cost. */
  blocked?: ReadonlySet<string>;
  /** People who sat out last round without a partner. */
  priority: ReadonlySet<string>;
  /** Each seated person's interests (`parseInterests`); someone missing has none. */
  interests?: ReadonlyMap<string, readonly string[]>;
  /** A float in [0, 1); injected so tests are repeatable. */
  random: () => number;
}

export interface MatchedPair {
  /** The inner-ring person: user1 of the match, and the one who starts the video call. */
  inner: string;
  outer: string;
}

export interface MatchingResult {
  innerOffset: number;
  outerOffset: number;
  pairs: MatchedPair[];
  /** Seated people left without a partner. */
  unmatched: string[];
  /** How many of `pairs` had never met before (for the wheel's report). */
  neverMetPairs: number;
  /** Interests shared within `pairs`, summed (for the wheel's report). */
  sharedInterests: number;
}

export const pairKey = (a: string, b: string): string => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** How many interests the two people of a pair share. */
export function sharedInterestCount(pair: MatchedPair, interests: MatchingInput['interests']): number {
  const mine = interests?.get(pair.inner);
  const theirs = interests?.get(pair.outer);
  if (!mine || !theirs) return 0;
  return mine.filter((interest) => theirs.includes(interest)).length;
}

const modulo = (value: number, divisor: number) => ((value % divisor) + divisor) % divisor;

interface Candidate {
  shift: number;
  pairs: MatchedPair[];
  /** How good the shift is, compared element by element (higher is better). */
  score: [number, number, number];
}

function evaluate(shift: number, input: MatchingInput): Candidate {
  const pairs: MatchedPair[] = [];
  let fresh = 0;
  let freshWithPriority = 0;
  for (let index = 0; index < input.half; index += 1) {
    const inner = input.inner[index] ?? null;
    const outer = input.outer[modulo(index + shift, input.half)] ?? null;
    if (!inner || !outer) continue;
    // A blocked pair faces each other but is not matched: both sit this round out.
    if (input.blocked?.has(pairKey(inner, outer))) continue;
    pairs.push({ inner, outer });
    if (!input.metBefore.has(pairKey(inner, outer))) {
      fresh += 1;
      if (input.priority.has(inner) || input.priority.has(outer)) freshWithPriority += 1;
    }
  }
  const repeats = pairs.length - fresh;
  // First keep the promise to those who sat out, then meet as many new people as possible,
  // then avoid pairing people again who have met before.
  return { shift, pairs, score: [freshWithPriority, fresh, -repeats] };
}

const compare = (a: Candidate, b: Candidate) => {
  for (let i = 0; i < a.score.length; i += 1) {
    const difference = (a.score[i] ?? 0) - (b.score[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
};

/** Chooses the rotation of the rings for this round (ties broken at random). */
export function chooseRotation(input: MatchingInput): MatchingResult {
  const { half } = input;
  const candidates = Array.from({ length: half }, (_, shift) => evaluate(shift, input));
  const best = candidates.reduce((top, candidate) => (compare(candidate, top) > 0 ? candidate : top));
  const tied = candidates.filter((candidate) => compare(candidate, best) === 0);
  const chosen = tied[Math.floor(input.random() * tied.length)] ?? best;

  const innerOffset = Math.floor(input.random() * half);
  const outerOffset = modulo(innerOffset - chosen.shift, half);
  const paired = new Set(chosen.pairs.flatMap((pair) => [pair.inner, pair.outer]));
  const seated = [...input.inner, ...input.outer].filter((id): id is string => id !== null);
  return {
    innerOffset,
    outerOffset,
    pairs: chosen.pairs,
    unmatched: seated.filter((id) => !paired.has(id)),
    neverMetPairs: chosen.pairs.filter((pair) => !input.metBefore.has(pairKey(pair.inner, pair.outer)))
      .length,
    sharedInterests: chosen.pairs.reduce((sum, pair) => sum + sharedInterestCount(pair, input.interests), 0),
  };
}
