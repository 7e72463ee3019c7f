import { type Kysely, sql } from 'kysely';

/**
 * An organiser-set answer window per wheel (issue 12): how long people have to answer a match
 * after the reveal; null keeps the standard MATCH_ANSWER_WINDOW_MS (decision 010).
 */
export function answerWindowMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('wheels')
        .addColumn('answer_seconds', 'integer', (c) => c.check(sql`answer_seconds > 0`))
        .execute();
    },
  };
}
