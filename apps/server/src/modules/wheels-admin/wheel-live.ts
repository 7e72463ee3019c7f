import { eventPhaseOf, type WheelLive } from '@wheelmeet/contracts';
import { z } from 'zod';
import { fromJsonColumn } from '../../db/json';
import { type ParticipantRow, toParticipant, type WheelRow } from '../../db/rows';
import { announcementOf } from '../wheels/wheels.service';

const participantIdsSchema = z.array(z.string());

/** The ids a `wheel_rounds.sat_out_ids` column holds; a missing or damaged one holds none. */
export const satOutIdsOf = (column: string | undefined): string[] =>
  fromJsonColumn(column ?? null, participantIdsSchema, []);

/**
 * The live console's figures for one wheel at `now`. Those who sat out are listed in the order
 * the round recorded them; one who has since left the wheel (deleted) is left out.
 */
export function buildWheelLive(input: {
  wheel: WheelRow;
  counts: { seated: number; inCalls: number; awaitingAnswer: number };
  satOutIds: readonly string[];
  satOutPeople: readonly ParticipantRow[];
  now: Date;
}): WheelLive {
  const { wheel, counts, now } = input;
  const peopleById = new Map(input.satOutPeople.map((person) => [person.id, person]));
  return {
    wheelId: wheel.id,
    phase: eventPhaseOf({ startsAt: wheel.starts_at, eventEndedAt: wheel.event_ended_at }, now),
    startsAt: wheel.starts_at,
    eventEndedAt: wheel.event_ended_at,
    currentRound: wheel.current_round,
    roundCount: wheel.round_count,
    nextSpinAt: wheel.next_spin_at,
    roundsPaused: wheel.rounds_paused,
    spinning: wheel.spin_started_at !== null,
    seated: counts.seated,
    inCalls: counts.inCalls,
    awaitingAnswer: counts.awaitingAnswer,
    satOutLastRound: input.satOutIds.flatMap((id) => {
      const person = peopleById.get(id);
      return person ? [toParticipant(person)] : [];
    }),
    announcement: announcementOf(wheel),
    serverTime: now.toISOString(),
  };
}
