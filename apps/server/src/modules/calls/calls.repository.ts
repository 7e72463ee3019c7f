import type { Kysely } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import type { Database } from '../../db/schema';

/** Run at every accepted match (decision 036), so built once (db/compiled-once.ts). */
const takePreparedOffer = compiledOnce(['matchId'], (db, { matchId }: { matchId: string }) =>
  db.deleteFrom('prepared_offers').where('match_id', '=', matchId).returning('sdp'),
);

/** Asked by every process's ticker five times a second, so built once too. */
const callsTimeUp = compiledOnce(['now'], (db, { now }: { now: string }) =>
  db
    .selectFrom('matches')
    .select(['id', 'user1_id', 'user2_id'])
    .where('call_ended_at', 'is', null)
    .where('call_started_at', 'is not', null)
    .where('call_ends_at', '<=', now)
    .limit(500),
);

/** Run at every reveal; the table holds only offers still waiting, so this reads next to nothing. */
const dropOffersOfClosedMatches = compiledOnce([], (db) =>
  db
    .deleteFrom('prepared_offers')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('matches')
          .select('matches.id')
          .whereRef('matches.id', '=', 'prepared_offers.match_id')
          .where('matches.closed_at', 'is not', null),
      ),
    ),
);

/** The call columns of a match: who may call whom, when calls start and end (for reports), and the call's clock. */
export function createCallsRepository(db: Kysely<Database>) {
  const findCall = (matchId: string) =>
    db
      .selectFrom('matches')
      .innerJoin('wheels', 'wheels.id', 'matches.wheel_id')
      .select([
        'matches.user1_id',
        'matches.user2_id',
        'matches.status',
        'matches.call_started_at',
        'matches.call_ended_at',
        'matches.call_ends_at',
        'matches.call_extended',
        'matches.call_extension_requested_by',
        'matches.closed_at',
        'wheels.call_minutes',
      ])
      .where('matches.id', '=', matchId)
      .executeTakeFirst();

  return {
    findCall,

    /**
     * Keeps `callerId`'s offer for `matchId` while the match is pending and theirs to offer
     * (user1, not closed); the last one sent wins. False when it is not (it may be accepted).
     */
    async keepPreparedOffer(matchId: string, callerId: string, sdp: string): Promise<boolean> {
      const result = await db
        .insertInto('prepared_offers')
        .columns(['match_id', 'sdp'])
        .expression((eb) =>
          eb
            .selectFrom('matches')
            .select(['id', eb.val(sdp).as('sdp')])
            .where('id', '=', matchId)
            .where('user1_id', '=', callerId)
            .where('status', '=', 'Pending')
            .where('closed_at', 'is', null),
        )
        .onConflict((oc) => oc.column('match_id').doUpdateSet((eb) => ({ sdp: eb.ref('excluded.sdp') })))
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** Takes the offer kept for `matchId`, once: whoever takes it hands it on. */
    async takePreparedOffer(matchId: string): Promise<string | null> {
      const [row] = await takePreparedOffer(db, { matchId });
      return row?.sdp ?? null;
    },

    /** Drops the offers kept for matches the server closed (unanswered in time): nobody will take them. */
    async dropOffersOfClosedMatches(): Promise<void> {
      await dropOffersOfClosedMatches(db, {});
    },

    /**
     * A call (re)starts: the first start and its end are kept. False when its time is up or it
     * ended already: a hang-up is final (issue 33), so nothing reopens an ended call.
     */
    async markStarted(matchId: string, at: string, endsAt: string): Promise<boolean> {
      const result = await db
        .updateTable('matches')
        .set((eb) => ({
          call_started_at: eb.fn.coalesce('call_started_at', eb.val(at)),
          call_ends_at: eb.fn.coalesce('call_ends_at', eb.val(endsAt)),
        }))
        .where('id', '=', matchId)
        .where('call_ended_at', 'is', null)
        .where((eb) => eb.or([eb('call_ends_at', 'is', null), eb('call_ends_at', '>', at)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Records the first ask to extend a running call; false when someone asked already or it is over. */
    async recordExtensionAsk(matchId: string, askedBy: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('matches')
        .set({ call_extension_requested_by: askedBy })
        .where('id', '=', matchId)
        .where('call_extension_requested_by', 'is', null)
        .where('call_extended', '=', false)
        .where('call_ended_at', 'is', null)
        .where('call_ends_at', '>', at)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Extends the running call that `askedFirst` asked to extend, whose end is still the one the
     * new end was worked out from; false when either is no longer so (a length change moved it).
     */
    async extend(
      matchId: string,
      expected: { askedFirst: string; endsAt: string },
      endsAt: string,
      at: string,
    ): Promise<boolean> {
      const result = await db
        .updateTable('matches')
        .set({ call_ends_at: endsAt, call_extended: true, call_extension_requested_by: null })
        .where('id', '=', matchId)
        .where('call_extension_requested_by', '=', expected.askedFirst)
        .where('call_ends_at', '=', expected.endsAt)
        .where('call_extended', '=', false)
        .where('call_ended_at', 'is', null)
        .where('call_ends_at', '>', at)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Running calls whose time is up at `now`. */
    listTimeUp(now: string) {
      return callsTimeUp(db, { now });
    },

    /** The wheel's calls whose clock still runs at `now`; a call hung up is over, whatever its clock says. */
    listRunningOn(wheelId: string, now: string) {
      return db
        .selectFrom('matches')
        .select(['id', 'user1_id', 'user2_id', 'call_started_at', 'call_ends_at', 'call_extended'])
        .where('wheel_id', '=', wheelId)
        .where('status', '=', 'Accepted')
        .where('call_started_at', 'is not', null)
        .where('call_ended_at', 'is', null)
        .where('call_ends_at', '>', now)
        .$narrowType<{ call_started_at: string; call_ends_at: string }>()
        .execute();
    },

    /**
     * Moves a running call's end; false when its end is no longer the one read (extended, over),
     * or its wheel's call length is no longer the one the new end was worked out from (another
     * change landed since; that change moves the call).
     */
    async moveEnd(
      matchId: string,
      expected: { endsAt: string; wheelCallMinutes: number | null },
      endsAt: string,
    ): Promise<boolean> {
      const result = await db
        .updateTable('matches')
        .set({ call_ends_at: endsAt })
        .where('id', '=', matchId)
        .where('call_ends_at', '=', expected.endsAt)
        .where((eb) =>
          eb(
            eb.selectFrom('wheels').select('call_minutes').whereRef('wheels.id', '=', 'matches.wheel_id'),
            expected.wheelCallMinutes === null ? 'is' : '=',
            expected.wheelCallMinutes,
          ),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Ends a call at its end time; false when it had ended already (another process, a hang-up). */
    async endAtTime(matchId: string): Promise<boolean> {
      const result = await db
        .updateTable('matches')
        .set((eb) => ({ call_ended_at: eb.ref('call_ends_at') }))
        .where('id', '=', matchId)
        .where('call_ended_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Ends every open call of the participant; the matches and partners of the calls it ended. */
    async markEndedFor(participantId: string, at: string): Promise<Array<{ id: string; partnerId: string }>> {
      const open = await db
        .selectFrom('matches')
        .select(['id', 'user1_id', 'user2_id'])
        .where((eb) => eb.or([eb('user1_id', '=', participantId), eb('user2_id', '=', participantId)]))
        .where('call_started_at', 'is not', null)
        .where('call_ended_at', 'is', null)
        .execute();
      if (open.length === 0) return [];
      await db
        .updateTable('matches')
        .set({ call_ended_at: at })
        .where(
          'id',
          'in',
          open.map((match) => match.id),
        )
        .execute();
      return open.map((match) => ({
        id: match.id,
        partnerId: match.user1_id === participantId ? match.user2_id : match.user1_id,
      }));
    },

    /**
     * Someone hung up: the call ends for good, started or not (one still being set up does not
     * start afterwards either). The call's two people; undefined when it had ended already.
     */
    markEnded(matchId: string, at: string): Promise<{ user1_id: string; user2_id: string } | undefined> {
      return db
        .updateTable('matches')
        .set({ call_ended_at: at })
        .where('id', '=', matchId)
        .where('call_ended_at', 'is', null)
        .returning(['user1_id', 'user2_id'])
        .executeTakeFirst();
    },
  };
}

export type CallsRepository = ReturnType<typeof createCallsRepository>;
