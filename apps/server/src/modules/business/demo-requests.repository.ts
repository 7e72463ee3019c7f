import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, DemoRequestsTable } from '../../db/schema';

export type DemoRequestRow = Selectable<DemoRequestsTable>;

export function createDemoRequestsRepository(db: Kysely<Database>) {
  return {
    async insert(request: Insertable<DemoRequestsTable>): Promise<void> {
      await db.insertInto('demo_requests').values(request).execute();
    },

    /** Newest first. */
    listAll(): Promise<DemoRequestRow[]> {
      return db
        .selectFrom('demo_requests')
        .selectAll()
        .orderBy('requested_at', 'desc')
        .orderBy('id')
        .execute();
    },
  };
}

export type DemoRequestsRepository = ReturnType<typeof createDemoRequestsRepository>;
