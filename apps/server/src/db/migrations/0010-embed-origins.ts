import type { Kysely } from 'kysely';

/**
 * The embeddable wheel (issue 13, decision 017): the sites an organiser allows to show the
 * wheel in an iframe, as a JSON array of origins; null or empty: no site may.
 */
export function embedOriginsMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('wheels').addColumn('embed_origins', 'text').execute();
    },
  };
}
