import type { HubResult, Match, SessionDescription } from '@wheelmeet/contracts';
import type { HubCallName, HubRequest, RealtimeClient } from '@/lib/realtime-client';
import { applyMediaChoices, CallMedia, callProblemOf } from './call-media';
import type { Preparation } from './call-preparation';
import {
  type CallEvent,
  type CallProblem,
  type CallRole,
  type CallState,
  finalProblemOf,
} from './call-reducer';
import { openLocalMedia } from './local-media';
import {
  closeWhenMade,
  createLocalOffer,
  PeerNegotiation,
  type PreparedConnection,
  sendBothKinds,
  sendTracks,
} from './peer-negotiation';
import { RestartPolicy } from './restart-policy';
import type { VideoCallEnvironment } from './video-call-environment';

/** Who is calling: the current participant and their hub token (for TURN credentials). */
export interface CallParticipant {
  id: string;
  token: string;
}

/** What a session needs from the controller that holds it. */
export interface SessionContext {
  client: Pick<RealtimeClient, 'call'>;
  environment: VideoCallEnvironment;
  iceServersFor(token: string): Promise<RTCIceServer[]>;
  newPeerConnection(iceServers: RTCIceServer[]): RTCPeerConnection;
  state(): CallState;
  dispatch(event: CallEvent): void;
  /** This session is still the screen's call (not replaced, not hung up). */
  isLive(session: CallSession): boolean;
  /** The server ended the match's call for good (a refusal said so). */
  stopForGood(matchId: string, problem: CallProblem): void;
}

export function logRefusal(result: HubResult<unknown>, what: string) {
  if ('error' in result) console.warn(`${what} failed: ${result.error.message}`);
}

/**
 * One match's call on this screen: its connection (PeerNegotiation), its camera (CallMedia) and
 * its restarts (RestartPolicy), and the steps that start it: the offer, the answer, the wait
 * for an offer. Every step of a start that was superseded meanwhile stops where it is.
 */
export class CallSession {
  readonly peer: PeerNegotiation;
  readonly media: CallMedia;
  readonly restarts: RestartPolicy;
  /** An offer this side has not answered yet: Retry after a failed start answers it. */
  unansweredOffer: SessionDescription | null = null;
  /** The partner is in the call with us, so hanging up must tell them. */
  partnerInCall = false;
  /** The ICE servers, fetched once per call (before the offer arrives, for the answerer). */
  private iceServers: Promise<RTCIceServer[]> | null;
  /** The connection made while the match was pending (the caller's with its offer), until the first start takes it. */
  private preparedConnection: Promise<PreparedConnection | null> | null;
  /** Whether the hub kept the caller's offer made ahead, to hand it to the partner itself (decision 036). */
  private offerSentAhead: Promise<boolean> | null;
  // Bumped whenever a start is superseded or torn down; async steps of an older start stop.
  private attempt = 0;

  constructor(
    readonly match: Match,
    readonly me: CallParticipant,
    readonly role: CallRole,
    private readonly context: SessionContext,
    prepared: Preparation | null,
  ) {
    const { environment } = context;
    this.iceServers = prepared?.iceServers ?? null;
    this.preparedConnection = prepared?.connection ?? null;
    this.offerSentAhead = prepared?.offerSent ?? null;
    this.media = new CallMedia(() => openLocalMedia(environment.getUserMedia), prepared?.media ?? undefined);
    this.peer = new PeerNegotiation({
      sendCandidate: (candidate) => this.signal('SendIceCandidate', { matchId: match.id, candidate }),
      onTrack: (event) => {
        let remote = event.streams[0];
        if (!remote) {
          remote = context.state().remoteStream ?? new MediaStream();
          remote.addTrack(event.track);
        }
        context.dispatch({ type: 'remoteStreamChanged', stream: remote });
      },
      onConnectionStateChange: (pc) => this.onPeerState(pc),
    });
    this.restarts = new RestartPolicy(environment.timers, {
      role,
      settled: () => !context.isLive(this) || this.peer.pc?.connectionState === 'connected',
      hasPeer: () => this.peer.pc !== null,
      foundCandidate: () => this.peer.foundCandidate,
      askForOffer: () => this.askForOffer(),
      offerAgain: () => {
        this.closePeer();
        void this.offer(true);
      },
      giveUp: () => this.lose(this.peer.pc?.connectionState ?? 'new'),
    });
  }

  /** A new start: earlier ones stop at their next step. */
  private begin(): () => boolean {
    this.attempt += 1;
    return this.current();
  }

  /** The start under way, as it is now: a step of it that ends later checks it is still the one. */
  private current(): () => boolean {
    const a = this.attempt;
    return () => this.context.isLive(this) && this.attempt === a;
  }

  closePeer() {
    this.restarts.peerClosed();
    this.peer.close();
  }

  /** Stops everything the session holds: pending steps, timers, the connection and the media. */
  teardown() {
    this.attempt += 1;
    this.restarts.cancelRetry();
    this.closePeer();
    this.media.stop();
    if (this.preparedConnection) closeWhenMade(this.preparedConnection);
    this.preparedConnection = null;
    this.offerSentAhead = null;
  }

  /**
   * The answer to one of the call's signals: a refusal saying the call is over for good (someone
   * hung up, its time is up, the match closed) stops it here too (issue 33); true then. Any
   * other refusal is logged.
   */
  private settle(result: HubResult<unknown>, what: string): boolean {
    const problem = finalProblemOf(result);
    if (problem) {
      this.context.stopForGood(this.match.id, problem);
      return true;
    }
    logRefusal(result, what);
    return false;
  }

  private signal<E extends HubCallName>(event: E, request: HubRequest<E>) {
    void this.context.client.call(event, request).then((result) => this.settle(result, event));
  }

  /** Asks the partner's page to call again (after a reload, or when the call did not connect). */
  askForOffer() {
    this.signal('RejoinCall', { matchId: this.match.id });
  }

  /** Tells the partner whether camera and microphone are on; silent until the partner is in the call. */
  sendMediaState() {
    if (!this.partnerInCall) return;
    const { cameraOn, microphoneOn } = this.context.state();
    this.signal('SendMediaState', { matchId: this.match.id, cameraOn, microphoneOn });
  }

  private lose(peerState: RTCPeerConnectionState) {
    this.teardown();
    this.context.dispatch({ type: 'connectionLost', peerState });
  }

  private onPeerState(pc: RTCPeerConnection) {
    const peerState = pc.connectionState;
    this.restarts.peerStateChanged(
      peerState,
      () => this.context.isLive(this) && this.peer.pc === pc && pc.connectionState === 'disconnected',
    );
    if (peerState === 'failed') this.lose(peerState);
    else this.context.dispatch({ type: 'peerStateChanged', peerState, now: this.context.environment.now() });
  }

  private adoptStream(stream: MediaStream) {
    const { dispatch, state } = this.context;
    const hasCamera = stream.getVideoTracks().length > 0;
    // A retry keeps what the user chose: muted stays muted.
    applyMediaChoices(stream, state());
    dispatch({ type: 'localStreamOpened', stream, hasCamera });
    if (this.peer.pc) sendTracks(this.peer.pc, stream);
    // Opened after the offer or answer went out, which told the partner nothing of a missing camera.
    const { phase, cameraOn, microphoneOn } = state();
    if (phase === 'active' && (!cameraOn || !microphoneOn)) this.sendMediaState();
  }

  private ensureMedia(stillCurrent: () => boolean) {
    return this.media.ensure((stream) => this.adoptStream(stream), stillCurrent);
  }

  /** Once an offer or answer is out: the partner learns of a camera or microphone that is off. */
  private signalSent() {
    this.peer.sendHeldCandidates();
    this.context.dispatch({ type: 'signalSent' });
    const { cameraOn, microphoneOn } = this.context.state();
    if (!cameraOn || !microphoneOn) this.sendMediaState();
    this.restarts.watchConnecting();
  }

  /**
   * A peer connection for this start: the one made while the match was pending (the caller's
   * with its offer), if there is one to take, or else a new one as soon as the ICE servers are
   * known. The camera may still be opening (the person who accepted second asked for it a
   * moment ago): the offer, the answer and ICE go ahead without it, and its tracks join the
   * connection once it is open (decision 025). A camera that cannot be opened fails the start
   * as before.
   */
  private async createPeer(
    stillCurrent: () => boolean,
    retrying: boolean,
  ): Promise<{
    pc: RTCPeerConnection;
    preparedOffer: RTCSessionDescriptionInit | null;
    offerSentAhead: Promise<boolean> | null;
  } | null> {
    this.iceServers ??= this.context.iceServersFor(this.me.token);
    this.ensureMedia(stillCurrent).catch((error: unknown) => {
      if (stillCurrent()) this.fail(error, retrying);
    });
    // Made while the match was pending, the connection serves the first start; later ones make their own.
    const ahead = this.preparedConnection;
    const offerSentAhead = this.offerSentAhead;
    this.preparedConnection = null;
    this.offerSentAhead = null;
    const made = ahead ? await ahead : null;
    const prepared = made?.role === this.role ? made : null;
    if (made && (!prepared || !stillCurrent())) made.pc.close();
    if (!stillCurrent()) return null;
    let pc: RTCPeerConnection;
    if (prepared) pc = prepared.pc;
    else {
      const iceServers = await this.iceServers;
      if (!stillCurrent()) return null;
      pc = this.context.newPeerConnection(iceServers);
    }
    // What the offer made ahead found is sent once the offer is out, as for a fresh one.
    this.peer.use(pc, prepared?.candidates);
    // The answerer's transceivers come with the offer (`answer`); an offer made ahead has them.
    if (prepared?.description) {
      if (this.media.stream) sendTracks(pc, this.media.stream);
    } else if (this.role === 'offerer') sendBothKinds(pc, this.role, this.media.stream);
    this.context.dispatch({
      type: 'peerStateChanged',
      peerState: pc.connectionState,
      now: this.context.environment.now(),
    });
    return {
      pc,
      preparedOffer: prepared?.description ?? null,
      offerSentAhead: prepared?.description ? offerSentAhead : null,
    };
  }

  /**
   * This side cannot go on until the user fixes the camera and presses Retry. The partner, who
   * may hold a connection to this one or wait for an offer, is told so (FailCall) and waits for
   * that Retry; the Retry then starts a fresh negotiation, since the partner closed theirs.
   */
  fail(error: unknown, retrying: boolean) {
    console.error(retrying ? 'Failed to retry connection' : 'Failed to start video call', error);
    const peerClosed = this.peer.pc !== null;
    this.teardown();
    this.unansweredOffer = null;
    this.partnerInCall = true;
    this.signal('FailCall', { matchId: this.match.id });
    this.context.dispatch({ type: 'failed', problem: callProblemOf(error), retrying, peerClosed });
  }

  /**
   * How the offer or answer fared: sent, or refused because the call is over for good (nothing
   * more to do); any other refusal fails the start.
   */
  private outcomeOf(result: HubResult<unknown>, what: string): 'sent' | 'over' {
    if (!('error' in result)) return 'sent';
    if (this.settle(result, what)) return 'over';
    throw new Error(result.error.message);
  }

  async offer(retrying: boolean) {
    const stillCurrent = this.begin();
    this.context.dispatch({ type: 'offering', retrying });
    try {
      const peer = await this.createPeer(stillCurrent, retrying);
      if (!peer || !stillCurrent()) return;
      if (peer.offerSentAhead && (await peer.offerSentAhead)) {
        // The hub hands the offer made ahead to the partner (decision 036): only the candidates follow.
        if (!stillCurrent()) return;
        this.partnerInCall = true;
        this.signalSent();
        return;
      }
      if (!stillCurrent()) return;
      const description = peer.preparedOffer ?? (await createLocalOffer(peer.pc, stillCurrent));
      if (!description) return;
      const result = await this.context.client.call('SendOffer', {
        matchId: this.match.id,
        offer: { type: 'offer', sdp: description.sdp ?? '' },
      });
      if (!stillCurrent() || this.outcomeOf(result, 'SendOffer') === 'over') return;
      this.partnerInCall = true;
      this.signalSent();
    } catch (error) {
      if (stillCurrent()) this.fail(error, retrying);
    }
  }

  async answer(description: SessionDescription, retrying: boolean, candidates: RTCIceCandidateInit[] = []) {
    // A new offer replaces whatever was negotiated before (the offerer retried).
    this.closePeer();
    this.peer.holdRemoteCandidates(candidates);
    this.unansweredOffer = description;
    this.partnerInCall = true;
    const stillCurrent = this.begin();
    this.context.dispatch({ type: 'answering', retrying });
    try {
      const peer = await this.createPeer(stillCurrent, retrying);
      if (!peer || !stillCurrent()) return;
      const { pc } = peer;
      const reply = await this.peer.answerOffer(pc, description, this.media, stillCurrent);
      if (!reply) return;
      const [result] = await Promise.all([
        this.context.client.call('SendAnswer', {
          matchId: this.match.id,
          answer: { type: 'answer', sdp: reply.sdp ?? '' },
        }),
        pc.setLocalDescription(reply),
      ]);
      if (!stillCurrent() || this.outcomeOf(result, 'SendAnswer') === 'over') return;
      this.unansweredOffer = null;
      this.signalSent();
    } catch (error) {
      if (stillCurrent()) this.fail(error, retrying);
    }
  }

  /**
   * The answerer, camera on and ICE servers fetched, waiting for the offer: at once when the
   * match is ready (so the offer finds everything prepared), or after a reload or Retry
   * ('waiting', told as reconnecting), when a partner who was in the call is asked at once to
   * offer again.
   */
  async waitForOffer(after: 'match' | 'reload' | 'retry') {
    const stillCurrent = this.begin();
    this.iceServers ??= this.context.iceServersFor(this.me.token);
    // The partner may still hold a connection to a page that is gone, or one this side closed.
    if (after !== 'match' && this.partnerInCall) this.askForOffer();
    try {
      const stream = await this.ensureMedia(stillCurrent);
      if (stream && stillCurrent()) {
        if (after !== 'match') this.context.dispatch({ type: 'waitingForOffer' });
        this.restarts.watchConnecting();
      }
    } catch (error) {
      if (stillCurrent()) this.fail(error, after === 'retry');
    }
  }

  /** Only an answer to the offer in hand; a late one for an earlier offer is dropped. */
  answerReceived(description: SessionDescription) {
    const pc = this.peer.pc;
    if (!pc || this.role !== 'offerer' || description.type !== 'answer') return;
    if (pc.signalingState !== 'have-local-offer') return;
    const stillCurrent = this.current();
    pc.setRemoteDescription(description).then(
      () => {
        if (this.peer.pc === pc) this.peer.remoteDescriptionApplied();
      },
      (error: unknown) => {
        if (stillCurrent()) this.fail(error, false);
      },
    );
  }

  /**
   * The partner's side could not start and their connection is closed: this side closes its
   * own, keeps its camera, and waits for their Retry (an offer, or their ask for one) without
   * re-offering or giving up.
   */
  partnerFailed() {
    this.begin();
    this.restarts.cancelRetry();
    this.closePeer();
    this.unansweredOffer = null;
    this.partnerInCall = true;
    this.context.dispatch({ type: 'partnerFailed' });
  }

  /** Retry, within the same call: a fresh start after VIDEO_RETRY_DELAY_MS. */
  retry() {
    const peerClosed = this.peer.pc !== null;
    this.teardown();
    this.context.dispatch({ type: 'retrying', peerClosed });
    this.restarts.scheduleRetry(() => {
      if (!this.context.isLive(this)) return;
      if (this.role === 'offerer') void this.offer(true);
      else if (this.unansweredOffer) void this.answer(this.unansweredOffer, true);
      else void this.waitForOffer('retry');
    });
  }
}
