import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** What a wheel's calendar file is written from; nothing private (no access code, no owner). */
export function createEventCalendarRepository(db: Kysely<Database>) {
  return {
    findWheel(id: string) {
      return db
        .selectFrom('wheels')
        .select(['id', 'name', 'description', 'starts_at', 'round_count', 'round_seconds', 'call_minutes'])
        .where('id', '=', id)
        .executeTakeFirst();
    },
  };
}

export type EventCalendarRepository = ReturnType<typeof createEventCalendarRepository>;
