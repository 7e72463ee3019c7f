import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, DemoRequestsTable } from '../../db/schema';
import { insertOutboxEvent, type NewOutboxEvent } from '../event-outbox/event-outbox.repository';

export type DemoRequestRow = Selectable<DemoRequestsTable>;

export function createDemoRequestsRepository(db: Kysely<Database>) {
  return {
    /** Stores the request and, in the same transaction, the event that tells the admins of it. */
    async insert(request: Insertable<DemoRequestsTable>, stored: NewOutboxEvent): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('demo_requests').values(request).execute();
        await insertOutboxEvent(trx, stored);
      });
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
