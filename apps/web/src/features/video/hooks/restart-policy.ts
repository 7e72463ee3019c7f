import type { RealtimeTimers } from '@/lib/realtime-client';
import type { CallRole } from './call-reducer';

/** Spec section 9: Retry waits this long between ending the call and starting it again. */
export const VIDEO_RETRY_DELAY_MS = 1_000;
/** How long a 'disconnected' connection may take to come back before the call counts as lost. */
export const DISCONNECTED_GRACE_MS = 10_000;
/**
 * How long a call may stay unconnected after its offer or answer went out before this side
 * starts it again: the two pages can get out of step (an answer to an offer that was replaced,
 * a rejoin that went astray), and a fresh offer heals that without anyone pressing Retry.
 */
export const CONNECT_TIMEOUT_MS = 15_000;
/**
 * A connection that has found no candidate of its own this long after its offer or answer went
 * out has not started ICE, and will not: Chromium now and then gathered nothing for an answer
 * (bench:video: 4 calls in 88 waited the whole CONNECT_TIMEOUT_MS), which the provisional answer
 * no longer shows. Such a call starts afresh then; one whose ICE is under way gets the rest of
 * the wait.
 */
export const ICE_GATHERING_TIMEOUT_MS = 3_000;
/** Fresh starts of one call without a connection in between, before it counts as lost. */
export const MAX_AUTOMATIC_RESTARTS = 2;

/**
 * What a call that has not connected in time does next. `wait-on`: its ICE started after all,
 * so it gets the rest of the wait. `ask-again`: the answerer still has no offer. `give-up`: it
 * counts as lost. `restart`: it starts afresh.
 */
export type StalledCallStep = 'wait-on' | 'ask-again' | 'give-up' | 'restart';

export function stepForStalledCall({
  shortWait,
  foundCandidate,
  waitingForOffer,
  automaticRestarts,
}: {
  /** The wait was the short one, for a connection without a candidate of its own. */
  shortWait: boolean;
  foundCandidate: boolean;
  /** The answerer has no connection yet: no offer came. */
  waitingForOffer: boolean;
  automaticRestarts: number;
}): StalledCallStep {
  if (shortWait && foundCandidate) return 'wait-on';
  // No offer yet (the partner may still be granting camera access): ask again. A call that
  // never starts is closed by the server (MatchExpired), which ends this wait.
  if (waitingForOffer) return 'ask-again';
  return automaticRestarts >= MAX_AUTOMATIC_RESTARTS ? 'give-up' : 'restart';
}

/** How long to wait for the connection: short for one without a candidate, the rest after that. */
export function connectWaitMs(early: boolean, lookedEarly: boolean): number {
  if (early) return ICE_GATHERING_TIMEOUT_MS;
  return lookedEarly ? CONNECT_TIMEOUT_MS - ICE_GATHERING_TIMEOUT_MS : CONNECT_TIMEOUT_MS;
}

/** What the policy needs to know of its call, and the steps it takes on the call's behalf. */
export interface RestartableCall {
  role: CallRole;
  /** The call was replaced or hung up, or it connected: nothing to do. */
  settled(): boolean;
  hasPeer(): boolean;
  foundCandidate(): boolean;
  /** Asks the partner's page to call again. */
  askForOffer(): void;
  /** The caller closes its connection and offers again on a fresh one. */
  offerAgain(): void;
  /** The call counts as lost. */
  giveUp(): void;
}

/**
 * When one call starts afresh by itself, and when it counts as lost: the wait for a connection,
 * the grace of a dropped one, and the delay of Retry. Its timers are the call's only ones.
 */
export class RestartPolicy {
  /** Fresh starts since the call last connected. */
  private automaticRestarts = 0;
  private connectTimer: unknown = null;
  private disconnectTimer: unknown = null;
  private retryTimer: unknown = null;

  constructor(
    private readonly timers: RealtimeTimers,
    private readonly call: RestartableCall,
  ) {}

  /**
   * Starts the call afresh if it has not connected within CONNECT_TIMEOUT_MS: the offerer offers
   * again, the answerer asks for a new offer. After MAX_AUTOMATIC_RESTARTS of a call that got
   * an offer it counts as lost.
   */
  watchConnecting(lookedEarly = false) {
    this.clear('connectTimer');
    // A connection without a candidate of its own yet is looked at early: still none, and ICE never started.
    const early = !lookedEarly && this.call.hasPeer() && !this.call.foundCandidate();
    this.connectTimer = this.timers.setTimeout(
      () => {
        this.connectTimer = null;
        if (this.call.settled()) return;
        const step = stepForStalledCall({
          shortWait: early,
          foundCandidate: this.call.foundCandidate(),
          waitingForOffer: this.call.role === 'answerer' && !this.call.hasPeer(),
          automaticRestarts: this.automaticRestarts,
        });
        if (step === 'wait-on') this.watchConnecting(true);
        else if (step === 'ask-again') {
          this.call.askForOffer();
          this.watchConnecting();
        } else if (step === 'give-up') this.call.giveUp();
        else this.restart();
      },
      connectWaitMs(early, lookedEarly),
    );
  }

  private restart() {
    this.automaticRestarts += 1;
    if (this.call.role === 'offerer') this.call.offerAgain();
    else {
      this.call.askForOffer();
      // The connection looked at stays until the new offer replaces it: not looked at again.
      this.watchConnecting(true);
    }
  }

  /** The connection's state changed: connected ends the wait, disconnected gets its grace. */
  peerStateChanged(peerState: RTCPeerConnectionState, stillDisconnected: () => boolean) {
    this.clear('disconnectTimer');
    if (peerState === 'connected') {
      this.clear('connectTimer');
      this.automaticRestarts = 0;
    }
    if (peerState !== 'disconnected') return;
    // Often a network hiccup that ICE recovers from by itself; give it a moment.
    this.disconnectTimer = this.timers.setTimeout(() => {
      this.disconnectTimer = null;
      if (stillDisconnected()) this.call.giveUp();
    }, DISCONNECTED_GRACE_MS);
  }

  /** Retry: `start` runs after VIDEO_RETRY_DELAY_MS, unless the call stops meanwhile. */
  scheduleRetry(start: () => void) {
    this.retryTimer = this.timers.setTimeout(() => {
      this.retryTimer = null;
      start();
    }, VIDEO_RETRY_DELAY_MS);
  }

  cancelRetry() {
    this.clear('retryTimer');
  }

  /** The connection is closed: nothing waits on it any more. */
  peerClosed() {
    this.clear('disconnectTimer');
    this.clear('connectTimer');
  }

  private clear(timer: 'connectTimer' | 'disconnectTimer' | 'retryTimer') {
    const handle = this[timer];
    if (handle !== null) this.timers.clearTimeout(handle);
    this[timer] = null;
  }
}
