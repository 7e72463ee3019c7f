import type { Insertable, Kysely } from 'kysely';
import type { AdminsTable, Database } from '../../db/schema';

export function createAdminsRepository(db: Kysely<Database>) {
  return {
    async count(): Promise<number> {
      const row = await db
        .selectFrom('admins')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async insert(admin: Insertable<AdminsTable>): Promise<void> {
      await db.insertInto('admins').values(admin).execute();
    },
  };
}

export type AdminsRepository = ReturnType<typeof createAdminsRepository>;
