import { type Kysely, sql } from 'kysely';
import type { ColumnTypes } from './column-types';

/**
 * A match's lifetime (issue 12, decision 010): until when it can be answered, and when and why
 * the server closed it. The API shows a closed match as status 'Expired'. The status column
 * keeps its three values: its CHECK constraint cannot be changed in SQLite without rebuilding
 * the table, and the close is a fact of its own (when, why) rather than one more answer.
 */
export function matchLifetimeMigration(types: ColumnTypes) {
  const { timestamp } = types;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('matches').addColumn('answer_by', timestamp).execute();
      await db.schema.alterTable('matches').addColumn('closed_at', timestamp).execute();
      await db.schema
        .alterTable('matches')
        .addColumn('close_reason', 'text', (c) =>
          c.check(sql`close_reason in ('unanswered', 'partnerLeft', 'callNotStarted')`),
        )
        .execute();
      // The ticker looks for open matches past their deadline.
      await db.schema
        .createIndex('matches_open_by_deadline')
        .on('matches')
        .columns(['closed_at', 'answer_by'])
        .execute();
    },
  };
}
