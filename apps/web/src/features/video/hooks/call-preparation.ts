import { MATCH_ANSWER_WINDOW_MS, type Match } from '@wheelmeet/contracts';
import type { RealtimeTimers } from '@/lib/realtime-client';
import { stopWhenOpen } from './call-media';
import { closeWhenMade, type PreparedConnection } from './peer-negotiation';

/**
 * How long a camera opened at this person's Accept stays on while the partner has not accepted,
 * for a match that does not say until when it can be answered: a match not accepted by both
 * within its answer window is closed by the server, so by then the camera is not needed (even
 * if the news of the close was lost on the way). A match with `answerBy` holds it until then.
 */
export const PREPARED_MEDIA_HOLD_MS = MATCH_ANSWER_WINDOW_MS;

/** How long what was got ready for pending `match` is held, from `now`. */
export function preparationHoldMs(match: Pick<Match, 'answerBy'>, now: number): number {
  // The organiser may give longer than the standard window (decision 010).
  return match.answerBy ? Math.max(0, Date.parse(match.answerBy) - now) : PREPARED_MEDIA_HOLD_MS;
}

/**
 * What gets ready for a pending match: from the moment it is shown, the ICE servers and the
 * connection (the caller's with its offer); from this person's own Accept, camera and
 * microphone (decision 022: not before they said they want the call).
 */
export interface Preparation {
  matchId: string;
  iceServers: Promise<RTCIceServer[]>;
  /** Null when it could not be made; the call then makes one as before. */
  connection: Promise<PreparedConnection | null>;
  /** Null until this person accepted. */
  media: Promise<MediaStream> | null;
  /**
   * The caller's offer sent to the hub at its Accept (decision 036), which hands it to the
   * partner once both accepted: true once the hub kept it. Null until then, and for the answerer.
   */
  offerSent: Promise<boolean> | null;
}

/** What was got ready for one pending match, held until its call takes it or it is released. */
export class PreparationHold {
  private held: { preparation: Preparation; releaseTimer: unknown } | null = null;

  constructor(private readonly timers: RealtimeTimers) {}

  /** Something is held for `matchId` (made on `iceServers`, when given). */
  isFor(matchId: string, iceServers?: Promise<RTCIceServer[]>): boolean {
    const held = this.held?.preparation;
    return held?.matchId === matchId && (iceServers === undefined || held.iceServers === iceServers);
  }

  /** Holds `preparation` for `holdMs`, then turns it off. */
  hold(preparation: Preparation, holdMs: number) {
    this.held = {
      preparation,
      releaseTimer: this.timers.setTimeout(() => this.release(preparation.matchId), holdMs),
    };
  }

  /**
   * This person accepted `matchId`: opens the camera for what is held for it and sends its offer
   * ahead, unless that was done already (an Accept heard twice).
   */
  accepted(
    matchId: string,
    open: () => Promise<MediaStream>,
    sendOffer: (offer: Preparation['connection']) => Promise<boolean>,
  ) {
    const held = this.held?.preparation;
    if (held?.matchId !== matchId || held.media) return;
    held.media = open();
    held.offerSent = sendOffer(held.connection);
  }

  /** Turns off the camera and closes the connection got ready for `matchId` (all of them without one): no call will use them. */
  release(matchId?: string) {
    const preparation = this.take(matchId);
    if (!preparation) return;
    if (preparation.media) stopWhenOpen(preparation.media);
    closeWhenMade(preparation.connection);
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
