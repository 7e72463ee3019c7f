import { type Kysely, sql } from 'kysely';

/**
 * The round ticker's indexes hold only what it looks for (issue 37, decision 038). Five times a
 * second it asks for the wheels due to spin, reveal or reset, the matches whose answer time is
 * up and the calls past their end. Its match indexes led with columns that are null on most
 * matches ever made (`closed_at` on every declined match and every ended call too,
 * `call_ended_at` on each whose call never ran), so SQLite read the whole history through them,
 * and two of the three ways a wheel is due had no index: a tick took 0.7 ms of CPU with no
 * history, 7.6 ms with 20,000 past matches and 120 ms with 200,000 (`bench:ticker`). As
 * partial indexes they stay as small as the matches still open, the calls still running and the
 * wheels in a spin, on SQLite and PostgreSQL alike.
 */
export function tickerIndexesMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('matches_open_by_deadline').execute();
      await db.schema
        .createIndex('matches_open_by_deadline')
        .on('matches')
        .column('answer_by')
        // The open matches, as matches.repository's isOpen spells them.
        .where((eb) =>
          eb.and([
            eb(sql.ref('closed_at'), 'is', null),
            eb(sql.ref('status'), '!=', sql.lit('Rejected')),
            eb(sql.ref('call_ended_at'), 'is', null),
          ]),
        )
        .execute();
      await db.schema.dropIndex('matches_running_calls_by_end').execute();
      await db.schema
        .createIndex('matches_running_calls_by_end')
        .on('matches')
        .column('call_ends_at')
        .where((eb) =>
          eb.and([eb(sql.ref('call_ended_at'), 'is', null), eb(sql.ref('call_started_at'), 'is not', null)]),
        )
        .execute();
      // wheels_round_due_idx (next_spin_at first) finds the wheels due to spin; these the other two.
      await db.schema
        .createIndex('wheels_spinning_since')
        .on('wheels')
        .column('spin_started_at')
        .where(sql.ref('matches_revealed_at'), 'is', null)
        .execute();
      await db.schema
        .createIndex('wheels_revealed_since')
        .on('wheels')
        .column('matches_revealed_at')
        .where(sql.ref('matches_revealed_at'), 'is not', null)
        .execute();
    },
  };
}
