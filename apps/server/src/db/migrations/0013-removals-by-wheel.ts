import type { Kysely } from 'kysely';

/**
 * A removed participant coming back (decision 016): each registration asks whether the
 * organiser removed a participant of this wheel who registered from the same browser (the
 * participants' `session_id`, joined to their removal). The index finds a wheel's removals
 * without reading every wheel's; there is no index on the participants' session ids, so
 * registrations write no more than before.
 */
export function removalsByWheelMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('participant_removals_by_wheel')
        .on('participant_removals')
        .column('wheel_id')
        .execute();
    },
  };
}
