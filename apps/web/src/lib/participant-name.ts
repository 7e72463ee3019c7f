import type { Participant } from '@wheelmeet/contracts';

/** How a participant is named on the wheel: their username, else 'Guest' with their age. */
export function participantName(user: Pick<Participant, 'username' | 'age'> | null): string {
  const username = user?.username?.trim();
  if (username) return username;
  return user?.age ? `Guest (${user.age})` : 'Guest';
}
