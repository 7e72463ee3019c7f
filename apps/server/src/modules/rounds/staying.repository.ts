import type { Kysely } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import type { Database } from '../../db/schema';

/** Asked on every answer (compiled once, compiled-once.ts): an answer ends a run of missed ones. */
const forgiveMissedAnswers = compiledOnce(['participantId'], (db, values: { participantId: string }) =>
  db
    .updateTable('participants')
    .set({ missed_answers: 0 })
    .where('id', '=', values.participantId)
    .where('missed_answers', '>', 0),
);

/**
 * Asked for each of the two people of every call that ends or never starts (compiled once): who
 * waits to sit again, and where.
 */
const waitingStayer = compiledOnce(['participantId'], (db, { participantId }: { participantId: string }) =>
  db
    .selectFrom('participants')
    .innerJoin('wheels', 'wheels.id', 'participants.wheel_id')
    .select((eb) => [
      'participants.wheel_id',
      'participants.home_position',
      'wheels.slot_count',
      'wheels.spin_started_at',
      eb
        .exists(
          eb
            .selectFrom('matches')
            .select('matches.id')
            .whereRef('matches.wheel_id', '=', 'participants.wheel_id')
            .where('matches.status', '=', 'Accepted')
            .where('matches.call_ended_at', 'is', null)
            .where('matches.closed_at', 'is', null)
            .where((match) =>
              match.or([
                match('matches.user1_id', '=', participantId),
                match('matches.user2_id', '=', participantId),
              ]),
            ),
        )
        .as('in_call'),
    ])
    .where('participants.id', '=', participantId)
    .where('participants.staying', '=', true)
    .where('participants.home_position', 'is not', null),
);

/** A person waiting to sit again after their call, with what deciding where (and whether now) needs. */
export interface WaitingStayer {
  wheel_id: string;
  home_position: number;
  slot_count: number;
  /** The wheel's round is between its spin and its reset: no seat can be taken. */
  spinning: boolean;
  /** They are in a call still (another of their matches). */
  in_call: boolean;
}

/** The SQL of staying seated (issue 38): seats kept for people across rounds and calls. */
export function createStayingRepository(db: Kysely<Database>) {
  return {
    /** The participant, if they stay and wait for their seat after a call. */
    async findWaitingStayer(participantId: string): Promise<WaitingStayer | undefined> {
      const [row] = await waitingStayer(db, { participantId });
      if (!row || row.home_position === null) return undefined;
      return {
        wheel_id: row.wheel_id,
        home_position: row.home_position,
        slot_count: row.slot_count,
        spinning: row.spin_started_at !== null,
        in_call: Boolean(row.in_call),
      };
    },

    /** The people of a wheel who stay and wait for their seat after a call. */
    async listWaitingOn(wheelId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('participants')
        .select('id')
        .where('wheel_id', '=', wheelId)
        .where('staying', '=', true)
        .where('home_position', 'is not', null)
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Takes the seat to return to off the waiting list before seating them, so of two ends of
     * the same call (a hang-up and a close) one seats them; false when another got there first.
     */
    async claimHome(participantId: string, home: number): Promise<boolean> {
      const result = await db
        .updateTable('participants')
        .set({ home_position: null })
        .where('id', '=', participantId)
        .where('staying', '=', true)
        .where('home_position', '=', home)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Puts a claimed seat back on the waiting list (the wheel spun meanwhile: the reset seats them). */
    async restoreHome(participantId: string, home: number): Promise<void> {
      await db
        .updateTable('participants')
        .set({ home_position: home })
        .where('id', '=', participantId)
        .where('staying', '=', true)
        .where('home_position', 'is', null)
        .execute();
    },

    listFreeSlots(wheelId: string): Promise<Array<{ id: string; position: number }>> {
      return db
        .selectFrom('slots')
        .select(['id', 'position'])
        .where('wheel_id', '=', wheelId)
        .where('participant_id', 'is', null)
        .execute();
    },

    /**
     * A match closed unanswered: each of its people who had not accepted it missed one more
     * answer in a row. Those people, with their count and whether they stay.
     */
    async countMissedAnswer(
      matchId: string,
    ): Promise<Array<{ id: string; missed_answers: number; staying: boolean }>> {
      const match = await db
        .selectFrom('matches')
        .select(['user1_id', 'user2_id', 'accepted_by_user1', 'accepted_by_user2'])
        .where('id', '=', matchId)
        .executeTakeFirst();
      if (!match) return [];
      const missed = [
        ...(match.accepted_by_user1 ? [] : [match.user1_id]),
        ...(match.accepted_by_user2 ? [] : [match.user2_id]),
      ];
      if (missed.length === 0) return [];
      return db
        .updateTable('participants')
        .set((eb) => ({ missed_answers: eb('missed_answers', '+', 1) }))
        .where('id', 'in', missed)
        .returning(['id', 'missed_answers', 'staying'])
        .execute();
    },

    forgiveMissedAnswers: (participantId: string) => forgiveMissedAnswers(db, { participantId }),

    /** Stops keeping the participant's seat; false when it was not kept (anymore). */
    async stopStaying(participantId: string): Promise<boolean> {
      const result = await db
        .updateTable('participants')
        .set({ staying: false, home_position: null })
        .where('id', '=', participantId)
        .where('staying', '=', true)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type StayingRepository = ReturnType<typeof createStayingRepository>;
