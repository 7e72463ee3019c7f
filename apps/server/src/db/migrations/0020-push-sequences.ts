import type { Kysely } from 'kysely';

/**
 * Issue 36: each wheel's push number, shared by every server process. A row of its own, not a
 * column of `wheels`, so numbering a push does not drop the cached reads of the wheel.
 */
export function pushSequencesMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('wheel_push_sequences')
        .addColumn('wheel_id', 'text', (c) => c.primaryKey().references('wheels.id').onDelete('cascade'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .execute();
    },
  };
}
