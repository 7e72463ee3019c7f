import type { Kysely } from 'kysely';

/**
 * Issue 37, decision 036: the caller's offer, sent while its match is pending, kept until both
 * have accepted and it is handed to the partner. A table of its own, not a column of `matches`:
 * the offer is a few kilobytes that only this moment reads, and the row goes once it is handed on.
 */
export function preparedOffersMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('prepared_offers')
        .addColumn('match_id', 'text', (c) => c.primaryKey().references('matches.id').onDelete('cascade'))
        .addColumn('sdp', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
