import { MATCH_ANSWER_WINDOW_MS, type Match } from '@wheelmeet/contracts';
import type { RealtimeTimers } from '@/lib/realtime-client';
import { stopWhenOpen } from './call-media';
import { closeWhenMade, type PreparedOffer } from './peer-negotiation';

/**
 * How long a camera opened at this person's Accept stays on while the partner has not accepted,
 * for a match that does not say until when it can be answered: a match not accepted by both
 * within its answer window is closed by the server, so by then the camera is not needed (even
 * if the news of the close was lost on the way). A match with `answerBy` holds it until then.
 */
export const PREPARED_MEDIA_HOLD_MS = MATCH_ANSWER_WINDOW_MS;

/** How long what was got ready at the Accept of `match` is held, from `now`. */
export function preparationHoldMs(match: Pick<Match, 'answerBy'>, now: number): number {
  // The organiser may give longer than the standard window (decision 010).
  return match.answerBy ? Math.max(0, Date.parse(match.answerBy) - now) : PREPARED_MEDIA_HOLD_MS;
}

/** Camera, microphone, ICE servers and (for the caller) the offer being got ready for a match this person accepted. */
export interface Preparation {
  matchId: string;
  media: Promise<MediaStream>;
  iceServers: Promise<RTCIceServer[]>;
  /** The caller's only; null when it could not be made, and the call then makes one as before. */
  offer: Promise<PreparedOffer | null> | null;
}

/** What this person's Accept got ready, held for one match until its call takes it or it is released. */
export class PreparationHold {
  private held: { preparation: Preparation; releaseTimer: unknown } | null = null;

  constructor(private readonly timers: RealtimeTimers) {}

  isFor(matchId: string): boolean {
    return this.held?.preparation.matchId === matchId;
  }

  /** Holds `preparation` for `holdMs`, then turns it off. */
  hold(preparation: Preparation, holdMs: number) {
    this.held = {
      preparation,
      releaseTimer: this.timers.setTimeout(() => this.release(preparation.matchId), holdMs),
    };
  }

  /** Turns off the camera got ready for `matchId` (all of them without one): no call will use it. */
  release(matchId?: string) {
    const preparation = this.take(matchId);
    if (!preparation) return;
    stopWhenOpen(preparation.media);
    if (preparation.offer) closeWhenMade(preparation.offer);
  }

  /** What was got ready for `matchId` (whatever there is, without one), handed over once. */
  take(matchId?: string): Preparation | null {
    const held = this.held;
    if (!held || (matchId !== undefined && held.preparation.matchId !== matchId)) return null;
    this.held = null;
    this.timers.clearTimeout(held.releaseTimer);
    return held.preparation;
  }
}
