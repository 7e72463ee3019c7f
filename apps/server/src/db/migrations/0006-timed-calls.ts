import { type Kysely, sql } from 'kysely';
import type { ColumnTypes } from './column-types';

/**
 * Timed calls (issue 13, decision 014): a wheel's call length, and on each match when its call
 * ends, whether it was extended, and who asked to extend it and waits for the other.
 */
export function timedCallsMigration(types: ColumnTypes) {
  const { timestamp, boolean } = types;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('wheels')
        .addColumn('call_minutes', 'integer', (c) => c.check(sql`call_minutes > 0`))
        .execute();
      await db.schema.alterTable('matches').addColumn('call_ends_at', timestamp).execute();
      await db.schema
        .alterTable('matches')
        .addColumn('call_extended', boolean, (c) => c.notNull().defaultTo(false))
        .execute();
      await db.schema.alterTable('matches').addColumn('call_extension_requested_by', 'text').execute();
      // The ticker looks for running calls past their end.
      await db.schema
        .createIndex('matches_running_calls_by_end')
        .on('matches')
        .columns(['call_ended_at', 'call_ends_at'])
        .execute();
    },
  };
}
