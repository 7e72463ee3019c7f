import type { Kysely } from 'kysely';
import type { ColumnTypes } from './column-types';

/**
 * Where each wheel stands in its round, kept in the database so that any server process can
 * carry a round on, exactly once, and a restarted server picks up where it left off.
 */
export function roundStateMigration(types: ColumnTypes) {
  const { timestamp } = types;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('wheels').addColumn('next_spin_at', timestamp).execute();
      await db.schema.alterTable('wheels').addColumn('spin_started_at', timestamp).execute();
      await db.schema.alterTable('wheels').addColumn('matches_revealed_at', timestamp).execute();
      await db.schema.alterTable('wheels').addColumn('spin_inner_offset', 'integer').execute();
      await db.schema.alterTable('wheels').addColumn('spin_outer_offset', 'integer').execute();
      // Participants left without a partner last round: they come first next round.
      await db.schema
        .alterTable('wheels')
        .addColumn('priority_participant_ids', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
      await db.schema
        .createIndex('wheels_round_due_idx')
        .on('wheels')
        .columns(['next_spin_at', 'spin_started_at', 'matches_revealed_at'])
        .execute();
      await db.schema.createIndex('matches_wheel_idx').on('matches').columns(['wheel_id', 'round']).execute();
    },
  };
}
