import type { Match, SessionDescription } from '@wheelmeet/contracts';
import { MAX_QUEUED_CANDIDATES } from './peer-negotiation';

// Offers for a match this screen has not seen accepted yet are kept, boundedly.
const MAX_EARLY_OFFERS = 10;

/** An offer that came before this screen heard its match was accepted, with the candidates that followed it. */
export interface EarlyOffer {
  offer: SessionDescription;
  candidates: RTCIceCandidateInit[];
}

/**
 * What this screen knows of its matches' calls besides the call under way: the matches both
 * accepted (and who this person is in them), offers that overtook that news, and the matches
 * whose call is over for good (issue 33), for which nothing opens a call again.
 */
export class MatchBook<Me> {
  private readonly readyMatches = new Map<string, { match: Match; me: Me }>();
  private readonly earlyOffers = new Map<string, EarlyOffer>();
  private readonly overMatches = new Set<string>();

  matchReady(match: Match, me: Me) {
    this.readyMatches.set(match.id, { match, me });
  }

  ready(matchId: string): { match: Match; me: Me } | undefined {
    return this.readyMatches.get(matchId);
  }

  /**
   * An offer for `matchId`: its ready match to answer it in, or undefined when there is none
   * (yet: the offer is kept for then) or its call is over.
   */
  offerArrived(matchId: string, offer: SessionDescription): { match: Match; me: Me } | undefined {
    if (this.overMatches.has(matchId)) return undefined;
    const ready = this.readyMatches.get(matchId);
    if (!ready && (this.earlyOffers.size < MAX_EARLY_OFFERS || this.earlyOffers.has(matchId))) {
      this.earlyOffers.set(matchId, { offer, candidates: [] });
    }
    return ready;
  }

  /** A candidate for a match without a call here: kept with its early offer, if there is one. */
  candidateArrived(matchId: string, candidate: RTCIceCandidateInit) {
    const early = this.earlyOffers.get(matchId);
    if (early && early.candidates.length < MAX_QUEUED_CANDIDATES) early.candidates.push(candidate);
  }

  /** The offer that came early for `matchId`, handed over once. */
  takeEarlyOffer(matchId: string): EarlyOffer | undefined {
    const early = this.earlyOffers.get(matchId);
    this.earlyOffers.delete(matchId);
    return early;
  }

  /** The match's call ended for good: nothing for it opens a call again. */
  over(matchId: string) {
    this.overMatches.add(matchId);
    this.readyMatches.delete(matchId);
    this.earlyOffers.delete(matchId);
  }

  isOver(matchId: string): boolean {
    return this.overMatches.has(matchId);
  }
}
