import { type Kysely, sql } from 'kysely';
import type { ColumnTypes } from './column-types';

/**
 * Keeping in touch (issue 13, decision 015): each side's choice after a call, one row per match
 * and person, and the contact fields an organiser lets people share on a wheel.
 */
export function connectionsMigration(types: ColumnTypes) {
  const { timestamp, boolean } = types;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // JSON array of ContactField; null: all of them.
      await db.schema.alterTable('wheels').addColumn('contact_fields', 'text').execute();
      await db.schema
        .createTable('follow_ups')
        .addColumn('match_id', 'text', (c) => c.notNull().references('matches.id').onDelete('cascade'))
        .addColumn('participant_id', 'text', (c) => c.notNull())
        .addColumn('wheel_id', 'text', (c) => c.notNull().references('wheels.id').onDelete('cascade'))
        .addColumn('share', boolean, (c) => c.notNull())
        .addColumn('contact', 'text', (c) => c.notNull()) // JSON ContactDetails
        .addColumn('rating', 'text', (c) => c.check(sql`rating in ('up', 'down')`))
        .addColumn('note', 'text')
        .addColumn('updated_at', timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('follow_ups_pk', ['match_id', 'participant_id'])
        .execute();
      await db.schema.createIndex('follow_ups_by_wheel').on('follow_ups').column('wheel_id').execute();
    },
  };
}
