import type { HubResult, RefusalReason } from '@wheelmeet/contracts';
import { type CallClock, connectedAtAfter } from './call-clock';
import { type CallProblem, type CallRole, type CallState, IDLE_CALL_STATE } from './call-state';

export type { CallPhase, CallProblem, CallRole, CallState } from './call-state';

/** What happened to the call; `callReducer` says what the screen shows after it. */
export type CallEvent =
  | { type: 'opened'; matchId: string; role: CallRole; partnerName: string; prompt: string | null }
  /** An offer (or, `answering`, an answer to a new offer) is being made; `retrying` after Retry or a fresh start. */
  | { type: 'offering' | 'answering'; retrying: boolean }
  /** The offer or answer went out. */
  | { type: 'signalSent' }
  /** The answerer, camera on, waits for a new offer (after a reload or Retry). */
  | { type: 'waitingForOffer' }
  | { type: 'peerStateChanged'; peerState: RTCPeerConnectionState; now: number }
  | { type: 'localStreamOpened'; stream: MediaStream; hasCamera: boolean }
  | { type: 'remoteStreamChanged'; stream: MediaStream }
  | { type: 'microphoneToggled' }
  | { type: 'cameraToggled' }
  | { type: 'partnerMediaChanged'; cameraOn: boolean; microphoneOn: boolean }
  | { type: 'clockSet'; clock: CallClock }
  /** This side could not start; `peerClosed` when it had a connection, now closed. */
  | { type: 'failed'; problem: CallProblem; retrying: boolean; peerClosed: boolean }
  | { type: 'connectionLost'; peerState: RTCPeerConnectionState }
  | { type: 'partnerFailed' }
  | { type: 'retrying'; peerClosed: boolean }
  | { type: 'stoppedForGood'; problem: CallProblem }
  | { type: 'hungUp' };

/** A call that stopped shows nothing of its own connection or streams any more. */
const STOPPED = { connectedAt: null, localStream: null, remoteStream: null } as const;

/** A fresh negotiation: whatever went wrong before is forgotten. */
const NO_PROBLEM = { problem: null, retryFailed: false, partnerFailed: false } as const;

/** The call's screen after `event`: state transitions only, the effects stay with the controller. */
export function callReducer(state: CallState, event: CallEvent): CallState {
  switch (event.type) {
    case 'opened':
      return {
        ...IDLE_CALL_STATE,
        phase: 'starting',
        matchId: event.matchId,
        role: event.role,
        partnerName: event.partnerName,
        prompt: event.prompt,
      };
    case 'offering':
    case 'answering':
      return {
        ...state,
        ...NO_PROBLEM,
        phase: event.retrying ? 'retrying' : 'starting',
        peerState: 'new',
        connectedAt: null,
        // A new offer replaces whatever the partner sent before.
        ...(event.type === 'answering' ? { remoteStream: null } : {}),
      };
    case 'signalSent':
      return { ...state, phase: 'active' };
    case 'waitingForOffer':
      return { ...state, phase: 'waiting' };
    case 'peerStateChanged':
      return {
        ...state,
        peerState: event.peerState,
        connectedAt: connectedAtAfter(state.connectedAt, event.peerState, event.now),
      };
    case 'localStreamOpened':
      return {
        ...state,
        localStream: event.stream,
        hasCamera: event.hasCamera,
        cameraOn: event.hasCamera && state.cameraOn,
      };
    case 'remoteStreamChanged':
      return { ...state, remoteStream: event.stream };
    case 'microphoneToggled':
      return { ...state, microphoneOn: !state.microphoneOn };
    case 'cameraToggled':
      return { ...state, cameraOn: !state.cameraOn };
    case 'partnerMediaChanged':
      return { ...state, partnerCameraOn: event.cameraOn, partnerMicrophoneOn: event.microphoneOn };
    case 'clockSet':
      return { ...state, ...event.clock };
    case 'failed':
      return {
        ...state,
        ...STOPPED,
        phase: 'failed',
        problem: event.problem,
        retryFailed: event.retrying,
        peerState: event.peerClosed ? 'closed' : state.peerState,
      };
    case 'connectionLost':
      return { ...state, ...STOPPED, phase: 'ended', problem: 'connection-lost', peerState: event.peerState };
    case 'partnerFailed':
      return {
        ...state,
        ...NO_PROBLEM,
        phase: 'waiting',
        partnerFailed: true,
        peerState: 'closed',
        connectedAt: null,
        remoteStream: null,
      };
    case 'retrying':
      return {
        ...state,
        ...STOPPED,
        ...NO_PROBLEM,
        phase: 'retrying',
        peerState: event.peerClosed ? 'closed' : state.peerState,
      };
    case 'stoppedForGood':
      return {
        ...state,
        ...STOPPED,
        phase: 'ended',
        problem: event.problem,
        peerState: 'closed',
        startedAt: null,
        endsAt: null,
      };
    case 'hungUp':
      return { ...IDLE_CALL_STATE, peerState: 'closed' };
  }
}

/**
 * Whether Retry can help: the call could not start here ('failed'), or its connection was lost.
 * Not a healthy call, and not one the server ended for good (a hang-up, time up, a closed match).
 */
export const canRetry = (state: Pick<CallState, 'phase' | 'problem'>) =>
  state.phase === 'failed' || (state.phase === 'ended' && state.problem === 'connection-lost');

/** Refusals after which the call cannot go on, whatever this side does: it is over for good. */
const FINAL_REFUSALS: Partial<Record<RefusalReason, CallProblem>> = {
  call_ended: 'call-ended',
  call_time_up: 'time-up',
  match_closed: 'match-ended',
};

/** The problem a hub refusal means when it ends the call for good; null when it does not. */
export function finalProblemOf(result: HubResult<unknown>): CallProblem | null {
  return 'error' in result ? (FINAL_REFUSALS[result.error.reason] ?? null) : null;
}
