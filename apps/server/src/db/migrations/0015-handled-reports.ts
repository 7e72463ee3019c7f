import type { Kysely } from 'kysely';
import type { ColumnTypes } from './column-types';

/**
 * Reports an organiser or admin dealt with (decision 016): marked handled, so the wheel's page
 * shows what still needs looking at. A new report by the same person through the same match
 * opens it again.
 */
export function handledReportsMigration(types: ColumnTypes) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('safety_reports').addColumn('handled_at', types.timestamp).execute();
    },
  };
}
