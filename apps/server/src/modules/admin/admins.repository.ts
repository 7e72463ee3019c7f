import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { AdminsTable, Database } from '../../db/schema';

export type AdminRow = Selectable<AdminsTable>;

export function createAdminsRepository(db: Kysely<Database>) {
  return {
    async count(): Promise<number> {
      const row = await db
        .selectFrom('admins')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async countActiveSuperAdmins(): Promise<number> {
      const row = await db
        .selectFrom('admins')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('is_super_admin', '=', true)
        .where('is_active', '=', true)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    list(): Promise<AdminRow[]> {
      return db.selectFrom('admins').selectAll().orderBy('username').execute();
    },

    findById(id: string): Promise<AdminRow | undefined> {
      return db.selectFrom('admins').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async insert(admin: Insertable<AdminsTable>): Promise<void> {
      await db.insertInto('admins').values(admin).execute();
    },

    async update(id: string, changes: Updateable<AdminsTable>): Promise<void> {
      await db.updateTable('admins').set(changes).where('id', '=', id).execute();
    },

    async delete(id: string): Promise<void> {
      await db.deleteFrom('admins').where('id', '=', id).execute();
    },
  };
}

export type AdminsRepository = ReturnType<typeof createAdminsRepository>;
