import type { Kysely, Updateable } from 'kysely';
import type { WheelRow } from '../../db/rows';
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
