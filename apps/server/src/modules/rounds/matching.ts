/**
 * Who meets whom when the wheel stops. Inner ring index i faces outer ring index
 * (i + shift) mod half, where shift = innerOffset − outerOffset (see the contracts'
 * wheel-geometry), so only `half` pairings are possible; we score every one and pick the best
 * (decision 032), then random offsets that produce it, so the rings visibly land on the chosen
 * pairing. A shift's score, compared in this order (higher is better):
 *  1. people who sat out last round and get a partner — any partner, even one they met: the
 *     promise that nobody sits out twice in a row comes before freshness;
 *  2. pairs that never met before (on any of the organiser's wheels: the caller's `metBefore`),
 *     which, with people staying in their seats, makes them meet everyone on the other ring once
 *     before anyone twice;
 *  3. interests shared within the pairs;
 *  4. fewer pairs who met before.
 * Equal scores are broken at random. Blocked pairs are never paired, whatever the score.
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
  const theirs = interests?.get(pair.outer);
  return countShared(interests?.get(pair.inner), theirs && new Set(theirs));
}

// A set on one side keeps the count linear however many interests someone typed.
function countShared(mine: Iterable<string> | undefined, theirs: ReadonlySet<string> | undefined): number {
  if (!mine || !theirs) return 0;
  let shared = 0;
  for (const interest of mine) if (theirs.has(interest)) shared += 1;
  return shared;
}

const modulo = (value: number, divisor: number) => ((value % divisor) + divisor) % divisor;

interface Candidate {
  shift: number;
  pairs: MatchedPair[];
  neverMetPairs: number;
  sharedInterests: number;
  /** How good the shift is, compared element by element (higher is better). */
  score: [number, number, number, number];
}

/** What the choice needs to know of a seated person, worked out once rather than once per shift. */
interface Seated {
  person: string;
  hasPriority: boolean;
  /** A set, so a pair's overlap costs one lookup per interest. */
  interests: ReadonlySet<string> | undefined;
}

function seatsOf(ring: MatchingInput['inner'], input: MatchingInput): (Seated | null)[] {
  return ring.map((person) => {
    if (!person) return null;
    const interests = input.interests?.get(person);
    return { person, hasPriority: input.priority.has(person), interests: interests && new Set(interests) };
  });
}

function evaluate(
  shift: number,
  input: MatchingInput,
  inner: (Seated | null)[],
  outer: (Seated | null)[],
): Candidate {
  const pairs: MatchedPair[] = [];
  let prioritised = 0;
  let neverMetPairs = 0;
  let sharedInterests = 0;
  for (let index = 0; index < input.half; index += 1) {
    const innerSeat = inner[index] ?? null;
    const outerSeat = outer[modulo(index + shift, input.half)] ?? null;
    if (!innerSeat || !outerSeat) continue;
    const key = pairKey(innerSeat.person, outerSeat.person);
    // A blocked pair faces each other but is not matched: both sit this round out.
    if (input.blocked?.has(key)) continue;
    pairs.push({ inner: innerSeat.person, outer: outerSeat.person });
    if (innerSeat.hasPriority) prioritised += 1;
    if (outerSeat.hasPriority) prioritised += 1;
    if (!input.metBefore.has(key)) neverMetPairs += 1;
    sharedInterests += countShared(innerSeat.interests, outerSeat.interests);
  }
  const repeats = pairs.length - neverMetPairs;
  return {
    shift,
    pairs,
    neverMetPairs,
    sharedInterests,
    score: [prioritised, neverMetPairs, sharedInterests, -repeats],
  };
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
  const inner = seatsOf(input.inner, input);
  const outer = seatsOf(input.outer, input);
  const candidates = Array.from({ length: half }, (_, shift) => evaluate(shift, input, inner, outer));
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
    neverMetPairs: chosen.neverMetPairs,
    sharedInterests: chosen.sharedInterests,
  };
}
