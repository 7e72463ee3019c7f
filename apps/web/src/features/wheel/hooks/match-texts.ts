import { displayNameOf, MATCH_EXPIRED_TEXTS, type Match, type MatchExpiryReason } from '@wheelmeet/contracts';

/** The current user's side of a match: who the partner is and who has accepted. */
export function matchSides(match: Match, meId: string) {
  const iAmUser1 = match.user1.id === meId;
  return {
    partner: iAmUser1 ? match.user2 : match.user1,
    meAccepted: iAmUser1 ? match.acceptedByUser1 : match.acceptedByUser2,
    partnerAccepted: iAmUser1 ? match.acceptedByUser2 : match.acceptedByUser1,
  };
}

/** Whether `userId` has accepted `match`, whichever side of it they are on. */
export function hasAccepted(match: Match, userId: string): boolean {
  return match.user1.id === userId ? match.acceptedByUser1 : match.acceptedByUser2;
}

/** A match that can still lead to a call: nobody declined it and the server has not closed it. */
export const isLive = (match: Match) => match.status === 'Pending' || match.status === 'Accepted';

/** What the matches dialog lists: everything but the matches the server closed. */
export const shownMatches = (matches: Match[]) => matches.filter((match) => match.status !== 'Expired');

/**
 * What a person is told when the server closed their match (decision 010). Without a reason
 * (a snapshot only says 'Expired') the acceptance flags tell: someone who had accepted alone
 * waited for a partner who did not answer.
 */
export function expiryText(match: Match, meId: string, reason?: MatchExpiryReason): string {
  const { meAccepted, partnerAccepted } = matchSides(match, meId);
  if (reason === 'partnerLeft') return MATCH_EXPIRED_TEXTS.partnerLeft;
  // A block or a removal (decision 016): the same neutral words for both sides.
  if (reason === 'ended') return MATCH_EXPIRED_TEXTS.ended;
  if (reason === 'callNotStarted') return MATCH_EXPIRED_TEXTS.expired;
  if (match.status === 'Accepted' || (meAccepted && partnerAccepted)) return MATCH_EXPIRED_TEXTS.expired;
  return meAccepted ? MATCH_EXPIRED_TEXTS.partnerDidNotAnswer : MATCH_EXPIRED_TEXTS.expired;
}

export const partnerAcceptedText = (match: Match, meId: string) =>
  `${displayNameOf(matchSides(match, meId).partner)} accepted your match.`;

export const bothAcceptedText = (match: Match, meId: string) =>
  `${displayNameOf(matchSides(match, meId).partner)} accepted too. Your video call is starting.`;

export const partnerDeclinedText = (match: Match, meId: string) =>
  `${displayNameOf(matchSides(match, meId).partner)} declined the match.`;
