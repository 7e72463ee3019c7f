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

    /** Participants across wheels, newest first, filtered by name or profile text and by wheel. */
    async listForAdmin(filter: {
      search?: string | undefined;
      wheelId?: string | undefined;
      limit: number;
      offset: number;
    }) {
      let query = db.selectFrom('participants').innerJoin('wheels', 'wheels.id', 'participants.wheel_id');
      if (filter.wheelId) query = query.where('participants.wheel_id', '=', filter.wheelId);
      if (filter.search) {
        // LIKE wildcards typed into the search box are taken as plain text by dropping them.
        const pattern = `%${filter.search.toLowerCase().replace(/[%_\\]/g, '')}%`;
        query = query.where((eb) =>
          eb.or(
            (
              [
                'participants.username',
                'participants.short_bio',
                'participants.interests',
                'participants.who_am_i',
              ] as const
            ).map((column) => eb(eb.fn('lower', [eb.ref(column)]), 'like', pattern)),
          ),
        );
      }
      const [rows, total] = await Promise.all([
        query
          .selectAll('participants')
          .select('wheels.name as wheel_name')
          .orderBy('participants.created_at', 'desc')
          .orderBy('participants.id')
          .limit(filter.limit)
          .offset(filter.offset)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.count) };
    },

    async insert(participant: Insertable<ParticipantsTable>): Promise<void> {
      await db.insertInto('participants').values(participant).execute();
    },
  };
}

export type ParticipantsRepository = ReturnType<typeof createParticipantsRepository>;
