import type { Kysely } from 'kysely';
import type { ColumnTypes } from './column-types';

/**
 * Domain events that must outlive a crash (decision 026): written in the transaction of the
 * change that raises them, removed once every listener has handled them, and published again
 * by any process when the one that raised them did not get that far.
 */
export function eventOutboxMigration(types: ColumnTypes) {
  const { timestamp } = types;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('event_outbox')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        // When another process may publish it: after a grace period for the raising process, or
        // after the lease of the process publishing it now.
        .addColumn('due_at', timestamp, (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('event_outbox_due').on('event_outbox').column('due_at').execute();
    },
  };
}
