import type { Kysely } from 'kysely';
import type { ColumnTypes } from './column-types';

/**
 * Issue 35: a wheel as an event. It may start at a time and end after a number of rounds (or
 * when its organiser ends it), carry icebreaker prompts that each round's matches take in turn,
 * and keep its host's latest announcement for people who arrive after it.
 */
export function eventsMigration(types: ColumnTypes) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const wheels = () => db.schema.alterTable('wheels');
      // One column per statement: SQLite adds one at a time.
      await wheels().addColumn('starts_at', types.timestamp).execute();
      await wheels().addColumn('round_count', 'integer').execute();
      await wheels().addColumn('prompts', 'text').execute();
      await wheels().addColumn('event_ended_at', types.timestamp).execute();
      await wheels().addColumn('announcement_message', 'text').execute();
      await wheels().addColumn('announcement_sent_at', types.timestamp).execute();
      await db.schema.alterTable('matches').addColumn('prompt', 'text').execute();
    },
  };
}
