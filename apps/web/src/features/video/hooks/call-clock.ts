import type { CallTimerEvent } from '@wheelmeet/contracts';

/** The ask to extend the call: nobody asked, this side asked, the partner asked (and waits for us). */
export type CallExtension = 'none' | 'asked-by-me' | 'asked-by-partner';

/** The call's clock as the server keeps it (CallTimer), on this browser's clock. */
export interface CallClock {
  /**
   * When the call first started by the server's word (CallTimer), on the environment's clock: the
   * call timer counts from it, so a reload does not start it again from zero (issue 33).
   */
  startedAt: number | null;
  /** When the server ends the call, on the environment's clock (ms); null until the call's clock starts. */
  endsAt: number | null;
  /** The call's length, which an extension adds once more. */
  lengthSeconds: number | null;
  extended: boolean;
  extension: CallExtension;
}

/** The server's clock for the call, moved onto this browser's clock (`now`, ms) as `meId` sees it. */
export function callClockOf(timer: CallTimerEvent, now: number, meId: string): CallClock {
  const serverAhead = Date.parse(timer.serverTime) - now;
  return {
    startedAt: Date.parse(timer.startedAt) - serverAhead,
    endsAt: Date.parse(timer.endsAt) - serverAhead,
    lengthSeconds: timer.lengthSeconds,
    extended: timer.extended,
    extension:
      timer.extensionRequestedBy === null
        ? 'none'
        : timer.extensionRequestedBy === meId
          ? 'asked-by-me'
          : 'asked-by-partner',
  };
}

/** Asking to extend makes sense once per call: not after it was extended, nor while our ask waits. */
export const mayAskToExtend = (clock: Pick<CallClock, 'extended' | 'extension'>) =>
  !clock.extended && clock.extension !== 'asked-by-me';

/**
 * When the connection first reached 'connected', given its new state: kept through a reconnect,
 * so the call timer does not start again after a hiccup.
 */
export function connectedAtAfter(
  connectedAt: number | null,
  peerState: RTCPeerConnectionState,
  now: number,
): number | null {
  return peerState === 'connected' ? (connectedAt ?? now) : connectedAt;
}
