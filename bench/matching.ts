/**
 * Who meets whom (issue 38): the product's rotation choice (`chooseRotation`, decision 032)
 * against a random rotation over the same people and the same seating, in the same run.
 *
 *   npm run bench:matching              (BENCH_SEED=<n> for another population; default 38)
 *
 * For wheels of 12, 40 and 100 seats, 10 rounds each. People have 2–5 interests drawn from 30
 * tags, Zipf-skewed (tag k is drawn with weight 1/k), so a few tags are common. Rings start one
 * person apart with a few free seats; most people stay in their seat, the rest re-seat at random
 * every round, and a few leave and as many arrive between rounds. Seats are taken on the emptier
 * ring, so the rings stay at most one person apart. Everyone a rotation pairs counts as met
 * from then on, and whoever it leaves without a partner has priority next round, as in the app.
 *
 * Per case and rotation it prints: the share of pairs that never met, and in how many of the
 * rounds where some rotation paired everyone it could with someone new the rotation did so; the
 * rounds until everyone has met the whole other ring when all stay (a full wheel run on its own:
 * at best half the seat count); shared interests per pair against the best rotation under the
 * same promises found by trying every one, against the best rotation for interests alone, and
 * against the best one-to-one assignment of never-met people with free seating (the Hungarian
 * method: an upper bound no rotation can beat); the longest run of rounds anyone sat out. Then
 * the choice's time at 100 seats against a bare scan of the same pairs (a key and a set lookup
 * per facing pair, the least any choice must do), alternating, with the load average.
 *
 * Writes Markdown to stdout and appends the run to bench/results/matching.json.
 */
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import {
  chooseRotation,
  type MatchedPair,
  type MatchingInput,
  pairKey,
  sharedInterestCount,
} from '../apps/server/src/modules/rounds/matching';
import { maximumWeightAssignment } from './hungarian';

const SEED = Number(process.env.BENCH_SEED ?? 38);
const SEAT_COUNTS = [12, 40, 100];
const ROUNDS = 10;
const TAG_COUNT = 30;
/** The share of people who keep their seat; the others re-seat at random every round. */
const STAYING_SHARE = 0.8;
const TIMING_SEATS = 100;
const TIMING_CALLS = Number(process.env.BENCH_TIMING_CALLS ?? 5000);
const resultsFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'results/matching.json');

type Random = () => number;

/** mulberry32: small, fast and seedable, so a run can be repeated exactly. */
function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 32;
  };
}

const pick = <T>(random: Random, items: readonly T[]): T | undefined =>
  items[Math.floor(random() * items.length)];

const TAGS = Array.from({ length: TAG_COUNT }, (_, index) => `tag-${index + 1}`);
const TAG_WEIGHTS = TAGS.map((_, index) => 1 / (index + 1));

function drawInterests(random: Random): string[] {
  const count = 2 + Math.floor(random() * 4);
  const chosen = new Set<string>();
  while (chosen.size < count) {
    const available = TAGS.map((tag, index) => (chosen.has(tag) ? 0 : (TAG_WEIGHTS[index] ?? 0)));
    let draw = random() * available.reduce((sum, weight) => sum + weight, 0);
    const index = available.findIndex((weight) => {
      draw -= weight;
      return draw < 0 && weight > 0;
    });
    chosen.add(TAGS[index === -1 ? available.findLastIndex((weight) => weight > 0) : index] ?? 'tag-1');
  }
  return [...chosen];
}

/** A random UUID, like the app's participant ids (the choice's cost grows with the keys' length). */
function personId(random: Random) {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

interface Seating {
  inner: (string | null)[];
  outer: (string | null)[];
}

const occupants = (ring: readonly (string | null)[]) => ring.filter((id): id is string => id !== null);

/** Seats a person on a random free seat of the emptier ring (either when level). */
function seatOnEmptierRing(seating: Seating, person: string, random: Random) {
  const innerCount = occupants(seating.inner).length;
  const outerCount = occupants(seating.outer).length;
  const ring =
    innerCount < outerCount || (innerCount === outerCount && random() < 0.5) ? seating.inner : seating.outer;
  const free = ring.flatMap((id, index) => (id === null ? [index] : []));
  const index = pick(random, free);
  if (index !== undefined) ring[index] = person;
}

function vacate(seating: Seating, person: string) {
  for (const ring of [seating.inner, seating.outer]) {
    const index = ring.indexOf(person);
    if (index !== -1) ring[index] = null;
  }
}

interface Population {
  interests: Map<string, string[]>;
  /** Each round's seating, the same for every rotation compared. */
  rounds: Seating[];
}

/** People and how they sit over the rounds: staying, re-seating, leaving and arriving. */
function simulatePopulation(seats: number, random: Random): Population {
  const half = seats / 2;
  const interests = new Map<string, string[]>();
  const staying = new Set<string>();
  const arrive = (seating: Seating) => {
    const person = personId(random);
    interests.set(person, drawInterests(random));
    if (random() < STAYING_SHARE) staying.add(person);
    seatOnEmptierRing(seating, person, random);
  };
  const seating: Seating = { inner: Array(half).fill(null), outer: Array(half).fill(null) };
  // An odd number of free seats: the rings start one person apart, and there is room to move.
  const freeSeats = 2 * Math.round(seats * 0.05) + 1;
  for (let seated = 0; seated < seats - freeSeats; seated += 1) arrive(seating);
  const turnover = Math.max(1, Math.round(seats / 20));
  const rounds: Seating[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    if (round > 0) {
      for (let count = 0; count < turnover; count += 1) {
        const leaving = pick(random, [...occupants(seating.inner), ...occupants(seating.outer)]);
        if (leaving) vacate(seating, leaving);
      }
      for (let count = 0; count < turnover; count += 1) arrive(seating);
      const moving = [...occupants(seating.inner), ...occupants(seating.outer)].filter(
        (id) => !staying.has(id),
      );
      for (const person of moving) vacate(seating, person);
      for (const person of moving) seatOnEmptierRing(seating, person, random);
    }
    rounds.push({ inner: [...seating.inner], outer: [...seating.outer] });
  }
  return { interests, rounds };
}

/** What one shift would give, computed here independently of the product's code. */
interface ShiftOutcome {
  pairs: MatchedPair[];
  prioritised: number;
  neverMet: number;
  shared: number;
}

function outcomeOf(shift: number, input: MatchingInput): ShiftOutcome {
  const pairs: MatchedPair[] = [];
  for (let index = 0; index < input.half; index += 1) {
    const inner = input.inner[index] ?? null;
    const outer = input.outer[(index + shift) % input.half] ?? null;
    if (inner && outer) pairs.push({ inner, outer });
  }
  return {
    pairs,
    prioritised:
      pairs.filter((pair) => input.priority.has(pair.inner)).length +
      pairs.filter((pair) => input.priority.has(pair.outer)).length,
    neverMet: pairs.filter((pair) => !input.metBefore.has(pairKey(pair.inner, pair.outer))).length,
    shared: pairs.reduce((sum, pair) => sum + sharedInterestCount(pair, input.interests), 0),
  };
}

const best = (outcomes: ShiftOutcome[], score: (outcome: ShiftOutcome) => number[]) =>
  outcomes.reduce((top, outcome) => {
    const [a, b] = [score(outcome), score(top)];
    const difference = a.map((value, index) => value - (b[index] ?? 0)).find((value) => value !== 0) ?? 0;
    return difference > 0 ? outcome : top;
  });

/** The most interests never-met people could share if they could sit anywhere, one to one. */
function freeSeatingBound(input: MatchingInput) {
  const inner = occupants(input.inner);
  const outer = occupants(input.outer);
  const weights = inner.map((a) =>
    outer.map((b) =>
      input.metBefore.has(pairKey(a, b)) ? 0 : sharedInterestCount({ inner: a, outer: b }, input.interests),
    ),
  );
  return { shared: maximumWeightAssignment(weights).total, pairs: Math.min(inner.length, outer.length) };
}

type Rotation = (input: MatchingInput) => MatchedPair[];

const productRotation: Rotation = (input) => chooseRotation(input).pairs;
const randomRotation: Rotation = (input) => outcomeOf(Math.floor(input.random() * input.half), input).pairs;

interface Totals {
  pairs: number;
  neverMet: number;
  shared: number;
  roundsWithNeverMetRotation: number;
  roundsAllNeverMetThen: number;
  /** Rounds where only a rotation leaving a sat-out person out again would have paired everyone anew. */
  neverMetRotationsGivenUpForSatOut: number;
  optimum: { shared: number; pairs: number };
  interestsOnly: { shared: number; pairs: number };
  freeSeating: { shared: number; pairs: number };
  longestSitOut: number;
  twiceInARowWhileLevel: number;
  /** The product's inputs, kept for timing. */
  inputs: MatchingInput[];
}

function runRounds(population: Population, rotation: Rotation, random: Random): Totals {
  const totals: Totals = {
    pairs: 0,
    neverMet: 0,
    shared: 0,
    roundsWithNeverMetRotation: 0,
    roundsAllNeverMetThen: 0,
    neverMetRotationsGivenUpForSatOut: 0,
    optimum: { shared: 0, pairs: 0 },
    interestsOnly: { shared: 0, pairs: 0 },
    freeSeating: { shared: 0, pairs: 0 },
    longestSitOut: 0,
    twiceInARowWhileLevel: 0,
    inputs: [],
  };
  const metBefore = new Set<string>();
  let priority = new Set<string>();
  let sitOutRun = new Map<string, number>();
  let previousLevel = true;
  for (const seating of population.rounds) {
    const half = seating.inner.length;
    const input: MatchingInput = {
      half,
      ...seating,
      metBefore: new Set(metBefore),
      priority,
      interests: population.interests,
      random,
    };
    totals.inputs.push(input);
    const outcomes = Array.from({ length: half }, (_, shift) => outcomeOf(shift, input));
    // "A never-met rotation exists": one pairs as many people as any rotation can, all of them
    // new to each other. Counted among all rotations, and among those that keep the promise to
    // last round's sat-out people (as many of them partnered as any rotation can), which the
    // product keeps first.
    const allNew = (candidates: ShiftOutcome[]) => {
      const most = Math.max(...candidates.map((outcome) => outcome.pairs.length));
      return most > 0 && candidates.some((o) => o.pairs.length === most && o.neverMet === most) ? most : 0;
    };
    const mostPrioritised = Math.max(...outcomes.map((outcome) => outcome.prioritised));
    const allNewAtAll = allNew(outcomes);
    const allNewKeepingPromise = allNew(outcomes.filter((o) => o.prioritised === mostPrioritised));
    const optimum = best(outcomes, (o) => [o.prioritised, o.neverMet, o.shared, o.neverMet - o.pairs.length]);
    const interestsOnly = best(outcomes, (o) => [o.shared]);
    const bound = freeSeatingBound(input);

    const pairs = rotation(input);
    const neverMet = pairs.filter((pair) => !metBefore.has(pairKey(pair.inner, pair.outer))).length;
    totals.pairs += pairs.length;
    totals.neverMet += neverMet;
    totals.shared += pairs.reduce((sum, pair) => sum + sharedInterestCount(pair, population.interests), 0);
    const allNewChosen = pairs.length > 0 && neverMet === pairs.length;
    if (allNewKeepingPromise) {
      totals.roundsWithNeverMetRotation += 1;
      if (allNewChosen && pairs.length === allNewKeepingPromise) totals.roundsAllNeverMetThen += 1;
    }
    if (allNewAtAll && !allNewKeepingPromise) totals.neverMetRotationsGivenUpForSatOut += 1;
    totals.optimum.shared += optimum.shared;
    totals.optimum.pairs += optimum.pairs.length;
    totals.interestsOnly.shared += interestsOnly.shared;
    totals.interestsOnly.pairs += interestsOnly.pairs.length;
    totals.freeSeating.shared += bound.shared;
    totals.freeSeating.pairs += bound.pairs;

    const paired = new Set(pairs.flatMap((pair) => [pair.inner, pair.outer]));
    const seated = [...occupants(seating.inner), ...occupants(seating.outer)];
    const level = Math.abs(occupants(seating.inner).length - occupants(seating.outer).length) <= 1;
    const nextRun = new Map<string, number>();
    for (const person of seated) {
      const run = paired.has(person) ? 0 : (sitOutRun.get(person) ?? 0) + 1;
      nextRun.set(person, run);
      totals.longestSitOut = Math.max(totals.longestSitOut, run);
      if (run >= 2 && level && previousLevel) totals.twiceInARowWhileLevel += 1;
    }
    sitOutRun = nextRun;
    previousLevel = level;
    priority = new Set(seated.filter((person) => !paired.has(person)));
    for (const pair of pairs) metBefore.add(pairKey(pair.inner, pair.outer));
  }
  return totals;
}

/** Rounds until everyone on a full wheel, all staying put, has met the whole other ring. */
function roundsUntilAllMet(
  seats: number,
  rotation: Rotation,
  random: Random,
  interests: Map<string, string[]>,
) {
  const half = seats / 2;
  const people = [...interests.keys()].slice(0, seats);
  const inner = people.slice(0, half);
  const outer = people.slice(half, seats);
  const metBefore = new Set<string>();
  const limit = 10 * half;
  for (let round = 1; round <= limit; round += 1) {
    const pairs = rotation({ half, inner, outer, metBefore, priority: new Set(), interests, random });
    for (const pair of pairs) metBefore.add(pairKey(pair.inner, pair.outer));
    if (metBefore.size === half * half) return round;
  }
  return null;
}

function stayersPopulation(seats: number, random: Random) {
  return new Map(Array.from({ length: seats }, () => [personId(random), drawInterests(random)]));
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;

/** A bare scan of every facing pair (key and met-before lookup): the least any choice must do. */
function bareScan(input: MatchingInput) {
  let fresh = 0;
  for (let shift = 0; shift < input.half; shift += 1) {
    for (let index = 0; index < input.half; index += 1) {
      const inner = input.inner[index] ?? null;
      const outer = input.outer[(index + shift) % input.half] ?? null;
      if (inner && outer && !input.metBefore.has(pairKey(inner, outer))) fresh += 1;
    }
  }
  return fresh;
}

function timeChoice(inputs: MatchingInput[]) {
  const product: number[] = [];
  const bare: number[] = [];
  let sink = 0;
  const warmUp = Math.min(500, TIMING_CALLS);
  for (let call = 0; call < TIMING_CALLS + warmUp; call += 1) {
    const input = inputs[call % inputs.length];
    if (!input) continue;
    let started = performance.now();
    sink += chooseRotation(input).pairs.length;
    const productMs = performance.now() - started;
    started = performance.now();
    sink += bareScan(input);
    const bareMs = performance.now() - started;
    if (call >= warmUp) {
      product.push(productMs);
      bare.push(bareMs);
    }
  }
  product.sort((a, b) => a - b);
  bare.sort((a, b) => a - b);
  const summary = (values: number[]) => ({
    medianMs: round3(percentile(values, 0.5)),
    p99Ms: round3(percentile(values, 0.99)),
  });
  return { product: summary(product), bare: summary(bare), sink };
}

/** One case and rotation, as printed and kept in bench/results/matching.json. */
interface Row {
  seats: number;
  rotation: string;
  pairs: number;
  neverMetShare: number;
  /** Rounds where the rotation paired everyone it could with someone new / rounds where one could. */
  allNeverMetWhenPossible: string;
  neverMetRotationsGivenUpForSatOut: number;
  /** null: not within 10 × half rounds. */
  roundsUntilStayersMetOtherRing: number | null;
  half: number;
  sharedPerPair: number;
  optimumSharedPerPair: number;
  sharedOverOptimum: number;
  interestsOnlySharedPerPair: number;
  freeSeatingSharedPerPair: number;
  longestSitOut: number;
  twiceInARowWhileLevel: number;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;
const round2 = (value: number) => Math.round(value * 100) / 100;
const ratio = (part: { shared: number; pairs: number }) => (part.pairs ? part.shared / part.pairs : 0);
const percent = (value: number) => `${Math.round(value * 1000) / 10} %`;
const loadAverage = () => loadavg()[0]?.toFixed(2) ?? '?';

function commit() {
  try {
    const hash = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
    // The code measured: the server's and the bench's, not the results this run appends to.
    const dirty = execSync(
      "git status --porcelain -- ':(top)apps/server/src' ':(top)bench' ':(top,exclude)bench/results'",
      { encoding: 'utf8' },
    ).trim();
    return dirty ? `${hash} + uncommitted changes` : hash;
  } catch {
    return null;
  }
}

function main() {
  const loadAtStart = loadAverage();
  process.stdout.write(`Matching benchmark: seed ${SEED}, ${ROUNDS} rounds, load ${loadAtStart}\n\n`);
  const rows: Row[] = [];
  let timingInputs: MatchingInput[] = [];
  const table = [
    '| seats | rotation | never-met pairs | all new when possible (given up for sat-out people) | rounds until stayers met the other ring (best: half) | shared interests / pair | best rotation, same promises | best rotation, interests alone | free seating (Hungarian) | longest sit-out | twice in a row, rings ≤ 1 apart |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const seats of SEAT_COUNTS) {
    const population = simulatePopulation(seats, seededRandom(SEED + seats));
    const stayers = stayersPopulation(seats, seededRandom(SEED + seats + 1));
    for (const [name, rotation] of [
      ['product', productRotation],
      ['random', randomRotation],
    ] as const) {
      const totals = runRounds(population, rotation, seededRandom(SEED + seats + 2));
      const allMet = roundsUntilAllMet(seats, rotation, seededRandom(SEED + seats + 3), stayers);
      if (name === 'product' && seats === TIMING_SEATS) timingInputs = totals.inputs;
      const row: Row = {
        seats,
        rotation: name,
        pairs: totals.pairs,
        neverMetShare: round3(totals.neverMet / totals.pairs),
        allNeverMetWhenPossible: `${totals.roundsAllNeverMetThen}/${totals.roundsWithNeverMetRotation}`,
        neverMetRotationsGivenUpForSatOut: totals.neverMetRotationsGivenUpForSatOut,
        roundsUntilStayersMetOtherRing: allMet,
        half: seats / 2,
        sharedPerPair: round3(ratio(totals)),
        optimumSharedPerPair: round3(ratio(totals.optimum)),
        sharedOverOptimum: round3(totals.shared / totals.optimum.shared),
        interestsOnlySharedPerPair: round3(ratio(totals.interestsOnly)),
        freeSeatingSharedPerPair: round3(ratio(totals.freeSeating)),
        longestSitOut: totals.longestSitOut,
        twiceInARowWhileLevel: totals.twiceInARowWhileLevel,
      };
      rows.push(row);
      // Shares from the unrounded figures, so equal figures read 100 %.
      const versus = (other: { shared: number; pairs: number }) =>
        `${round2(ratio(other))} (${percent(ratio(totals) / ratio(other))})`;
      table.push(
        `| ${seats} | ${name} | ${percent(row.neverMetShare)} | ${row.allNeverMetWhenPossible} (${row.neverMetRotationsGivenUpForSatOut}) | ${allMet ?? `n/a (> ${10 * row.half})`} | ${round2(row.sharedPerPair)} | ${versus(totals.optimum)} | ${versus(totals.interestsOnly)} | ${versus(totals.freeSeating)} | ${row.longestSitOut} | ${row.twiceInARowWhileLevel} |`,
      );
    }
  }
  process.stdout.write(`${table.join('\n')}\n\n`);
  process.stdout.write(
    'In brackets: shared interests per pair as a share of that column (100 % = as good).\n\n',
  );

  const timing = timeChoice(timingInputs);
  const loadAtEnd = loadAverage();
  process.stdout.write(
    `Choice at ${TIMING_SEATS} seats over ${TIMING_CALLS} calls: median ${timing.product.medianMs} ms, p99 ${timing.product.p99Ms} ms; bare scan median ${timing.bare.medianMs} ms, p99 ${timing.bare.p99Ms} ms (${round2(timing.product.medianMs / timing.bare.medianMs)}× bare). Load ${loadAtStart} → ${loadAtEnd}.\n\n`,
  );

  const product = rows.filter((row) => row.rotation === 'product');
  const goals = [
    {
      goal: '100 % never-met pairs while a never-met rotation exists',
      figure: product.map((row) => `${row.seats}: ${row.allNeverMetWhenPossible}`).join(', '),
      met: product.every((row) => {
        const [done, possible] = String(row.allNeverMetWhenPossible).split('/');
        return done === possible;
      }),
    },
    {
      goal: 'shared interests ≥ 95 % of the geometric optimum',
      figure: product.map((row) => `${row.seats}: ${percent(Number(row.sharedOverOptimum))}`).join(', '),
      met: product.every((row) => Number(row.sharedOverOptimum) >= 0.95),
    },
    {
      goal: 'nobody sits out two rounds in a row while the rings differ by at most one',
      figure: product.map((row) => `${row.seats}: ${row.twiceInARowWhileLevel}`).join(', '),
      met: product.every((row) => row.twiceInARowWhileLevel === 0),
    },
    {
      goal: 'people who stay meet the whole other ring in half-the-seats rounds',
      figure: product.map((row) => `${row.seats}: ${row.roundsUntilStayersMetOtherRing ?? 'n/a'}`).join(', '),
      met: product.every((row) => row.roundsUntilStayersMetOtherRing === row.half),
    },
    {
      goal: `the choice under 5 ms at ${TIMING_SEATS} seats (median; the p99 follows the machine's load)`,
      figure: `median ${timing.product.medianMs} ms, p99 ${timing.product.p99Ms} ms (bare scan: ${timing.bare.medianMs} ms, p99 ${timing.bare.p99Ms} ms), load ${loadAtStart} → ${loadAtEnd}`,
      met: timing.product.medianMs < 5,
    },
  ];
  process.stdout.write(
    [
      '| goal | figure | met |',
      '|---|---|---|',
      ...goals.map((g) => `| ${g.goal} | ${g.figure} | ${g.met ? 'yes' : 'no'} |`),
    ].join('\n'),
  );
  process.stdout.write('\n');

  const now = new Date();
  const run = {
    date: now.toISOString().slice(0, 10),
    time: now.toISOString().slice(11, 16),
    commit: commit(),
    machine: `${cpus().length}-core ${cpus()[0]?.model ?? 'unknown CPU'}`,
    command: 'npm run bench:matching',
    seed: SEED,
    load: `${loadAtStart} → ${loadAtEnd}`,
    figures: {
      choiceMs100Seats: timing.product,
      goalsMet: Object.fromEntries(goals.map((g) => [g.goal, g.met])),
    },
    baseline: { bareScanMs100Seats: timing.bare, rotation: 'random (rows with rotation "random")' },
    ratio: { choiceOverBareScanMedian: round2(timing.product.medianMs / timing.bare.medianMs) },
    source: 'issue 38',
  };
  // Indented as Biome formats JSON, so the file passes the format check as written.
  const runText = JSON.stringify({ ...run, rows }, null, 2).replace(/^/gm, '  ');
  const previous = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8').trim() : '';
  const runs = previous.startsWith('[') && previous !== '[]' ? `${previous.replace(/\n?\]$/, '')},\n` : '[\n';
  writeFileSync(resultsFile, `${runs}${runText}\n]\n`);
  process.stdout.write(`\nAppended to ${path.relative(process.cwd(), resultsFile)}.\n`);
}

main();
