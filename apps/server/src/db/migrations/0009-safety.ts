import { type Kysely, sql } from 'kysely';
import type { ColumnTypes } from './column-types';

/**
 * Safety (issue 13, decision 016): who blocked whom on a wheel, reports about people, and
 * participants an organiser removed from a wheel. A match can now also close as 'ended' (a
 * block or a removal, told to both as a neutral "This match ended."). The close reason's
 * CHECK constraint cannot be changed in place in SQLite, so the column is replaced: a new
 * column with the wider check, the values copied, the old one dropped, the new one renamed.
 */
export function safetyMigration(types: ColumnTypes) {
  const { timestamp } = types;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('matches')
        .addColumn('close_reason_next', 'text', (c) =>
          c.check(sql`close_reason_next in ('unanswered', 'partnerLeft', 'callNotStarted', 'ended')`),
        )
        .execute();
      await sql`update matches set close_reason_next = close_reason`.execute(db);
      await db.schema.alterTable('matches').dropColumn('close_reason').execute();
      await db.schema.alterTable('matches').renameColumn('close_reason_next', 'close_reason').execute();

      // One row per person and the one they blocked: a second block changes nothing.
      await db.schema
        .createTable('blocks')
        .addColumn('blocker_id', 'text', (c) => c.notNull().references('participants.id').onDelete('cascade'))
        .addColumn('blocked_id', 'text', (c) => c.notNull().references('participants.id').onDelete('cascade'))
        .addColumn('wheel_id', 'text', (c) => c.notNull().references('wheels.id').onDelete('cascade'))
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('blocks_pk', ['blocker_id', 'blocked_id'])
        .execute();
      // A spin reads the blocks among the people seated on one wheel.
      await db.schema.createIndex('blocks_by_wheel').on('blocks').column('wheel_id').execute();

      await db.schema
        .createTable('safety_reports')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('wheel_id', 'text', (c) => c.notNull().references('wheels.id').onDelete('cascade'))
        .addColumn('match_id', 'text', (c) => c.notNull().references('matches.id').onDelete('cascade'))
        .addColumn('reporter_id', 'text', (c) => c.notNull())
        .addColumn('reported_id', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) =>
          c.notNull().check(sql`reason in ('harassment', 'inappropriate', 'spam', 'impersonation', 'other')`),
        )
        .addColumn('details', 'text')
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .execute();
      // One report per person and match: reporting again replaces it, so nobody floods the list.
      await db.schema
        .createIndex('safety_reports_one_per_match')
        .on('safety_reports')
        .columns(['match_id', 'reporter_id'])
        .unique()
        .execute();
      await db.schema
        .createIndex('safety_reports_by_wheel')
        .on('safety_reports')
        .columns(['wheel_id', 'created_at'])
        .execute();

      // A participant belongs to one wheel, so one row per participant says they are off it.
      await db.schema
        .createTable('participant_removals')
        .addColumn('participant_id', 'text', (c) =>
          c.primaryKey().references('participants.id').onDelete('cascade'),
        )
        .addColumn('wheel_id', 'text', (c) => c.notNull().references('wheels.id').onDelete('cascade'))
        .addColumn('removed_at', timestamp, (c) => c.notNull())
        .addColumn('removed_by', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
