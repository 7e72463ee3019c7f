import type { Match } from '@wheelmeet/contracts';
import type { DomainEvents } from '../../lib/domain-events';
import { AppError, notFound } from '../../lib/errors';
import { toParticipant } from '../participants/participant-view';
import type { MatchesRepository, MatchWithPeople } from './matches.repository';

export const NOT_YOUR_MATCH = 'Only the two people in a match can answer it.';
export const MATCH_DECLINED = 'This match was declined.';
export const MATCH_ALREADY_ACCEPTED = 'This match was already accepted by both of you.';

export function toMatch(row: MatchWithPeople): Match {
  return {
    id: row.id,
    wheelId: row.wheel_id,
    round: row.round,
    user1: toParticipant(row.user1),
    user2: toParticipant(row.user2),
    status: row.status,
    acceptedByUser1: row.accepted_by_user1,
    acceptedByUser2: row.accepted_by_user2,
  };
}

/** Which side of the match the participant is on; refuses anyone else. */
export function sideOf(
  match: { user1_id: string; user2_id: string },
  participantId: string,
): 'user1' | 'user2' {
  if (match.user1_id === participantId) return 'user1';
  if (match.user2_id === participantId) return 'user2';
  throw new AppError('forbidden', NOT_YOUR_MATCH);
}

export function createMatchesService(deps: { matches: MatchesRepository; events: DomainEvents }) {
  const { matches, events } = deps;

  const requireMine = async (matchId: string, participantId: string) => {
    const match = await matches.findById(matchId);
    if (!match) throw notFound('Match not found');
    return { match, side: sideOf(match, participantId) };
  };

  return {
    /** Pending → Accepted once both have accepted; both people hear of every accept. */
    async accept(matchId: string, participantId: string): Promise<Match> {
      const { match, side } = await requireMine(matchId, participantId);
      if (match.status === 'Rejected') throw new AppError('conflict', MATCH_DECLINED);
      const updated = (await matches.recordAccept(matchId, side)) ?? match;
      if (updated.status === 'Rejected') throw new AppError('conflict', MATCH_DECLINED);
      await events.publish('matchAccepted', {
        event: {
          matchId,
          userId: participantId,
          acceptedByUser1: updated.accepted_by_user1,
          acceptedByUser2: updated.accepted_by_user2,
          status: updated.status,
        },
        participantIds: [updated.user1_id, updated.user2_id],
      });
      return toMatch(updated);
    },

    /** A pending match becomes Rejected, for both people. */
    async decline(matchId: string, participantId: string): Promise<Match> {
      const { match } = await requireMine(matchId, participantId);
      if (match.status === 'Accepted') throw new AppError('conflict', MATCH_ALREADY_ACCEPTED);
      const updated = (await matches.recordDecline(matchId)) ?? match;
      if (updated.status === 'Accepted') throw new AppError('conflict', MATCH_ALREADY_ACCEPTED);
      await events.publish('matchDeclined', {
        event: { matchId, userId: participantId },
        participantIds: [updated.user1_id, updated.user2_id],
      });
      return toMatch(updated);
    },

    async listForRound(wheelId: string, round: number): Promise<Match[]> {
      return (await matches.listForRound(wheelId, round)).map(toMatch);
    },
  };
}

export type MatchesService = ReturnType<typeof createMatchesService>;
