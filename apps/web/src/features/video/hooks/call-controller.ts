import {
  type CallFailedEvent,
  type CallTimerEvent,
  displayNameOf,
  type IceCandidate,
  type IceCandidateReceivedEvent,
  MATCH_ANSWER_WINDOW_MS,
  type Match,
  type MatchExpiredEvent,
  type OfferReceivedEvent,
  type HubResult,
  type RefusalReason,
  type SessionDescription,
} from '@wheelmeet/contracts';
import type { RealtimeClient } from '@/lib/realtime-client';
import type { VideoCallEnvironment } from './video-call-environment';

/** Spec section 9: Retry waits this long between ending the call and starting it again. */
export const VIDEO_RETRY_DELAY_MS = 1_000;
/** Spec section 9. */
export const ICE_CANDIDATE_POOL_SIZE = 50;
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
 * in `answer` no longer shows. Such a call starts afresh then; one whose ICE is under way gets
 * the rest of the wait.
 */
export const ICE_GATHERING_TIMEOUT_MS = 3_000;
/**
 * How long ICE servers fetched for a match still to be answered are used again, by its Accept
 * and its call: half the shortest life the server gives TURN credentials (60 s), so a list used
 * at the end of this still has half its life left.
 */
export const ICE_SERVERS_REUSE_MS = 30_000;
/** Fresh starts of one call without a connection in between, before it counts as lost. */
export const MAX_AUTOMATIC_RESTARTS = 2;
/**
 * How long a camera opened at this person's Accept stays on while the partner has not accepted,
 * for a match that does not say until when it can be answered: a match not accepted by both
 * within its answer window is closed by the server, so by then the camera is not needed (even
 * if the news of the close was lost on the way). A match with `answerBy` holds it until then.
 */
export const PREPARED_MEDIA_HOLD_MS = MATCH_ANSWER_WINDOW_MS;
/** Camera and microphone are asked for together (spec section 7). */
export const MEDIA_CONSTRAINTS: MediaStreamConstraints = { video: true, audio: true };
/** Without a camera (or a microphone) the call goes on with what there is, tried in this order. */
export const FALLBACK_MEDIA_CONSTRAINTS: MediaStreamConstraints[] = [{ audio: true }, { video: true }];

// Offers and candidates for a match this screen has not seen accepted yet are kept, boundedly.
const MAX_EARLY_OFFERS = 10;
const MAX_QUEUED_CANDIDATES = 200;

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

/**
 * Whether Retry can help: the call could not start here ('failed'), or its connection was lost.
 * Not a healthy call, and not one the server ended for good (a hang-up, time up, a closed match).
 */
export const canRetry = (state: Pick<CallState, 'phase' | 'problem'>) =>
  state.phase === 'failed' || (state.phase === 'ended' && state.problem === 'connection-lost');

/** The ask to extend the call: nobody asked, this side asked, the partner asked (and waits for us). */
export type CallExtension = 'none' | 'asked-by-me' | 'asked-by-partner';

export interface CallState {
  phase: CallPhase;
  matchId: string | null;
  role: CallRole | null;
  partnerName: string | null;
  /** The peer connection's own `connectionState`. */
  peerState: RTCPeerConnectionState;
  /**
   * When this connection first reached 'connected' (the environment's clock, in ms), for the call
   * timer; kept through a reconnect, null before and once the call stops.
   */
  connectedAt: number | null;
  /**
   * When the call first started by the server's word (CallTimer), on the environment's clock: the
   * call timer counts from it, so a reload does not start it again from zero (issue 33).
   */
  startedAt: number | null;
  localStream: MediaStream | null;
  remoteStream: MediaStream | null;
  microphoneOn: boolean;
  cameraOn: boolean;
  /** False when this device has no camera: the call runs on sound alone. */
  hasCamera: boolean;
  /** What the partner last said about their camera and microphone (MediaStateChanged). */
  partnerCameraOn: boolean;
  partnerMicrophoneOn: boolean;
  /** When the server ends the call, on the environment's clock (ms); null until the call's clock starts. */
  endsAt: number | null;
  /** The call's length, which an extension adds once more. */
  lengthSeconds: number | null;
  extended: boolean;
  extension: CallExtension;
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

/** Who is calling: the current participant and their hub token (for TURN credentials). */
export interface CallParticipant {
  id: string;
  token: string;
}

export interface CallController {
  getState(): CallState;
  subscribe(listener: () => void): () => void;
  /** Listens to the hub's call events; the returned function stops listening and hangs up. */
  attach(): () => void;
  /**
   * Both sides accepted `match`: user1 calls, user2 waits for the offer. `restored`: the match
   * came back from a snapshot (a reload or a new device), so the partner may be in the call
   * already, talking to a page that is gone; user2 then asks user1 to call again.
   */
  matchReady(match: Match, me: CallParticipant, restored?: boolean): void;
  /**
   * `match` was shown to this person, who has not answered it yet: the ICE servers are fetched
   * now, off the path of the call, and its Accept and its call use them (ICE_SERVERS_REUSE_MS).
   * Nothing else gets ready before this person's own Accept: not the camera.
   */
  matchOffered(match: Match, me: CallParticipant): void;
  /**
   * This person accepted `match`; the partner may not have yet. Camera, microphone, ICE
   * servers and, for the caller, the offer get ready now, so that the call starts without
   * waiting for them once both have accepted. Released when the match is declined or closed,
   * or after PREPARED_MEDIA_HOLD_MS.
   */
  acceptedByMe(match: Match, me: CallParticipant): void;
  toggleMicrophone(): void;
  toggleCamera(): void;
  /**
   * Stops every track, closes the connection and tells the partner; the overlay closes. Final
   * (issue 33): the server ends the match's call for both, and nothing here starts it again.
   */
  endCall(): void;
  /** Asks to extend the call by its length; with the partner's ask too, the server extends it. */
  extendCall(): void;
  /**
   * Closes this side's connection and starts it again after VIDEO_RETRY_DELAY_MS, within the
   * same call: it never sends EndCall, which would end the call for good (issue 33).
   */
  retry(): void;
  /** The live connection's state, for the end-to-end test hook. */
  connectionState(): RTCPeerConnectionState;
}

export const IDLE_CALL_STATE: CallState = {
  phase: 'idle',
  matchId: null,
  role: null,
  partnerName: null,
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

interface Session {
  match: Match;
  me: CallParticipant;
  role: CallRole;
  pc: RTCPeerConnection | null;
  stream: MediaStream | null;
  /** The partner's candidates, held until the remote description is set. */
  incoming: RTCIceCandidateInit[];
  remoteDescriptionSet: boolean;
  /** Our candidates, held until the offer or answer has gone out; null once it has. */
  outgoing: IceCandidate[] | null;
  /** An offer this side has not answered yet: Retry after a failed start answers it. */
  unansweredOffer: SessionDescription | null;
  /** The partner is in the call with us, so hanging up must tell them. */
  partnerInCall: boolean;
  disconnectTimer: unknown;
  retryTimer: unknown;
  /** Runs while the call waits to connect (CONNECT_TIMEOUT_MS). */
  connectTimer: unknown;
  /** The connection found a candidate of its own: its ICE started (ICE_GATHERING_TIMEOUT_MS). */
  foundCandidate: boolean;
  /** Fresh starts since the call last connected. */
  automaticRestarts: number;
  /** The ICE servers, fetched once per call (before the offer arrives, for the answerer). */
  iceServers: Promise<RTCIceServer[]> | null;
  /**
   * The camera being opened for this call (since this person's Accept, or by a start waiting for
   * it), until it is `stream`: a start that comes meanwhile (the offer) waits for the same one.
   */
  openingMedia: Promise<MediaStream> | null;
  /** The caller's offer made at its Accept, until the first start sends it. */
  preparedOffer: Promise<PreparedOffer | null> | null;
}

/**
 * The caller's offer, made at its own Accept while the partner has not answered yet: the
 * connection, its local description set, and the candidates it found meanwhile (sent after the
 * offer). Nothing of it leaves the browser until both accepted.
 */
interface PreparedOffer {
  pc: RTCPeerConnection;
  description: RTCSessionDescriptionInit;
  candidates: IceCandidate[];
}

/** Camera, microphone, ICE servers and (for the caller) the offer being got ready for a match this person accepted. */
interface Preparation {
  matchId: string;
  media: Promise<MediaStream>;
  iceServers: Promise<RTCIceServer[]>;
  /** The caller's only; null when it could not be made, and the call then makes one as before. */
  offer: Promise<PreparedOffer | null> | null;
  releaseTimer: unknown;
}

/** Maps a getUserMedia (or other) failure to what the user is told. */
export function callProblemOf(error: unknown): CallProblem {
  const name = (error as { name?: unknown } | null | undefined)?.name;
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
    case 'PermissionDeniedError':
      return 'permission-denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'no-device';
    case 'NotReadableError':
    case 'TrackStartError':
      return 'device-busy';
    default:
      return 'start-failed';
  }
}

type CandidateLike = Pick<RTCIceCandidateInit, 'candidate' | 'sdpMid' | 'sdpMLineIndex' | 'usernameFragment'>;

/** A candidate without sdpMid and sdpMLineIndex cannot be placed in the session: skipped both ways. */
function usableCandidate(candidate: CandidateLike): IceCandidate | null {
  if (candidate.sdpMid == null && candidate.sdpMLineIndex == null) return null;
  return {
    candidate: candidate.candidate ?? '',
    sdpMid: candidate.sdpMid ?? null,
    sdpMLineIndex: candidate.sdpMLineIndex ?? null,
    usernameFragment: candidate.usernameFragment ?? null,
  };
}

function stopStream(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** Stops a stream still being opened as soon as it is open; a failure to open it needs no answer. */
function stopWhenOpen(media: Promise<MediaStream>) {
  media.then(stopStream, () => {});
}

/** Closes an offer made ahead (or still being made) that no call will send. */
function closeWhenMade(offer: Promise<PreparedOffer | null>) {
  void offer.then((prepared) => prepared?.pc.close());
}

/**
 * The peer-to-peer call of one screen, as a small state machine outside React: the offerer
 * (user1 of the match) offers, the answerer answers, candidates go both ways through the hub.
 */
export function createCallController({
  client,
  environment,
}: {
  client: Pick<RealtimeClient, 'call' | 'on'>;
  environment: VideoCallEnvironment;
}): CallController {
  const { timers } = environment;
  let state = IDLE_CALL_STATE;
  const listeners = new Set<() => void>();
  const readyMatches = new Map<string, { match: Match; me: CallParticipant }>();
  const earlyOffers = new Map<string, { offer: SessionDescription; candidates: RTCIceCandidateInit[] }>();
  /** Matches whose call ended for good (issue 33): nothing for them opens a call again. */
  const overMatches = new Set<string>();
  let session: Session | null = null;
  let preparation: Preparation | null = null;
  /** The latest ICE servers fetched, for whom and when (ICE_SERVERS_REUSE_MS). */
  let fetchedIceServers: { token: string; servers: Promise<RTCIceServer[]>; at: number } | null = null;
  // Bumped whenever a start is superseded or torn down; async steps of an older start stop.
  let attempt = 0;

  function set(patch: Partial<CallState>) {
    state = { ...state, ...patch };
    for (const listener of [...listeners]) listener();
  }

  const isCurrent = (s: Session, a: number) => session === s && attempt === a;

  function clearTimer(handle: unknown) {
    if (handle !== null) timers.clearTimeout(handle);
  }

  function closePeer(s: Session) {
    clearTimer(s.disconnectTimer);
    s.disconnectTimer = null;
    clearTimer(s.connectTimer);
    s.connectTimer = null;
    const pc = s.pc;
    s.pc = null;
    s.remoteDescriptionSet = false;
    s.incoming = [];
    s.outgoing = null;
    if (!pc) return;
    pc.onicecandidate = null;
    pc.ontrack = null;
    pc.onconnectionstatechange = null;
    pc.close();
  }

  /** Stops everything the session holds: pending steps, timers, the connection and the media. */
  function teardown(s: Session) {
    attempt += 1;
    clearTimer(s.retryTimer);
    s.retryTimer = null;
    closePeer(s);
    stopStream(s.stream);
    s.stream = null;
    if (s.openingMedia) stopWhenOpen(s.openingMedia);
    s.openingMedia = null;
    if (s.preparedOffer) closeWhenMade(s.preparedOffer);
    s.preparedOffer = null;
  }

  /** Turns off the camera got ready for `matchId` (all of them without one): no call will use it. */
  function releasePreparation(matchId?: string) {
    const p = preparation;
    if (!p || (matchId !== undefined && p.matchId !== matchId)) return;
    preparation = null;
    clearTimer(p.releaseTimer);
    stopWhenOpen(p.media);
    if (p.offer) closeWhenMade(p.offer);
  }

  /** What was got ready for `matchId`, handed over to its call once. */
  function takePreparation(matchId: string): Preparation | null {
    const p = preparation;
    if (!p || p.matchId !== matchId) return null;
    preparation = null;
    clearTimer(p.releaseTimer);
    return p;
  }

  function report(result: HubResult<unknown>, what: string) {
    if ('error' in result) console.warn(`${what} failed: ${result.error.message}`);
  }

  /**
   * The answer to one of the call's signals: a refusal saying the call is over for good (someone
   * hung up, its time is up, the match closed) stops it here too (issue 33); true then. Any
   * other refusal is logged.
   */
  function settle(s: Session, result: HubResult<unknown>, what: string): boolean {
    const problem = finalProblemOf(result);
    if (problem) {
      stopForGood(s.match.id, problem);
      return true;
    }
    report(result, what);
    return false;
  }

  function sendCandidate(s: Session, candidate: IceCandidate) {
    void client
      .call('SendIceCandidate', { matchId: s.match.id, candidate })
      .then((result) => settle(s, result, 'SendIceCandidate'));
  }

  function flushOutgoing(s: Session) {
    const pending = s.outgoing ?? [];
    s.outgoing = null;
    for (const candidate of pending) sendCandidate(s, candidate);
  }

  function addRemoteCandidate(s: Session, candidate: RTCIceCandidateInit) {
    if (s.pc && s.remoteDescriptionSet) {
      s.pc
        .addIceCandidate(candidate)
        .catch((error: unknown) => console.warn('addIceCandidate failed', error));
    } else if (s.incoming.length < MAX_QUEUED_CANDIDATES) {
      s.incoming.push(candidate);
    }
  }

  function flushIncoming(s: Session) {
    const pending = s.incoming;
    s.incoming = [];
    for (const candidate of pending) addRemoteCandidate(s, candidate);
  }

  function lose(s: Session, peerState: RTCPeerConnectionState) {
    teardown(s);
    set({
      phase: 'ended',
      problem: 'connection-lost',
      peerState,
      connectedAt: null,
      localStream: null,
      remoteStream: null,
    });
  }

  function onPeerState(s: Session, pc: RTCPeerConnection) {
    const peerState = pc.connectionState;
    clearTimer(s.disconnectTimer);
    s.disconnectTimer = null;
    if (peerState === 'failed') {
      lose(s, peerState);
      return;
    }
    if (peerState === 'connected') {
      clearTimer(s.connectTimer);
      s.connectTimer = null;
      s.automaticRestarts = 0;
    }
    set({
      peerState,
      connectedAt: peerState === 'connected' ? (state.connectedAt ?? environment.now()) : state.connectedAt,
    });
    if (peerState === 'disconnected') {
      // Often a network hiccup that ICE recovers from by itself; give it a moment.
      s.disconnectTimer = timers.setTimeout(() => {
        s.disconnectTimer = null;
        if (session === s && s.pc === pc && pc.connectionState === 'disconnected') lose(s, 'disconnected');
      }, DISCONNECTED_GRACE_MS);
    }
  }

  /** Camera and microphone; without one of them, whichever there is (a missing device is not a reason to miss the call). */
  async function openMedia(): Promise<MediaStream> {
    try {
      return await environment.getUserMedia(MEDIA_CONSTRAINTS);
    } catch (error) {
      if (callProblemOf(error) !== 'no-device') throw error;
      for (const constraints of FALLBACK_MEDIA_CONSTRAINTS) {
        try {
          return await environment.getUserMedia(constraints);
        } catch (fallbackError) {
          if (callProblemOf(fallbackError) !== 'no-device') throw fallbackError;
        }
      }
      throw error;
    }
  }

  async function ensureMedia(s: Session, a: number): Promise<MediaStream | null> {
    if (!s.stream) {
      s.openingMedia ??= openMedia();
      const opening = s.openingMedia;
      let stream: MediaStream;
      try {
        stream = await opening;
      } catch (error) {
        // Asked again on the next start (Retry), not taken from this failure.
        if (s.openingMedia === opening) s.openingMedia = null;
        throw error;
      }
      // The first start to get here takes the camera for the session; a teardown meanwhile has stopped it.
      if (s.openingMedia === opening) {
        s.openingMedia = null;
        adoptStream(s, stream);
      }
    }
    return isCurrent(s, a) ? s.stream : null;
  }

  function adoptStream(s: Session, stream: MediaStream) {
    s.stream = stream;
    const hasCamera = stream.getVideoTracks().length > 0;
    // A retry keeps what the user chose: muted stays muted.
    for (const track of stream.getAudioTracks()) track.enabled = state.microphoneOn;
    for (const track of stream.getVideoTracks()) track.enabled = state.cameraOn;
    set({ localStream: stream, hasCamera, cameraOn: hasCamera && state.cameraOn });
    if (s.pc) sendTracks(s.pc, stream);
    // Opened after the offer or answer went out, which told the partner nothing of a missing camera.
    if (state.phase === 'active' && (!state.cameraOn || !state.microphoneOn)) sendMediaState(s);
  }

  /** Tells the partner whether camera and microphone are on; silent until the partner is in the call. */
  function sendMediaState(s: Session) {
    if (!s.partnerInCall) return;
    void client
      .call('SendMediaState', {
        matchId: s.match.id,
        cameraOn: state.cameraOn,
        microphoneOn: state.microphoneOn,
      })
      .then((result) => settle(s, result, 'SendMediaState'));
  }

  /** Once an offer or answer is out: the partner learns of a camera or microphone that is off. */
  function connected(s: Session) {
    flushOutgoing(s);
    set({ phase: 'active' });
    if (!state.cameraOn || !state.microphoneOn) sendMediaState(s);
    watchConnecting(s);
  }

  /** Asks the partner's page to call again (after a reload, or when the call did not connect). */
  function askForOffer(s: Session) {
    void client.call('RejoinCall', { matchId: s.match.id }).then((result) => settle(s, result, 'RejoinCall'));
  }

  /**
   * Starts the call afresh if it has not connected within CONNECT_TIMEOUT_MS: the offerer offers
   * again, the answerer asks for a new offer. After MAX_AUTOMATIC_RESTARTS of a call that got
   * an offer it counts as lost.
   */
  function watchConnecting(s: Session, lookedEarly = false) {
    clearTimer(s.connectTimer);
    // A connection without a candidate of its own yet is looked at early: still none, and ICE never started.
    const early = !lookedEarly && s.pc !== null && !s.foundCandidate;
    s.connectTimer = timers.setTimeout(
      () => {
        s.connectTimer = null;
        if (session !== s || s.pc?.connectionState === 'connected') return;
        if (early && s.foundCandidate) {
          watchConnecting(s, true);
          return;
        }
        if (s.role === 'answerer' && !s.pc) {
          // No offer yet (the partner may still be granting camera access): ask again. A call that
          // never starts is closed by the server (MatchExpired), which ends this wait.
          askForOffer(s);
          watchConnecting(s);
          return;
        }
        if (s.automaticRestarts >= MAX_AUTOMATIC_RESTARTS) {
          lose(s, s.pc?.connectionState ?? 'new');
          return;
        }
        s.automaticRestarts += 1;
        if (s.role === 'offerer') {
          closePeer(s);
          void offer(s, true);
        } else {
          askForOffer(s);
          // The connection looked at stays until the new offer replaces it: not looked at again.
          watchConnecting(s, true);
        }
      },
      early
        ? ICE_GATHERING_TIMEOUT_MS
        : lookedEarly
          ? CONNECT_TIMEOUT_MS - ICE_GATHERING_TIMEOUT_MS
          : CONNECT_TIMEOUT_MS,
    );
  }

  /** The ICE servers fetched for this person in the last ICE_SERVERS_REUSE_MS, or fetched now. */
  function iceServersFor(token: string): Promise<RTCIceServer[]> {
    const now = environment.now();
    const fetched = fetchedIceServers;
    if (fetched?.token === token && now - fetched.at < ICE_SERVERS_REUSE_MS) return fetched.servers;
    const servers: Promise<RTCIceServer[]> = environment.loadIceServers(token).catch((error: unknown) => {
      // Without STUN/TURN a call still works on the same network; worth trying, and asking again.
      console.warn('Could not load ICE servers', error);
      if (fetchedIceServers?.servers === servers) fetchedIceServers = null;
      return [];
    });
    fetchedIceServers = { token, servers, at: now };
    return servers;
  }

  /**
   * A peer connection for this start: the caller's made at its Accept with its offer, if there
   * is one to take, or else a new one as soon as the ICE servers are known. The camera may
   * still be opening (the person who accepted second asked for it a moment ago): the offer, the
   * answer and ICE go ahead without it, and its tracks join the connection once it is open
   * (decision 025). A camera that cannot be opened fails the start as before.
   */
  async function createPeer(
    s: Session,
    a: number,
    retrying: boolean,
  ): Promise<{ pc: RTCPeerConnection; preparedOffer: RTCSessionDescriptionInit | null } | null> {
    s.iceServers ??= iceServersFor(s.me.token);
    ensureMedia(s, a).catch((error: unknown) => {
      if (isCurrent(s, a)) fail(s, error, retrying);
    });
    // Made at this person's Accept, the offer is sent once, by the first start; later ones make their own.
    const ahead = s.preparedOffer;
    s.preparedOffer = null;
    const prepared = ahead ? await ahead : null;
    if (!isCurrent(s, a)) {
      prepared?.pc.close();
      return null;
    }
    let pc: RTCPeerConnection;
    if (prepared) pc = prepared.pc;
    else {
      const iceServers = await s.iceServers;
      if (!isCurrent(s, a)) return null;
      pc = newPeerConnection(iceServers);
    }
    s.pc = pc;
    s.remoteDescriptionSet = false;
    // What the offer made ahead found is sent once the offer is out, as for a fresh one.
    s.outgoing = prepared?.candidates ?? [];
    s.foundCandidate = s.outgoing.length > 0;
    pc.onicecandidate = (event) => {
      if (s.pc !== pc || !event.candidate) return;
      s.foundCandidate = true;
      const candidate = usableCandidate(event.candidate);
      if (!candidate) return;
      if (s.outgoing) s.outgoing.push(candidate);
      else sendCandidate(s, candidate);
    };
    pc.ontrack = (event) => {
      if (s.pc !== pc) return;
      let remote = event.streams[0];
      if (!remote) {
        remote = state.remoteStream ?? new MediaStream();
        remote.addTrack(event.track);
      }
      set({ remoteStream: remote });
    };
    pc.onconnectionstatechange = () => {
      if (s.pc === pc) onPeerState(s, pc);
    };
    // The answerer's transceivers come with the offer (`answer`); an offer made ahead has them.
    if (prepared) {
      if (s.stream) sendTracks(pc, s.stream);
    } else if (s.role === 'offerer') sendBothKinds(s, pc);
    set({ peerState: pc.connectionState });
    return { pc, preparedOffer: prepared?.description ?? null };
  }

  function newPeerConnection(iceServers: RTCIceServer[]): RTCPeerConnection {
    return environment.createPeerConnection({ iceServers, iceCandidatePoolSize: ICE_CANDIDATE_POOL_SIZE });
  }

  /**
   * The caller's offer, made while the partner still decides: creating it and setting it took
   * about 50 ms of the set-up once both had accepted (docs/benchmarks.md). It is the same offer a
   * start makes (both kinds, send and receive, the camera joining later), so sending it changes
   * nothing but when. Candidates wait with it; a failure leaves the start to make its own.
   */
  async function prepareOffer(iceServers: Promise<RTCIceServer[]>): Promise<PreparedOffer | null> {
    let pc: RTCPeerConnection | null = null;
    try {
      pc = newPeerConnection(await iceServers);
      const candidates: IceCandidate[] = [];
      pc.onicecandidate = (event) => {
        const candidate = event.candidate ? usableCandidate(event.candidate) : null;
        if (candidate && candidates.length < MAX_QUEUED_CANDIDATES) candidates.push(candidate);
      };
      addOfferTransceivers(pc);
      const description = await pc.createOffer();
      await pc.setLocalDescription(description);
      return { pc, description, candidates };
    } catch (error) {
      console.warn('Could not prepare the offer', error);
      if (pc) {
        pc.onicecandidate = null;
        pc.close();
      }
      return null;
    }
  }

  /** The offer's two kinds, sent and received, as one stream for the partner (so sound and picture stay in step). */
  function addOfferTransceivers(pc: RTCPeerConnection) {
    const streamForPartner = new MediaStream();
    for (const kind of ['audio', 'video'] as const) {
      pc.addTransceiver(kind, { direction: 'sendrecv', streams: [streamForPartner] });
    }
  }

  /**
   * Makes every transceiver send and receive, both kinds always: the offer must ask for the
   * partner's camera and microphone even where this side has neither, and a camera still
   * opening must find a sender to go on without a new negotiation. The tracks are one stream for
   * the partner, so their sound and picture stay in step.
   */
  function sendBothKinds(s: Session, pc: RTCPeerConnection) {
    if (s.role === 'offerer') addOfferTransceivers(pc);
    else {
      const streamForPartner = new MediaStream();
      for (const transceiver of pc.getTransceivers()) {
        transceiver.direction = 'sendrecv';
        transceiver.sender.setStreams(streamForPartner);
      }
    }
    if (s.stream) sendTracks(pc, s.stream);
  }

  /** Puts the camera's and the microphone's tracks on the senders of their kind; a kind missing sends nothing. */
  function sendTracks(pc: RTCPeerConnection, stream: MediaStream) {
    for (const transceiver of pc.getTransceivers()) {
      const track = stream.getTracks().find((t) => t.kind === transceiver.receiver.track.kind) ?? null;
      if (transceiver.sender.track === track) continue;
      transceiver.sender
        .replaceTrack(track)
        .catch((error: unknown) => console.warn('replaceTrack failed', error));
    }
  }

  /**
   * This side cannot go on until the user fixes the camera and presses Retry. The partner, who
   * may hold a connection to this one or wait for an offer, is told so (FailCall) and waits for
   * that Retry; the Retry then starts a fresh negotiation, since the partner closed theirs.
   */
  function fail(s: Session, error: unknown, retrying: boolean) {
    console.error(retrying ? 'Failed to retry connection' : 'Failed to start video call', error);
    const hadPeer = s.pc !== null;
    teardown(s);
    s.unansweredOffer = null;
    s.partnerInCall = true;
    void client.call('FailCall', { matchId: s.match.id }).then((result) => settle(s, result, 'FailCall'));
    set({
      phase: 'failed',
      problem: callProblemOf(error),
      retryFailed: retrying,
      peerState: hadPeer ? 'closed' : state.peerState,
      connectedAt: null,
      localStream: null,
      remoteStream: null,
    });
  }

  async function offer(s: Session, retrying: boolean) {
    attempt += 1;
    const a = attempt;
    set({
      phase: retrying ? 'retrying' : 'starting',
      problem: null,
      retryFailed: false,
      partnerFailed: false,
      peerState: 'new',
      connectedAt: null,
    });
    try {
      const peer = await createPeer(s, a, retrying);
      if (!peer || !isCurrent(s, a)) return;
      const { pc } = peer;
      let description = peer.preparedOffer;
      if (!description) {
        description = await pc.createOffer();
        if (!isCurrent(s, a)) return;
        await pc.setLocalDescription(description);
        if (!isCurrent(s, a)) return;
      }
      const result = await client.call('SendOffer', {
        matchId: s.match.id,
        offer: { type: 'offer', sdp: description.sdp ?? '' },
      });
      if (!isCurrent(s, a)) return;
      if ('error' in result) {
        if (settle(s, result, 'SendOffer')) return;
        throw new Error(result.error.message);
      }
      s.partnerInCall = true;
      connected(s);
    } catch (error) {
      if (isCurrent(s, a)) fail(s, error, retrying);
    }
  }

  async function answer(
    s: Session,
    description: SessionDescription,
    retrying: boolean,
    candidates: RTCIceCandidateInit[] = [],
  ) {
    // A new offer replaces whatever was negotiated before (the offerer retried).
    closePeer(s);
    s.incoming = candidates;
    s.unansweredOffer = description;
    s.partnerInCall = true;
    attempt += 1;
    const a = attempt;
    set({
      phase: retrying ? 'retrying' : 'starting',
      problem: null,
      retryFailed: false,
      partnerFailed: false,
      peerState: 'new',
      connectedAt: null,
      remoteStream: null,
    });
    try {
      const peer = await createPeer(s, a, retrying);
      if (!peer || !isCurrent(s, a)) return;
      const { pc } = peer;
      await pc.setRemoteDescription(description);
      if (!isCurrent(s, a)) return;
      s.remoteDescriptionSet = true;
      sendBothKinds(s, pc);
      flushIncoming(s);
      const reply = await pc.createAnswer();
      if (!isCurrent(s, a)) return;
      // Set first as a provisional answer, then as the final one while it goes out. Set at once
      // as final, Chromium now and then gathered nothing for it (the stall ICE_GATHERING_TIMEOUT_MS
      // heals; bench:video: 3 calls in 48 before, none in 80 after, decision 025). Chromium drops
      // its pool of candidates when an answer is set; a provisional answer starts ICE before that.
      await pc.setLocalDescription({ type: 'pranswer', sdp: reply.sdp ?? '' });
      if (!isCurrent(s, a)) return;
      const [result] = await Promise.all([
        client.call('SendAnswer', { matchId: s.match.id, answer: { type: 'answer', sdp: reply.sdp ?? '' } }),
        pc.setLocalDescription(reply),
      ]);
      if (!isCurrent(s, a)) return;
      if ('error' in result) {
        if (settle(s, result, 'SendAnswer')) return;
        throw new Error(result.error.message);
      }
      s.unansweredOffer = null;
      connected(s);
    } catch (error) {
      if (isCurrent(s, a)) fail(s, error, retrying);
    }
  }

  /**
   * The answerer, camera on and ICE servers fetched, waiting for the offer: at once when the
   * match is ready (so the offer finds everything prepared), or after a reload or Retry
   * ('waiting', told as reconnecting), when a partner who was in the call is asked at once to
   * offer again.
   */
  async function waitForOffer(s: Session, after: 'match' | 'reload' | 'retry') {
    attempt += 1;
    const a = attempt;
    s.iceServers ??= iceServersFor(s.me.token);
    // The partner may still hold a connection to a page that is gone, or one this side closed.
    if (after !== 'match' && s.partnerInCall) askForOffer(s);
    try {
      const stream = await ensureMedia(s, a);
      if (stream && isCurrent(s, a)) {
        if (after !== 'match') set({ phase: 'waiting' });
        watchConnecting(s);
      }
    } catch (error) {
      if (isCurrent(s, a)) fail(s, error, after === 'retry');
    }
  }

  function openSession(match: Match, me: CallParticipant, role: CallRole): Session {
    if (session) teardown(session);
    const prepared = takePreparation(match.id);
    // Got ready for another match, which is not the one starting: not needed any more.
    releasePreparation();
    const s: Session = {
      match,
      me,
      role,
      pc: null,
      stream: null,
      incoming: [],
      remoteDescriptionSet: false,
      outgoing: null,
      unansweredOffer: null,
      partnerInCall: false,
      disconnectTimer: null,
      retryTimer: null,
      connectTimer: null,
      foundCandidate: false,
      automaticRestarts: 0,
      iceServers: prepared?.iceServers ?? null,
      openingMedia: prepared?.media ?? null,
      preparedOffer: prepared?.offer ?? null,
    };
    session = s;
    const partner = role === 'offerer' ? match.user2 : match.user1;
    set({
      ...IDLE_CALL_STATE,
      phase: 'starting',
      matchId: match.id,
      role,
      partnerName: displayNameOf(partner),
    });
    return s;
  }

  const inCall = () => session !== null && state.phase !== 'idle';

  function onOffer({ matchId, offer: description }: OfferReceivedEvent) {
    if (description.type !== 'offer' || overMatches.has(matchId)) return;
    const ready = readyMatches.get(matchId);
    if (!ready) {
      // The offer overtook this screen's news that the match was accepted: keep it for then.
      if (earlyOffers.size < MAX_EARLY_OFFERS || earlyOffers.has(matchId)) {
        earlyOffers.set(matchId, { offer: description, candidates: [] });
      }
      return;
    }
    // user1 makes the offers; an offer the other way round is not expected.
    if (ready.match.user1.id === ready.me.id) return;
    if (session && session.match.id === matchId) {
      void answer(session, description, false);
      return;
    }
    if (inCall()) {
      console.warn('Ignoring an offer for another match during a call');
      return;
    }
    void answer(openSession(ready.match, ready.me, 'answerer'), description, false);
  }

  function onCandidate({ matchId, candidate }: IceCandidateReceivedEvent) {
    const usable = usableCandidate(candidate);
    if (!usable) return;
    const s = session;
    if (s && s.match.id === matchId) {
      addRemoteCandidate(s, usable);
      return;
    }
    const early = earlyOffers.get(matchId);
    if (early && early.candidates.length < MAX_QUEUED_CANDIDATES) early.candidates.push(usable);
  }

  /** The partner's page came back (a reload): the offerer calls again, on the media it has. */
  function onPartnerRejoined({ matchId }: { matchId: string }) {
    if (overMatches.has(matchId)) return;
    const s = session;
    if (s && s.match.id === matchId) {
      // An offer under way (the camera still opening, say) answers the ask already.
      if (s.role !== 'offerer' || state.phase === 'starting' || state.phase === 'retrying') return;
      clearTimer(s.retryTimer);
      s.retryTimer = null;
      closePeer(s);
      void offer(s, true);
      return;
    }
    const ready = readyMatches.get(matchId);
    if (ready && ready.match.user1.id === ready.me.id && !inCall()) {
      void offer(openSession(ready.match, ready.me, 'offerer'), false);
    }
  }

  /**
   * The partner's side could not start and their connection is closed: this side closes its
   * own, keeps its camera, and waits for their Retry (an offer, or their ask for one) without
   * re-offering or giving up. A failure of this side's own stays on screen: it needs its Retry.
   */
  function onPartnerFailed({ matchId }: CallFailedEvent) {
    const s = session;
    if (!s || s.match.id !== matchId || state.phase === 'failed' || overMatches.has(matchId)) return;
    attempt += 1;
    clearTimer(s.retryTimer);
    s.retryTimer = null;
    closePeer(s);
    s.unansweredOffer = null;
    s.partnerInCall = true;
    set({
      phase: 'waiting',
      partnerFailed: true,
      problem: null,
      retryFailed: false,
      peerState: 'closed',
      connectedAt: null,
      remoteStream: null,
    });
  }

  /** The server's clock for the call, moved onto this browser's clock. */
  function onTimer(timer: CallTimerEvent) {
    const s = session;
    if (!s || s.match.id !== timer.matchId) return;
    const serverAhead = Date.parse(timer.serverTime) - environment.now();
    set({
      startedAt: Date.parse(timer.startedAt) - serverAhead,
      endsAt: Date.parse(timer.endsAt) - serverAhead,
      lengthSeconds: timer.lengthSeconds,
      extended: timer.extended,
      extension:
        timer.extensionRequestedBy === null
          ? 'none'
          : timer.extensionRequestedBy === s.me.id
            ? 'asked-by-me'
            : 'asked-by-partner',
    });
  }

  /**
   * The call stopped on the server's word (a hang-up, time up, match closed): nobody is left to
   * tell, and nothing for the match (a late offer, the partner's rejoin) starts it again.
   */
  function stopForGood(matchId: string, problem: CallProblem) {
    overMatches.add(matchId);
    readyMatches.delete(matchId);
    earlyOffers.delete(matchId);
    releasePreparation(matchId);
    const s = session;
    if (!s || s.match.id !== matchId) return;
    s.partnerInCall = false;
    teardown(s);
    set({
      phase: 'ended',
      problem,
      peerState: 'closed',
      connectedAt: null,
      startedAt: null,
      endsAt: null,
      localStream: null,
      remoteStream: null,
    });
  }

  /** The server ended the call: its time is up, for both. */
  const onTimeUp = ({ matchId }: { matchId: string }) => stopForGood(matchId, 'time-up');

  /** The server closed the match before a call got going: nobody is coming. */
  const onMatchExpired = ({ matchId, reason }: Pick<MatchExpiredEvent, 'matchId' | 'reason'>) =>
    stopForGood(
      matchId,
      reason === 'partnerLeft' ? 'partner-left' : reason === 'ended' ? 'match-ended' : 'match-expired',
    );

  function hangUp() {
    releasePreparation();
    const s = session;
    if (!s) return;
    teardown(s);
    session = null;
    // Final (issue 33): a late offer or the partner's ask to rejoin opens nothing for this match.
    overMatches.add(s.match.id);
    readyMatches.delete(s.match.id);
    earlyOffers.delete(s.match.id);
    if (s.partnerInCall) {
      void client.call('EndCall', { matchId: s.match.id }).then((result) => report(result, 'EndCall'));
    }
    set({ ...IDLE_CALL_STATE, peerState: 'closed' });
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    attach() {
      const off = [
        client.on('OfferReceived', onOffer),
        client.on('AnswerReceived', ({ matchId, answer: description }) => {
          const s = session;
          const pc = s?.pc;
          if (!s || !pc || s.match.id !== matchId || s.role !== 'offerer' || description.type !== 'answer')
            return;
          // Only an answer to the offer in hand; a late one for an earlier offer is dropped.
          if (pc.signalingState !== 'have-local-offer') return;
          const a = attempt;
          pc.setRemoteDescription(description).then(
            () => {
              if (s.pc !== pc) return;
              s.remoteDescriptionSet = true;
              flushIncoming(s);
            },
            (error: unknown) => {
              if (isCurrent(s, a)) fail(s, error, false);
            },
          );
        }),
        client.on('IceCandidateReceived', onCandidate),
        client.on('CallRejoined', onPartnerRejoined),
        client.on('CallFailed', onPartnerFailed),
        client.on('CallTimer', onTimer),
        client.on('CallTimeUp', onTimeUp),
        client.on('MatchExpired', onMatchExpired),
        client.on('MatchDeclined', ({ matchId }) => releasePreparation(matchId)),
        client.on('MediaStateChanged', ({ matchId, cameraOn, microphoneOn }) => {
          if (session?.match.id === matchId) {
            set({ partnerCameraOn: cameraOn, partnerMicrophoneOn: microphoneOn });
          }
        }),
        client.on('CallEnded', ({ matchId, userId }) => {
          const s = session;
          if (s && s.match.id === matchId && userId === s.me.id) {
            // Hung up on another screen of this person's: this one closes too, telling nobody.
            s.partnerInCall = false;
            hangUp();
            return;
          }
          // The partner hung up or left the wheel: the call is over for good (issue 33).
          stopForGood(matchId, 'partner-left');
        }),
      ];
      return () => {
        for (const stop of off) stop();
        hangUp();
      };
    },
    matchReady(match, me, restored = false) {
      if (me.id !== match.user1.id && me.id !== match.user2.id) return;
      if (match.callEnded || overMatches.has(match.id)) return;
      readyMatches.set(match.id, { match, me });
      if (inCall()) return;
      if (match.user1.id === me.id) {
        void offer(openSession(match, me, 'offerer'), false);
        return;
      }
      const early = earlyOffers.get(match.id);
      if (early) {
        earlyOffers.delete(match.id);
        void answer(openSession(match, me, 'answerer'), early.offer, false, early.candidates);
        return;
      }
      const s = openSession(match, me, 'answerer');
      if (!restored) {
        // The offer is on its way: get the camera and the ICE servers ready for it.
        void waitForOffer(s, 'match');
        return;
      }
      // Back after a reload: the partner may still hold the call with the page that is gone.
      s.partnerInCall = true;
      void waitForOffer(s, 'reload');
    },
    matchOffered(match, me) {
      if (me.id !== match.user1.id && me.id !== match.user2.id) return;
      void iceServersFor(me.token);
    },
    acceptedByMe(match, me) {
      if (me.id !== match.user1.id && me.id !== match.user2.id) return;
      if (overMatches.has(match.id)) return;
      // A call already under way holds the camera; one for this match has what it needs.
      if (inCall() || preparation?.matchId === match.id) return;
      releasePreparation();
      const media = openMedia();
      // A camera that cannot be opened is reported by the call, which asks for it again.
      media.catch(() => {});
      const iceServers = iceServersFor(me.token);
      preparation = {
        matchId: match.id,
        media,
        iceServers,
        offer: match.user1.id === me.id ? prepareOffer(iceServers) : null,
        releaseTimer: timers.setTimeout(
          () => releasePreparation(match.id),
          // The organiser may give longer than the standard window (decision 010).
          match.answerBy
            ? Math.max(0, Date.parse(match.answerBy) - environment.now())
            : PREPARED_MEDIA_HOLD_MS,
        ),
      };
    },
    toggleMicrophone() {
      const on = !state.microphoneOn;
      for (const track of session?.stream?.getAudioTracks() ?? []) track.enabled = on;
      set({ microphoneOn: on });
      if (session) sendMediaState(session);
    },
    toggleCamera() {
      if (!state.hasCamera) return;
      const on = !state.cameraOn;
      for (const track of session?.stream?.getVideoTracks() ?? []) track.enabled = on;
      set({ cameraOn: on });
      if (session) sendMediaState(session);
    },
    endCall: hangUp,
    extendCall() {
      const s = session;
      if (!s || state.extended || state.extension === 'asked-by-me') return;
      void client.call('ExtendCall', { matchId: s.match.id }).then((result) => {
        if ('data' in result) onTimer(result.data);
        else report(result, 'ExtendCall');
      });
    },
    retry() {
      const s = session;
      // Only a call that failed here is retried; one ended for good stays ended (issue 33).
      if (!s || !canRetry(state)) return;
      const hadPeer = s.pc !== null;
      teardown(s);
      set({
        phase: 'retrying',
        problem: null,
        retryFailed: false,
        partnerFailed: false,
        peerState: hadPeer ? 'closed' : state.peerState,
        connectedAt: null,
        localStream: null,
        remoteStream: null,
      });
      s.retryTimer = timers.setTimeout(() => {
        s.retryTimer = null;
        if (session !== s) return;
        if (s.role === 'offerer') void offer(s, true);
        else if (s.unansweredOffer) void answer(s, s.unansweredOffer, true);
        else void waitForOffer(s, 'retry');
      }, VIDEO_RETRY_DELAY_MS);
    },
    connectionState: () => session?.pc?.connectionState ?? state.peerState,
  };
}
