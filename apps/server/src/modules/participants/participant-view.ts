import type { Participant } from '@wheelmeet/contracts';
import type { ParticipantRow } from './participants.repository';

/** What other people see of a participant. */
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
