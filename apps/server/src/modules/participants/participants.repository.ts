import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, ParticipantsTable } from '../../db/schema';

export type ParticipantRow = Selectable<ParticipantsTable>;

export function createParticipantsRepository(db: Kysely<Database>) {
  return {
    findById(id: string): Promise<ParticipantRow | undefined> {
      return db.selectFrom('participants').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findByIds(ids: readonly string[]): Promise<ParticipantRow[]> {
      if (ids.length === 0) return [];
      return db
        .selectFrom('participants')
        .selectAll()
        .where('id', 'in', [...ids])
        .execute();
    },

    async countForWheel(wheelId: string): Promise<number> {
      const row = await db
        .selectFrom('participants')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('wheel_id', '=', wheelId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** The most participants the plan of the wheel's owner admits; undefined when there is no limit. */
    async participantLimitForWheel(wheelId: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('wheels')
        .innerJoin('business_users', 'business_users.id', 'wheels.business_user_id')
        .innerJoin('plans', 'plans.id', 'business_users.plan_id')
        .select('plans.max_participants_per_wheel')
        .where('wheels.id', '=', wheelId)
        .executeTakeFirst();
      return row?.max_participants_per_wheel ?? undefined;
    },

    async insert(participant: Insertable<ParticipantsTable>): Promise<void> {
      await db.insertInto('participants').values(participant).execute();
    },
  };
}

export type ParticipantsRepository = ReturnType<typeof createParticipantsRepository>;
