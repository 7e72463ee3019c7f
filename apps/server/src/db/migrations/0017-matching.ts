import type { Kysely } from 'kysely';
import type { ColumnTypes } from './column-types';

/**
 * Issue 38's matching (decision 032).
 * - A wheel may name its rings and keep a registration answer's people on one of them.
 * - A participant may stay seated for the next rounds. Their seat is kept across the reset, or
 *   given back when their call ends. Two answer windows in a row let pass end it.
 * - A participant's email, where the wheel's form asks for one, lower-cased. With the browser's
 *   session id it tells the same person across one organiser's wheels, so "met before" counts
 *   there too.
 * - Each round's matching as it was at the spin (`wheel_rounds`), for the wheel's report.
 */
export function matchingMigration(types: ColumnTypes) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // One column per statement: SQLite adds one at a time.
      for (const column of ['inner_ring_label', 'outer_ring_label', 'ring_rule']) {
        await db.schema.alterTable('wheels').addColumn(column, 'text').execute();
      }
      const participants = () => db.schema.alterTable('participants');
      await participants()
        .addColumn('staying', types.boolean, (c) => c.notNull().defaultTo(false))
        .execute();
      await participants().addColumn('home_position', 'integer').execute();
      await participants()
        .addColumn('missed_answers', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await participants().addColumn('email', 'text').execute();
      await db.schema
        .createTable('wheel_rounds')
        .addColumn('wheel_id', 'text', (c) => c.notNull().references('wheels.id').onDelete('cascade'))
        .addColumn('round', 'integer', (c) => c.notNull())
        .addColumn('spun_at', types.timestamp, (c) => c.notNull())
        .addColumn('seated', 'integer', (c) => c.notNull())
        .addColumn('pairs', 'integer', (c) => c.notNull())
        .addColumn('never_met_pairs', 'integer', (c) => c.notNull())
        .addColumn('shared_interests', 'integer', (c) => c.notNull())
        .addColumn('sat_out_ids', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('wheel_rounds_pk', ['wheel_id', 'round'])
        .execute();
      await db.schema.createIndex('participants_session').on('participants').column('session_id').execute();
      await db.schema.createIndex('participants_email').on('participants').column('email').execute();
    },
  };
}
