import type { Kysely, Updateable } from 'kysely';
import type { ParticipantRow, WheelRow } from '../../db/rows';
import type { Database, WheelsTable } from '../../db/schema';

/** The wheels as the admin area reads and changes them. */
export function createWheelsAdminRepository(db: Kysely<Database>) {
  return {
    findById(id: string): Promise<WheelRow | undefined> {
      return db.selectFrom('wheels').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Every wheel, or one owner's, newest first, with how many people registered on each. */
    listForAdmin(ownerId?: string) {
      let query = db
        .selectFrom('wheels')
        .leftJoin('participants', 'participants.wheel_id', 'wheels.id')
        .selectAll('wheels')
        .select((eb) => eb.fn.count<number>('participants.id').as('participant_count'))
        .groupBy('wheels.id')
        .orderBy('wheels.created_at', 'desc')
        .orderBy('wheels.id');
      if (ownerId) query = query.where('wheels.business_user_id', '=', ownerId);
      return query.execute();
    },

    /** A business user's plan limit on participants per wheel: undefined when there is no such user, null when unlimited. */
    async ownerParticipantLimit(businessUserId: string): Promise<number | null | undefined> {
      const row = await db
        .selectFrom('business_users')
        .innerJoin('plans', 'plans.id', 'business_users.plan_id')
        .select('plans.max_participants_per_wheel')
        .where('business_users.id', '=', businessUserId)
        .executeTakeFirst();
      return row ? row.max_participants_per_wheel : undefined;
    },

    async countParticipants(wheelId: string): Promise<number> {
      const row = await db
        .selectFrom('participants')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('wheel_id', '=', wheelId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** `newAccessCodeVersion`: the access code changed, so its version goes up by one (atomically). */
    async update(
      id: string,
      changes: Updateable<WheelsTable>,
      options: { newAccessCodeVersion?: boolean } = {},
    ): Promise<void> {
      await db
        .updateTable('wheels')
        .set(changes)
        .$if(options.newAccessCodeVersion === true, (query) =>
          query.set((eb) => ({ access_code_version: eb('access_code_version', '+', 1) })),
        )
        .where('id', '=', id)
        .execute();
    },

    /** Deletes the wheel; its slots, participants and matches go with it. */
    async delete(id: string): Promise<void> {
      await db.deleteFrom('wheels').where('id', '=', id).execute();
    },

    /** What each recorded round's matching did, in round order (the wheel's report). */
    roundsOf(wheelId: string) {
      return db
        .selectFrom('wheel_rounds')
        .selectAll()
        .where('wheel_id', '=', wheelId)
        .orderBy('round')
        .execute();
    },

    /** Who met whom on the wheel, every round (the wheel's report). */
    matchPairsOf(wheelId: string) {
      return db
        .selectFrom('matches')
        .select(['user1_id', 'user2_id'])
        .where('wheel_id', '=', wheelId)
        .execute();
    },

    /**
     * Stores the host's announcement unless the last one went out after `lastAllowedBefore`: one
     * conditional update, so of concurrent requests (in any process) exactly one sends. Whether
     * it was stored.
     */
    async recordAnnouncement(
      wheelId: string,
      announcement: { message: string; sentAt: string },
      lastAllowedBefore: string,
    ): Promise<boolean> {
      const updated = await db
        .updateTable('wheels')
        .set({ announcement_message: announcement.message, announcement_sent_at: announcement.sentAt })
        .where('id', '=', wheelId)
        .where((eb) =>
          eb.or([
            eb('announcement_sent_at', 'is', null),
            eb('announcement_sent_at', '<=', lastAllowedBefore),
          ]),
        )
        .returning('id')
        .executeTakeFirst();
      return updated !== undefined;
    },

    /** The live console's counts, in one query: who sits, who talks in a call, what waits for an answer. */
    async liveCounts(wheelId: string): Promise<{ seated: number; inCalls: number; awaitingAnswer: number }> {
      const openMatches = () =>
        db.selectFrom('matches').where('wheel_id', '=', wheelId).where('closed_at', 'is', null);
      const row = await db
        .selectNoFrom((eb) => [
          eb
            .selectFrom('slots')
            .select(eb.fn.countAll<number>().as('count'))
            .where('wheel_id', '=', wheelId)
            .where('participant_id', 'is not', null)
            .as('seated'),
          openMatches()
            .select(eb.fn.countAll<number>().as('count'))
            .where('call_started_at', 'is not', null)
            .where('call_ended_at', 'is', null)
            .as('calls'),
          openMatches()
            .select(eb.fn.countAll<number>().as('count'))
            .where('status', '=', 'Pending')
            .as('pending'),
        ])
        .executeTakeFirstOrThrow();
      return {
        seated: Number(row.seated),
        inCalls: 2 * Number(row.calls),
        awaitingAnswer: Number(row.pending),
      };
    },

    /** Who sat out the wheel's latest recorded round (a JSON array of ids); undefined before any round. */
    async lastRoundSatOutIds(wheelId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('wheel_rounds')
        .select('sat_out_ids')
        .where('wheel_id', '=', wheelId)
        .orderBy('round', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.sat_out_ids;
    },

    participantsByIds(ids: readonly string[]): Promise<ParticipantRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('participants').selectAll().where('id', 'in', ids).execute();
    },

    /** Every match of the wheel, round by round, for the organiser's export. */
    matchesForExport(wheelId: string) {
      return db
        .selectFrom('matches')
        .select([
          'id',
          'round',
          'user1_id',
          'user2_id',
          'status',
          'call_started_at',
          'call_ended_at',
          'closed_at',
        ])
        .where('wheel_id', '=', wheelId)
        .orderBy('round')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    /** Everyone registered on the wheel, with their answers (the export names people and shows their answers). */
    participantsOf(wheelId: string): Promise<ParticipantRow[]> {
      return db.selectFrom('participants').selectAll().where('wheel_id', '=', wheelId).execute();
    },

    /** What each person chose after their matches on the wheel: shared their contact, their rating. */
    followUpsOf(wheelId: string) {
      return db
        .selectFrom('follow_ups')
        .select(['match_id', 'participant_id', 'share', 'rating'])
        .where('wheel_id', '=', wheelId)
        .execute();
    },

    /** How many of each wheel's slots hold someone right now; a wheel nobody sits on is left out. */
    async seatedByWheel(wheelIds: readonly string[]): Promise<Map<string, number>> {
      if (wheelIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('slots')
        .select(['wheel_id', (eb) => eb.fn.countAll<number>().as('count')])
        .where('participant_id', 'is not', null)
        .where('wheel_id', 'in', wheelIds)
        .groupBy('wheel_id')
        .execute();
      return new Map(rows.map((row) => [row.wheel_id, Number(row.count)]));
    },
  };
}

export type WheelsAdminRepository = ReturnType<typeof createWheelsAdminRepository>;
