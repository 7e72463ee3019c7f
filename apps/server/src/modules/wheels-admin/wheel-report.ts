import type { WheelReport } from '@wheelmeet/contracts';
import type { WheelRoundsTable } from '../../db/schema';
import { satOutIdsOf } from './wheel-live';

/** The middle value (the mean of the two middle ones for an even count); 0 for none. */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return 0;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * A wheel's report (issue 38), a pure function of its recorded rounds and its matches: each
 * round's figures as they were at its spin, and how many different people each person who sat
 * in a round (matched, or left without a partner) met on this wheel.
 */
export function buildWheelReport(
  wheel: { id: string; name: string },
  rounds: readonly WheelRoundsTable[],
  matches: ReadonlyArray<{ user1_id: string; user2_id: string }>,
): WheelReport {
  const partners = new Map<string, Set<string>>();
  const sat = (person: string) => {
    const met = partners.get(person) ?? new Set<string>();
    partners.set(person, met);
    return met;
  };
  for (const match of matches) {
    sat(match.user1_id).add(match.user2_id);
    sat(match.user2_id).add(match.user1_id);
  }
  const reported = rounds.map((round) => {
    const satOut = satOutIdsOf(round.sat_out_ids);
    for (const person of satOut) sat(person);
    return {
      round: round.round,
      spunAt: round.spun_at,
      seated: round.seated,
      pairs: round.pairs,
      neverMetShare: round.pairs === 0 ? 1 : round.never_met_pairs / round.pairs,
      meanSharedInterests: round.pairs === 0 ? 0 : round.shared_interests / round.pairs,
      satOut: satOut.length,
    };
  });
  const counts = [...partners.values()].map((met) => met.size);
  return {
    wheelId: wheel.id,
    name: wheel.name,
    rounds: reported,
    differentPeopleMet: {
      participants: counts.length,
      median: median(counts),
      min: counts.length === 0 ? 0 : Math.min(...counts),
    },
  };
}
