import type { Kysely } from 'kysely';

/**
 * Who has met whom on a wheel, by person (issue 14, decision 013): each spin looks up the past
 * matches among the people seated now, instead of reading every match the wheel ever made.
 */
export function metPairsIndexMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('matches_wheel_pair')
        .on('matches')
        .columns(['wheel_id', 'user1_id', 'user2_id'])
        .execute();
    },
  };
}
