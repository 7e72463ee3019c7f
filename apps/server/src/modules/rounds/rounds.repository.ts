import { type Insertable, type Kysely, sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import type { WheelRow } from '../../db/rows';
import type { Database, MatchesTable, WheelRoundsTable } from '../../db/schema';
import { type DeliveryRow, recordWebhookDeliveries } from '../webhooks/webhook-deliveries.repository';
import { wheelById } from '../wheels/wheels.repository';

/**
 * The round state machine's SQL. Every transition is a conditional update that names the
 * state it expects, so when several server processes race for the same transition exactly
 * one of them changes a row; the others see zero rows updated and do nothing.
 */
export function createRoundsRepository(db: Kysely<Database>) {
  return {
    ...roundQueries(db),
    /** Runs `work` in one transaction with the queries bound to it. */
    transaction<T>(work: (queries: RoundQueries) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(roundQueries(trx)));
    },
  };
}

/** Asked on every take (compiled once, compiled-once.ts): see `listSeatsIfWaiting`. */
const seatsIfWaiting = compiledOnce(['wheelId'], (db, { wheelId }: { wheelId: string }) =>
  db
    .selectFrom('wheels')
    .innerJoin('slots', 'slots.wheel_id', 'wheels.id')
    .select(['slots.position', 'wheels.slot_count', 'wheels.round_seconds', 'wheels.starts_at'])
    .where('wheels.id', '=', wheelId)
    .where('wheels.next_spin_at', 'is', null)
    .where('wheels.spin_started_at', 'is', null)
    .where('wheels.event_ended_at', 'is', null)
    .where('wheels.rounds_paused', '=', false)
    .where('wheels.status', '=', 'Active')
    .where('slots.participant_id', 'is not', null),
);

/** The take that puts someone on both rings starts the countdown: see `scheduleIfIdle`. */
const countdownIfIdle = compiledOnce(
  ['wheelId', 'nextSpinAt'],
  (db, { wheelId, nextSpinAt }: { wheelId: string; nextSpinAt: string }) =>
    db
      .updateTable('wheels')
      .set({ next_spin_at: nextSpinAt })
      .where('id', '=', wheelId)
      .where('next_spin_at', 'is', null)
      .where('spin_started_at', 'is', null)
      .where('event_ended_at', 'is', null)
      .where('rounds_paused', '=', false)
      .where('status', '=', 'Active')
      .returning(['current_round', 'last_spin_date', 'next_spin_at']),
);

type DueCutoffs = { spinDueBy: string; revealDueBy: string; resetDueBy: string };
/** Asked by every process's ticker five times a second (compiled once): see `listDue`. */
const dueWheels = compiledOnce(['spinDueBy', 'revealDueBy', 'resetDueBy'], (db, cutoffs: DueCutoffs) =>
  db
    .selectFrom('wheels')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([
          eb('spin_started_at', 'is', null),
          eb('next_spin_at', 'is not', null),
          eb('next_spin_at', '<=', cutoffs.spinDueBy),
        ]),
        eb.and([
          eb('spin_started_at', 'is not', null),
          eb('matches_revealed_at', 'is', null),
          eb('spin_started_at', '<=', cutoffs.revealDueBy),
        ]),
        eb.and([
          eb('matches_revealed_at', 'is not', null),
          eb('matches_revealed_at', '<=', cutoffs.resetDueBy),
        ]),
      ]),
    ),
);
/** See `isStaying`; asked for every JoinWheel's snapshot too. */
const stayingParticipant = compiledOnce(
  ['participantId'],
  (db, { participantId }: { participantId: string }) =>
    db
      .selectFrom('participants')
      .select('participants.id')
      .where('participants.id', '=', participantId)
      .where('participants.staying', '=', true)
      .where((eb) =>
        eb.or([
          eb('participants.home_position', 'is not', null),
          eb.exists(
            eb
              .selectFrom('slots')
              .select('slots.id')
              // By wheel too, so the (wheel, participant) index finds it: slots holds every wheel's.
              .whereRef('slots.wheel_id', '=', 'participants.wheel_id')
              .whereRef('slots.participant_id', '=', 'participants.id'),
          ),
        ]),
      ),
);

/** A seat the reset kept for its staying person (issue 38). */
export interface KeptSeat {
  id: string;
  participant_id: string;
  occupied_at: string;
}

/** Where a wheel's round is; see round-timing.ts. */
export const ROUND_PHASES = ['idle', 'countdown', 'spinning', 'revealed', 'paused'] as const;
export type RoundPhase = (typeof ROUND_PHASES)[number];

/** What the `round.completed` webhook tells of a round whose matches were revealed. */
export interface RoundCompleted {
  wheelId: string;
  round: number;
  matches: number;
  unmatchedParticipants: number;
  completedAt: string;
}

function roundQueries(db: Kysely<Database>) {
  return {
    /**
     * How many wheels are in each round phase (a phase with none is missing), in one aggregate
     * query over the wheels table. Active wheels, and any other still finishing a spin:
     * revealed, spinning, paused, counting down to a spin, or idle (waiting for people).
     */
    async countWheelsByPhase(): Promise<Partial<Record<RoundPhase, number>>> {
      const rows = await db
        .selectFrom('wheels')
        .select((eb) => [
          eb
            .case()
            .when('matches_revealed_at', 'is not', null)
            .then(sql.lit<RoundPhase>('revealed'))
            .when('spin_started_at', 'is not', null)
            .then(sql.lit<RoundPhase>('spinning'))
            .when('rounds_paused', '=', true)
            .then(sql.lit<RoundPhase>('paused'))
            .when('next_spin_at', 'is not', null)
            .then(sql.lit<RoundPhase>('countdown'))
            .else(sql.lit<RoundPhase>('idle'))
            .end()
            .as('phase'),
          eb.fn.countAll<number>().as('wheels'),
        ])
        .where((eb) => eb.or([eb('status', '=', 'Active'), eb('spin_started_at', 'is not', null)]))
        .groupBy('phase')
        .execute();
      return Object.fromEntries(rows.map((row) => [row.phase, Number(row.wheels)]));
    },

    /** Wheels with a spin, a reveal or a reset due. */
    listDue(cutoffs: DueCutoffs): Promise<WheelRow[]> {
      return dueWheels(db, cutoffs);
    },

    /**
     * Whether this participant's seat is kept for the next round (issue 38): they stay and
     * either hold a seat or wait to be given theirs back after a call.
     */
    async isStaying(participantId: string): Promise<boolean> {
      const [row] = await stayingParticipant(db, { participantId });
      return row !== undefined;
    },

    async findWheel(id: string): Promise<WheelRow | undefined> {
      const [row] = await wheelById(db, { id });
      return row;
    },

    listOccupiedSlots(wheelId: string): Promise<Array<{ position: number; participant_id: string }>> {
      return db
        .selectFrom('slots')
        .select(['position', 'participant_id'])
        .where('wheel_id', '=', wheelId)
        .where('participant_id', 'is not', null)
        .$narrowType<{ participant_id: string }>()
        .execute();
    },

    /**
     * The taken seats of a wheel that waits for people (active, not paused, no countdown, not
     * spinning, its event not over), with its slot count, round length and start; nothing for
     * any other wheel. Asked on
     * every take, so for a wheel counting down it costs one index lookup and reads no slot.
     */
    listSeatsIfWaiting(
      wheelId: string,
    ): Promise<
      Array<{ position: number; slot_count: number; round_seconds: number | null; starts_at: string | null }>
    > {
      return seatsIfWaiting(db, { wheelId });
    },

    /**
     * The pairs among these people (seated on the wheel) who met before on any wheel of the
     * same organiser (the wheel's business user; the wheels nobody owns are the platform's, one
     * organiser), never on another organiser's. A person is the same on two wheels when their
     * browser session or their email is. Four queries whatever the number of people: who they
     * are, every registration of theirs on the organiser's wheels (through the session and email
     * indexes), and those registrations' matches (through the (wheel, user1, user2) index).
     */
    async listMetPairsAmong(
      wheelId: string,
      participantIds: readonly string[],
    ): Promise<Array<[string, string]>> {
      if (participantIds.length === 0) return [];
      const [seated, wheel] = await Promise.all([
        db
          .selectFrom('participants')
          .select(['id', 'session_id', 'email'])
          .where('id', 'in', participantIds)
          .execute(),
        db.selectFrom('wheels').select('business_user_id').where('id', '=', wheelId).executeTakeFirst(),
      ]);
      if (!wheel) return [];
      const sessions = [...new Set(seated.map((person) => person.session_id))];
      const emails = [...new Set(seated.flatMap((person) => (person.email ? [person.email] : [])))];
      const owner = wheel.business_user_id;
      const registrations = await db
        .selectFrom('participants')
        .innerJoin('wheels', 'wheels.id', 'participants.wheel_id')
        .select(['participants.id', 'participants.wheel_id', 'participants.session_id', 'participants.email'])
        .where((eb) =>
          eb.or([
            eb('participants.session_id', 'in', sessions),
            ...(emails.length > 0 ? [eb('participants.email', 'in', emails)] : []),
          ]),
        )
        .where('wheels.business_user_id', owner === null ? 'is' : '=', owner)
        .execute();
      // Each registration stands for the seated people it is (one, or more who share a session or email).
      const seatedAs = new Map<string, string[]>();
      for (const registration of registrations) {
        const same = seated
          .filter(
            (person) =>
              person.session_id === registration.session_id ||
              (person.email !== null && person.email === registration.email),
          )
          .map((person) => person.id);
        seatedAs.set(registration.id, same);
      }
      const registrationIds = [...seatedAs.keys()];
      if (registrationIds.length === 0) return [];
      const matches = await db
        .selectFrom('matches')
        .select(['user1_id', 'user2_id'])
        .where('wheel_id', 'in', [...new Set(registrations.map((registration) => registration.wheel_id))])
        .where('user1_id', 'in', registrationIds)
        .where('user2_id', 'in', registrationIds)
        .execute();
      const pairs = new Map<string, [string, string]>();
      for (const match of matches) {
        for (const one of seatedAs.get(match.user1_id) ?? []) {
          for (const other of seatedAs.get(match.user2_id) ?? []) {
            if (one !== other) pairs.set(one < other ? `${one}|${other}` : `${other}|${one}`, [one, other]);
          }
        }
      }
      return [...pairs.values()];
    },

    /** The interests answer of each of these people, for matching people who share some. */
    listInterestsOf(
      participantIds: readonly string[],
    ): Promise<Array<{ id: string; interests: string | null }>> {
      if (participantIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('participants')
        .select(['id', 'interests'])
        .where('id', 'in', participantIds)
        .execute();
    },

    /** Who this person is on the wheel, for choosing them a seat: their answers; nothing if not registered there. */
    findParticipantOn(wheelId: string, participantId: string) {
      return db
        .selectFrom('participants')
        .select(['id', 'registration_data'])
        .where('id', '=', participantId)
        .where('wheel_id', '=', wheelId)
        .executeTakeFirst();
    },

    /** Every slot of the wheel with who sits there. */
    listSlots(
      wheelId: string,
    ): Promise<Array<{ id: string; position: number; participant_id: string | null }>> {
      return db
        .selectFrom('slots')
        .select(['id', 'position', 'participant_id'])
        .where('wheel_id', '=', wheelId)
        .execute();
    },

    /** What the round's matching did, kept for the wheel's report. */
    async recordRound(round: WheelRoundsTable): Promise<void> {
      await db.insertInto('wheel_rounds').values(round).execute();
    },

    /** The pairs among these people where one blocked the other on this wheel (decision 016): never matched. */
    async listBlockedPairsAmong(
      wheelId: string,
      participantIds: readonly string[],
    ): Promise<Array<[string, string]>> {
      if (participantIds.length === 0) return [];
      const rows = await db
        .selectFrom('blocks')
        .select(['blocker_id', 'blocked_id'])
        .where('wheel_id', '=', wheelId)
        .where('blocker_id', 'in', participantIds)
        .where('blocked_id', 'in', participantIds)
        .execute();
      return rows.map((row) => [row.blocker_id, row.blocked_id]);
    },

    /** Starts a countdown on a wheel that has none and is not spinning; the round as it now stands, if it started. */
    async scheduleIfIdle(wheelId: string, nextSpinAt: string) {
      return (await countdownIfIdle(db, { wheelId, nextSpinAt }))[0];
    },

    /**
     * A new round length, stored together with the countdown moved to it, if the wheel still
     * has the length, countdown and spin that were read: of two changes at once, each lands
     * whole or not at all, never one's length with the other's countdown.
     */
    async changeRoundLength(
      expected: Pick<WheelRow, 'id' | 'round_seconds' | 'next_spin_at' | 'spin_started_at'>,
      next: Pick<WheelRow, 'round_seconds' | 'next_spin_at'>,
    ): Promise<boolean> {
      const result = await db
        .updateTable('wheels')
        .set({ round_seconds: next.round_seconds, next_spin_at: next.next_spin_at })
        .where('id', '=', expected.id)
        .where((eb) =>
          eb.and([
            eb('round_seconds', expected.round_seconds === null ? 'is' : '=', expected.round_seconds),
            eb('next_spin_at', expected.next_spin_at === null ? 'is' : '=', expected.next_spin_at),
            eb('spin_started_at', expected.spin_started_at === null ? 'is' : '=', expected.spin_started_at),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async moveCountdown(wheelId: string, expectedNextSpinAt: string, nextSpinAt: string): Promise<boolean> {
      const result = await db
        .updateTable('wheels')
        .set({ next_spin_at: nextSpinAt })
        .where('id', '=', wheelId)
        .where('next_spin_at', '=', expectedNextSpinAt)
        .where('spin_started_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The countdown ended with nobody to pair: wait (no next spin time) until someone comes. */
    async clearSchedule(wheelId: string, expectedNextSpinAt: string): Promise<boolean> {
      const result = await db
        .updateTable('wheels')
        .set({ next_spin_at: null })
        .where('id', '=', wheelId)
        .where('next_spin_at', '=', expectedNextSpinAt)
        .where('spin_started_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Pausing also stops the countdown; a spin under way finishes. */
    async setPaused(wheelId: string, paused: boolean): Promise<void> {
      await db
        .updateTable('wheels')
        .set(paused ? { rounds_paused: true, next_spin_at: null } : { rounds_paused: false })
        .where('id', '=', wheelId)
        .execute();
    },

    /** Brings the next spin forward to now, unless a spin is under way. */
    async spinAt(wheelId: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('wheels')
        .set({ next_spin_at: at, rounds_paused: false })
        .where('id', '=', wheelId)
        .where('spin_started_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Claims the spin of the wheel's next round; the new round number, or undefined if another process won. */
    async claimSpin(wheelId: string, expected: { round: number; nextSpinAt: string }, startedAt: string) {
      const result = await db
        .updateTable('wheels')
        .set((eb) => ({
          current_round: eb('current_round', '+', 1),
          spin_started_at: startedAt,
          last_spin_date: startedAt,
          next_spin_at: null,
        }))
        .where('id', '=', wheelId)
        .where('current_round', '=', expected.round)
        .where('next_spin_at', '=', expected.nextSpinAt)
        .where('spin_started_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1 ? expected.round + 1 : undefined;
    },

    async recordSpin(
      wheelId: string,
      spin: { innerOffset: number; outerOffset: number; priorityParticipantIds: string },
      matches: Insertable<MatchesTable>[],
    ): Promise<void> {
      await db
        .updateTable('wheels')
        .set({
          spin_inner_offset: spin.innerOffset,
          spin_outer_offset: spin.outerOffset,
          priority_participant_ids: spin.priorityParticipantIds,
        })
        .where('id', '=', wheelId)
        .execute();
      if (matches.length > 0) await db.insertInto('matches').values(matches).execute();
    },

    /** How many matches the wheel's round made. */
    async countMatches(wheelId: string, round: number): Promise<number> {
      const row = await db
        .selectFrom('matches')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('wheel_id', '=', wheelId)
        .where('round', '=', round)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    /** Records the round's `round.completed` webhook deliveries, if the wheel's owner has such webhooks. */
    recordRoundCompleted(round: RoundCompleted, at: string): Promise<DeliveryRow[]> {
      return recordWebhookDeliveries(db, {
        wheelId: round.wheelId,
        type: 'round.completed',
        data: { ...round },
        occurrence: `${round.wheelId}/${round.round}/${round.completedAt}`,
        at,
      });
    },

    async markRevealed(wheelId: string, round: number, revealedAt: string): Promise<boolean> {
      const result = await db
        .updateTable('wheels')
        .set({ matches_revealed_at: revealedAt })
        .where('id', '=', wheelId)
        .where('current_round', '=', round)
        .where('spin_started_at', 'is not', null)
        .where('matches_revealed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Ends the round and starts the next countdown. The seats of people staying (issue 38) are
     * kept, from `at`; a staying person in a call gives up their seat for the call and is to
     * sit there again after it (their `home_position`). Every other seat is cleared. The seats
     * kept, or undefined when another process ended the round.
     */
    async resetRound(
      wheelId: string,
      round: number,
      nextSpinAt: string,
      at: string,
    ): Promise<KeptSeat[] | undefined> {
      const result = await db
        .updateTable('wheels')
        .set({
          spin_started_at: null,
          matches_revealed_at: null,
          spin_inner_offset: null,
          spin_outer_offset: null,
          next_spin_at: nextSpinAt,
        })
        .where('id', '=', wheelId)
        .where('current_round', '=', round)
        .where('matches_revealed_at', 'is not', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return undefined;
      await db
        .updateTable('participants')
        .set((eb) => ({
          home_position: eb
            .selectFrom('slots')
            .select('slots.position')
            .where('slots.wheel_id', '=', wheelId)
            .whereRef('slots.participant_id', '=', 'participants.id'),
        }))
        .where('participants.wheel_id', '=', wheelId)
        .where('participants.staying', '=', true)
        .where((eb) =>
          eb.and([
            eb.exists(
              eb
                .selectFrom('slots')
                .select('slots.id')
                .where('slots.wheel_id', '=', wheelId)
                .whereRef('slots.participant_id', '=', 'participants.id'),
            ),
            eb.exists(
              eb
                .selectFrom('matches')
                .select('matches.id')
                .where('matches.wheel_id', '=', wheelId)
                .where('matches.status', '=', 'Accepted')
                .where('matches.call_ended_at', 'is', null)
                .where('matches.closed_at', 'is', null)
                .where((match) =>
                  match.or([
                    match('matches.user1_id', '=', match.ref('participants.id')),
                    match('matches.user2_id', '=', match.ref('participants.id')),
                  ]),
                ),
            ),
          ]),
        )
        .execute();
      // Seated, staying and not waiting for a call to end: the seat stays theirs.
      const keepers = db
        .selectFrom('participants')
        .select('participants.id')
        .where('participants.wheel_id', '=', wheelId)
        .where('participants.staying', '=', true)
        .where('participants.home_position', 'is', null);
      await db
        .updateTable('slots')
        .set({ participant_id: null, occupied_at: null })
        .where('wheel_id', '=', wheelId)
        .where('participant_id', 'is not', null)
        .where('participant_id', 'not in', keepers)
        .execute();
      return db
        .updateTable('slots')
        .set({ occupied_at: at })
        .where('wheel_id', '=', wheelId)
        .where('participant_id', 'is not', null)
        .returning(['id', 'participant_id', 'occupied_at'])
        .$narrowType<KeptSeat>()
        .execute();
    },

    /**
     * Ends the wheel's last round (issue 35): the reset's claim, with no countdown after it, the
     * event marked over (if the organiser did not end it already) and every seat given up.
     * False when another process ended the round.
     */
    async resetLastRound(wheelId: string, round: number, at: string): Promise<boolean> {
      const result = await db
        .updateTable('wheels')
        .set((eb) => ({
          spin_started_at: null,
          matches_revealed_at: null,
          spin_inner_offset: null,
          spin_outer_offset: null,
          next_spin_at: null,
          event_ended_at: eb.fn.coalesce('event_ended_at', eb.val(at)),
        }))
        .where('id', '=', wheelId)
        .where('current_round', '=', round)
        .where('matches_revealed_at', 'is not', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await vacateEveryone(db, wheelId);
      return true;
    },

    /**
     * The organiser ends the event now (issue 35): no countdown, no spin after it. Everyone's
     * seat is given up at once, unless a spin is under way: its round finishes, and its reset
     * gives them up. Undefined when the event was over already.
     */
    async endEventNow(wheelId: string, at: string): Promise<{ seatsCleared: boolean } | undefined> {
      const ended = await db
        .updateTable('wheels')
        .set({ event_ended_at: at, next_spin_at: null })
        .where('id', '=', wheelId)
        .where('event_ended_at', 'is', null)
        .returning('spin_started_at')
        .executeTakeFirst();
      if (!ended) return undefined;
      if (ended.spin_started_at) return { seatsCleared: false };
      await vacateEveryone(db, wheelId);
      return { seatsCleared: true };
    },

    /**
     * Starts the event now, if its start is still to come: the start moves to now and a
     * countdown waiting for the start spins at once. False when it had started (or ended) already.
     */
    async startNow(wheelId: string, at: string): Promise<boolean> {
      const started = await db
        .updateTable('wheels')
        .set({ starts_at: at })
        .where('id', '=', wheelId)
        .where('event_ended_at', 'is', null)
        .where('spin_started_at', 'is', null)
        .where('starts_at', '>', at)
        .executeTakeFirst();
      if (Number(started.numUpdatedRows) !== 1) return false;
      await db
        .updateTable('wheels')
        .set({ next_spin_at: at })
        .where('id', '=', wheelId)
        .where('next_spin_at', 'is not', null)
        .where('spin_started_at', 'is', null)
        .execute();
      return true;
    },
  };
}

/** Everyone on the wheel gives up their seat, kept or waited for: the event is over. */
async function vacateEveryone(db: Kysely<Database>, wheelId: string) {
  await db
    .updateTable('participants')
    .set({ staying: false, home_position: null })
    .where('wheel_id', '=', wheelId)
    .execute();
  await db
    .updateTable('slots')
    .set({ participant_id: null, occupied_at: null })
    .where('wheel_id', '=', wheelId)
    .where('participant_id', 'is not', null)
    .execute();
}

type RoundQueries = ReturnType<typeof roundQueries>;
export type RoundsRepository = ReturnType<typeof createRoundsRepository>;
