import type { CallClock } from './call-clock';

// What a screen shows of its call, apart from the reducer that changes it: the page's first
// download holds this, while the reducer comes with the call's engine, fetched when a match is
// revealed (issue 37).

export type CallRole = 'offerer' | 'answerer';

/**
 * idle: no call (the overlay is closed). starting: media and signalling under way.
 * active: the offer or answer went out; `peerState` tells how the connection is doing.
 * waiting: the answerer has its camera on and waits for a new offer, or either side waits for a
 * partner whose side could not start to press Retry (`partnerFailed`). retrying: Retry was pressed.
 * ended: the partner hung up or the connection was lost. failed: the call could not start.
 */
export type CallPhase = 'idle' | 'starting' | 'active' | 'waiting' | 'retrying' | 'ended' | 'failed';

export type CallProblem =
  | 'start-failed'
  | 'permission-denied'
  | 'no-device'
  | 'device-busy'
  | 'partner-left'
  | 'match-expired'
  /** Closed by the server for a reason neither side is told (a block, a removal; decision 016). */
  | 'match-ended'
  | 'time-up'
  /** The call ended for good on the server (issue 33): someone hung up, on another screen say. */
  | 'call-ended'
  | 'connection-lost';

export interface CallState extends CallClock {
  phase: CallPhase;
  matchId: string | null;
  role: CallRole | null;
  partnerName: string | null;
  /** Issue 35: the round's icebreaker prompt, from the match; null when the wheel has none. */
  prompt: string | null;
  /** The peer connection's own `connectionState`. */
  peerState: RTCPeerConnectionState;
  /**
   * When this connection first reached 'connected' (the environment's clock, in ms), for the call
   * timer; kept through a reconnect, null before and once the call stops.
   */
  connectedAt: number | null;
  localStream: MediaStream | null;
  remoteStream: MediaStream | null;
  microphoneOn: boolean;
  cameraOn: boolean;
  /** False when this device has no camera: the call runs on sound alone. */
  hasCamera: boolean;
  /** What the partner last said about their camera and microphone (MediaStateChanged). */
  partnerCameraOn: boolean;
  partnerMicrophoneOn: boolean;
  /** Why the call stopped ('ended' and 'failed'). */
  problem: CallProblem | null;
  /** The failure happened while retrying. */
  retryFailed: boolean;
  /**
   * The partner's side could not start (CallFailed; a camera refused, say): their connection is closed
   * and this side, its camera kept on, waits for their Retry instead of counting the call as lost.
   */
  partnerFailed: boolean;
}

/** A screen with no call. */
export const IDLE_CALL_STATE: CallState = {
  phase: 'idle',
  matchId: null,
  role: null,
  partnerName: null,
  prompt: null,
  peerState: 'new',
  connectedAt: null,
  startedAt: null,
  localStream: null,
  remoteStream: null,
  microphoneOn: true,
  cameraOn: true,
  hasCamera: true,
  partnerCameraOn: true,
  partnerMicrophoneOn: true,
  endsAt: null,
  lengthSeconds: null,
  extended: false,
  extension: 'none',
  problem: null,
  retryFailed: false,
  partnerFailed: false,
};
