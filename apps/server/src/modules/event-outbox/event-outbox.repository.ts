import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, EventOutboxTable } from '../../db/schema';

export type EventOutboxRow = Selectable<EventOutboxTable>;
export type NewOutboxEvent = Insertable<EventOutboxTable>;

/**
 * Records an event with the database handle of the caller's transaction, so it is kept exactly
 * when the change that raised it is: the feature repositories call this inside their own.
 */
export async function insertOutboxEvent(db: Kysely<Database>, event: NewOutboxEvent): Promise<void> {
  await db.insertInto('event_outbox').values(event).execute();
}

/** The event outbox's SQL (decision 026). */
export function createEventOutboxRepository(db: Kysely<Database>) {
  return {
    due(now: string, limit: number) {
      return db
        .selectFrom('event_outbox')
        .select(['id', 'attempts'])
        .where('due_at', '<=', now)
        .orderBy('due_at')
        .limit(limit)
        .execute();
    },

    /**
     * Takes a due event for this process: one conditional update, so of several processes exactly
     * one gets it. It is due again at `leaseUntil`, in case this process stops while publishing it.
     */
    claim(
      id: string,
      seenAttempts: number,
      now: string,
      leaseUntil: string,
    ): Promise<EventOutboxRow | undefined> {
      return db
        .updateTable('event_outbox')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), due_at: leaseUntil }))
        .where('id', '=', id)
        .where('attempts', '=', seenAttempts)
        .where('due_at', '<=', now)
        .returningAll()
        .executeTakeFirst();
    },

    async remove(id: string): Promise<void> {
      await db.deleteFrom('event_outbox').where('id', '=', id).execute();
    },
  };
}

export type EventOutboxRepository = ReturnType<typeof createEventOutboxRepository>;
