import { AppError } from '../../lib/errors';
import { sideOf } from '../matches/matches.service';

export const NOT_ON_YOUR_WHEEL = 'You can only block or report people you were matched with on your wheel.';

/**
 * The person a participant may block or report through this match: the other one of it, on the
 * participant's own wheel. Anyone else is refused (403), so nobody can act on strangers.
 */
export function otherPersonOf(
  match: { wheel_id: string; user1_id: string; user2_id: string },
  me: { participantId: string; wheelId: string },
): string {
  if (match.wheel_id !== me.wheelId) throw new AppError('forbidden', NOT_ON_YOUR_WHEEL);
  return sideOf(match, me.participantId) === 'user1' ? match.user2_id : match.user1_id;
}

/** Who removed a participant, as the removal row records it. */
export const removedByOf = (staff: { kind: 'Admin' | 'BusinessUser'; id: string }) =>
  `${staff.kind}:${staff.id}`;
