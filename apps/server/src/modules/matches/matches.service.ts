import {
  MATCH_CALL_START_WINDOW_MS,
  type Match,
  type MatchExpiryReason,
  type RefusalReason,
  type WebhookEvent,
} from '@wheelmeet/contracts';
import { toParticipant } from '../../db/rows';
import type { DomainEvents } from '../../events/domain-events';
import type { Clock } from '../../lib/clock';
import { type AppError, notFound, refusal } from '../../lib/errors';
import type { MatchesRepository, MatchRow, MatchWithPeople } from './matches.repository';

export const NOT_YOUR_MATCH = 'Only the two people in a match can answer it.';
export const MATCH_DECLINED = 'This match was declined.';
export const MATCH_ALREADY_ACCEPTED = 'This match was already accepted by both of you.';
export const MATCH_EXPIRED = 'This match expired.';

export function toMatch(row: MatchWithPeople): Match {
  return {
    id: row.id,
    wheelId: row.wheel_id,
    round: row.round,
    user1: toParticipant(row.user1),
    user2: toParticipant(row.user2),
    status: row.closed_at ? 'Expired' : row.status,
    acceptedByUser1: row.accepted_by_user1,
    acceptedByUser2: row.accepted_by_user2,
    answerBy: row.answer_by,
    callEnded: row.call_ended_at !== null,
    prompt: row.prompt,
  };
}

/** Which side of the match the participant is on; refuses anyone else. */
export function sideOf(
  match: { user1_id: string; user2_id: string },
  participantId: string,
): 'user1' | 'user2' {
  if (match.user1_id === participantId) return 'user1';
  if (match.user2_id === participantId) return 'user2';
  throw refusal('not_your_match', NOT_YOUR_MATCH);
}

/** Who answers a match: a participant, on their wheel (the only wheel their matches are on). */
interface Caller {
  participantId: string;
  wheelId: string;
}

export function createMatchesService(deps: {
  matches: MatchesRepository;
  events: DomainEvents;
  /** Whether the wheel's owner has a webhook for the event (cached: asked on every accept). */
  webhooksWant: (wheelId: string, type: WebhookEvent) => Promise<boolean>;
  clock: Clock;
}) {
  const { matches, events, webhooksWant, clock } = deps;

  /** Tells both people that their match closed. */
  const tellClosed = async (match: MatchRow, reason: MatchExpiryReason) => {
    await events.publish('matchExpired', {
      event: { wheelId: match.wheel_id, matchId: match.id, reason },
      participantIds: [match.user1_id, match.user2_id],
    });
  };

  /** Closes an open match and tells both people; false when another process got there first. */
  async function close(match: MatchRow, reason: MatchExpiryReason): Promise<boolean> {
    if (!(await matches.close(match.id, reason, clock.now().toISOString()))) return false;
    await tellClosed(match, reason);
    return true;
  }

  /** Tells the people of matches a bulk close closed, each with the reason it was closed for. */
  const tellAllClosed = async (closed: MatchRow[]) => {
    await Promise.all(
      closed.map((match) => (match.close_reason ? tellClosed(match, match.close_reason) : undefined)),
    );
  };

  /** A pending match past its deadline is closed on the spot, even before the ticker gets to it. */
  const isPastAnswerDeadline = (match: MatchRow) =>
    match.status === 'Pending' &&
    match.answer_by !== null &&
    new Date(match.answer_by).getTime() <= clock.now().getTime();

  /**
   * Why an answer the match did not take was refused, in the order a person should hear it:
   * no such match, not theirs, over (closed now if its deadline just passed), then `answered`
   * when it already has the answer that rules this one out.
   */
  async function refusalOf(
    matchId: string,
    participantId: string,
    answered: { status: MatchRow['status']; reason: RefusalReason; message: string },
  ): Promise<AppError> {
    const match = await matches.findById(matchId);
    if (!match) return notFound('Match not found');
    sideOf(match, participantId);
    if (match.closed_at) return refusal('match_closed', MATCH_EXPIRED);
    if (isPastAnswerDeadline(match)) {
      await close(match, 'unanswered');
      return refusal('match_expired', MATCH_EXPIRED);
    }
    if (match.status === answered.status) return refusal(answered.reason, answered.message);
    // Open and answerable when read again: it changed since the answer was refused, and a
    // match only ever closes, so it is over by now as far as this answer goes.
    return refusal('match_expired', MATCH_EXPIRED);
  }

  return {
    /** Pending → Accepted once both have accepted; both people hear of every accept. */
    async accept(matchId: string, caller: Caller): Promise<Match> {
      const { participantId } = caller;
      // Webhook deliveries are looked for only while the wheel's owner has a `match.accepted`
      // webhook: otherwise the accept stays one statement, not a transaction, on the hot path.
      const recorded = await matches.recordAccept(
        matchId,
        participantId,
        clock.now().toISOString(),
        await webhooksWant(caller.wheelId, 'match.accepted'),
      );
      if (!recorded)
        throw await refusalOf(matchId, participantId, {
          status: 'Rejected',
          reason: 'match_declined',
          message: MATCH_DECLINED,
        });
      const { match: updated, deliveries } = recorded;
      await Promise.all([
        events.publish('matchAccepted', {
          event: {
            matchId,
            userId: participantId,
            acceptedByUser1: updated.accepted_by_user1,
            acceptedByUser2: updated.accepted_by_user2,
            status: updated.status,
          },
          participantIds: [updated.user1_id, updated.user2_id],
        }),
        // Sent beside the pushes, without holding up the answer (they are already recorded).
        deliveries.length > 0 && events.publish('webhookDeliveriesRecorded', { deliveries }),
      ]);
      return toMatch(updated);
    },

    /** A pending match becomes Rejected, for both people. */
    async decline(matchId: string, { participantId }: Caller): Promise<Match> {
      const updated = await matches.recordDecline(matchId, participantId, clock.now().toISOString());
      if (!updated)
        throw await refusalOf(matchId, participantId, {
          status: 'Accepted',
          reason: 'match_accepted',
          message: MATCH_ALREADY_ACCEPTED,
        });
      await events.publish('matchDeclined', {
        event: { matchId, userId: participantId },
        participantIds: [updated.user1_id, updated.user2_id],
      });
      return toMatch(updated);
    },

    async listForRound(wheelId: string, round: number): Promise<Match[]> {
      return (await matches.listForRound(wheelId, round)).map(toMatch);
    },

    /**
     * What JoinWheel shows the caller: their matches of the round just revealed (`round`, when
     * the reveal is on screen), and every match of theirs still open from any round, so a
     * reload or a reconnect finds its dialog or its call again.
     */
    async forSnapshot(wheelId: string, participantId: string, round: number | undefined): Promise<Match[]> {
      return (await matches.listForSnapshot(wheelId, participantId, round)).map(toMatch);
    },

    /** Closes every match whose time is up (decision 010); called on each round tick. */
    async closeDue(): Promise<void> {
      const now = clock.now();
      const callStartDeadlinePassedBefore = new Date(now.getTime() - MATCH_CALL_START_WINDOW_MS);
      await tellAllClosed(
        await matches.closeDue(now.toISOString(), callStartDeadlinePassedBefore.toISOString()),
      );
    },

    /** A new round spun: earlier rounds' matches still waiting for an answer or a call are over. */
    async closeStaleBefore(wheelId: string, round: number): Promise<void> {
      await tellAllClosed(await matches.closeStaleBefore(wheelId, round, clock.now().toISOString()));
    },

    /**
     * Closes what a spin's `closeStaleBefore` would have, on every wheel: a process that stopped
     * between a spin's commit and that close left earlier rounds' matches open, and nothing else
     * closes them before the wheel's next spin. Run once a process starts.
     */
    async closeStaleOnEveryWheel(): Promise<void> {
      await tellAllClosed(await matches.closeStaleOnEveryWheel(clock.now().toISOString()));
    },

    /** The participant left the wheel: their open matches end, and their partners are told. */
    async closeForLeaver(wheelId: string, participantId: string): Promise<void> {
      for (const match of await matches.listOpenOf(wheelId, participantId)) await close(match, 'partnerLeft');
    },

    /**
     * A block or a removal (decision 016): the open matches of `participantId` (with `partnerId`
     * only, when given) end as 'ended', which both hear without being told why. The matches closed.
     */
    async closeEnded(wheelId: string, participantId: string, partnerId?: string): Promise<MatchRow[]> {
      const closed: MatchRow[] = [];
      for (const match of await matches.listOpenOf(wheelId, participantId)) {
        if (partnerId !== undefined && match.user1_id !== partnerId && match.user2_id !== partnerId) continue;
        if (await close(match, 'ended')) closed.push(match);
      }
      return closed;
    },
  };
}

export type MatchesService = ReturnType<typeof createMatchesService>;
