import type { Participant } from '@wheelmeet/contracts';
import type { Selectable } from 'kysely';
import type { ParticipantsTable, WheelsTable } from './schema';

/*
 * Rows that several feature modules read. They live below the modules, so a module that reads
 * another's table through a join or a snapshot does not import that module (no cycles).
 */
export type WheelRow = Selectable<WheelsTable>;
export type ParticipantRow = Selectable<ParticipantsTable>;

/** What other people see of a participant: the wheel, matches and the hub all show this. */
export function toParticipant(row: ParticipantRow): Participant {
  return {
    id: row.id,
    username: row.username,
    age: row.age,
    gender: row.gender,
    shortBio: row.short_bio,
    whoAmI: row.who_am_i,
    interests: row.interests,
  };
}
