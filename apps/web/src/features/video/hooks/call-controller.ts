import {
  type CallFailedEvent,
  type CallTimerEvent,
  displayNameOf,
  type HubResult,
  type IceCandidate,
  type IceCandidateReceivedEvent,
  type Match,
  type MatchExpiredEvent,
  type OfferReceivedEvent,
  type SessionDescription,
} from '@wheelmeet/contracts';
import type { HubCallName, HubRequest, RealtimeClient } from '@/lib/realtime-client';
import { callClockOf, mayAskToExtend } from './call-clock';
import { applyMediaChoices, CallMedia, callProblemOf, openMedia } from './call-media';
import { PreparationHold, preparationHoldMs } from './call-preparation';
import {
  type CallEvent,
  type CallProblem,
  type CallRole,
  type CallState,
  callReducer,
  canRetry,
  finalProblemOf,
  IDLE_CALL_STATE,
} from './call-reducer';
import { createIceServerCache } from './ice-server-cache';
import { MatchBook } from './match-book';
import {
  closeWhenMade,
  createLocalOffer,
  PeerNegotiation,
  type PreparedOffer,
  peerConfiguration,
  prepareOffer,
  sendBothKinds,
  sendTracks,
  usableCandidate,
} from './peer-negotiation';
import { RestartPolicy } from './restart-policy';
import type { VideoCallEnvironment } from './video-call-environment';

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

/** One match's call on this screen: its connection, its camera, its restarts. */
interface Session {
  match: Match;
  me: CallParticipant;
  role: CallRole;
  peer: PeerNegotiation;
  media: CallMedia;
  restarts: RestartPolicy;
  /** An offer this side has not answered yet: Retry after a failed start answers it. */
  unansweredOffer: SessionDescription | null;
  /** The partner is in the call with us, so hanging up must tell them. */
  partnerInCall: boolean;
  /** The ICE servers, fetched once per call (before the offer arrives, for the answerer). */
  iceServers: Promise<RTCIceServer[]> | null;
  /** The caller's offer made at its Accept, until the first start sends it. */
  preparedOffer: Promise<PreparedOffer | null> | null;
}

/**
 * The peer-to-peer call of one screen, outside React: the offerer (user1 of the match) offers,
 * the answerer answers, candidates go both ways through the hub. It routes the hub's events to
 * the call's units (negotiation, media, restarts, clock) and its screen through `callReducer`.
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
  const book = new MatchBook<CallParticipant>();
  const preparation = new PreparationHold(timers);
  const iceServersFor = createIceServerCache(environment);
  const newPeerConnection = (iceServers: RTCIceServer[]) =>
    environment.createPeerConnection(peerConfiguration(iceServers));
  let session: Session | null = null;
  // Bumped whenever a start is superseded or torn down; async steps of an older start stop.
  let attempt = 0;

  function dispatch(event: CallEvent) {
    state = callReducer(state, event);
    for (const listener of [...listeners]) listener();
  }

  const isCurrent = (s: Session, a: number) => session === s && attempt === a;

  function closePeer(s: Session) {
    s.restarts.peerClosed();
    s.peer.close();
  }

  /** Stops everything the session holds: pending steps, timers, the connection and the media. */
  function teardown(s: Session) {
    attempt += 1;
    s.restarts.cancelRetry();
    closePeer(s);
    s.media.stop();
    if (s.preparedOffer) closeWhenMade(s.preparedOffer);
    s.preparedOffer = null;
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

  /** Sends one of the call's signals, settling the answer. */
  function signal<E extends HubCallName>(s: Session, event: E, request: HubRequest<E>) {
    void client.call(event, request).then((result) => settle(s, result, event));
  }

  function lose(s: Session, peerState: RTCPeerConnectionState) {
    teardown(s);
    dispatch({ type: 'connectionLost', peerState });
  }

  function onPeerState(s: Session, pc: RTCPeerConnection) {
    const peerState = pc.connectionState;
    s.restarts.peerStateChanged(
      peerState,
      () => session === s && s.peer.pc === pc && pc.connectionState === 'disconnected',
    );
    if (peerState === 'failed') {
      lose(s, peerState);
      return;
    }
    dispatch({ type: 'peerStateChanged', peerState, now: environment.now() });
  }

  function adoptStream(s: Session, stream: MediaStream) {
    const hasCamera = stream.getVideoTracks().length > 0;
    // A retry keeps what the user chose: muted stays muted.
    applyMediaChoices(stream, state);
    dispatch({ type: 'localStreamOpened', stream, hasCamera });
    if (s.peer.pc) sendTracks(s.peer.pc, stream);
    // Opened after the offer or answer went out, which told the partner nothing of a missing camera.
    if (state.phase === 'active' && (!state.cameraOn || !state.microphoneOn)) sendMediaState(s);
  }

  const ensureMedia = (s: Session, a: number) =>
    s.media.ensure(
      (stream) => adoptStream(s, stream),
      () => isCurrent(s, a),
    );

  /** Tells the partner whether camera and microphone are on; silent until the partner is in the call. */
  function sendMediaState(s: Session) {
    if (s.partnerInCall) {
      signal(s, 'SendMediaState', {
        matchId: s.match.id,
        cameraOn: state.cameraOn,
        microphoneOn: state.microphoneOn,
      });
    }
  }

  /** Once an offer or answer is out: the partner learns of a camera or microphone that is off. */
  function signalSent(s: Session) {
    s.peer.sendHeldCandidates();
    dispatch({ type: 'signalSent' });
    if (!state.cameraOn || !state.microphoneOn) sendMediaState(s);
    s.restarts.watchConnecting();
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
    // What the offer made ahead found is sent once the offer is out, as for a fresh one.
    s.peer.use(pc, prepared?.candidates);
    // The answerer's transceivers come with the offer (`answer`); an offer made ahead has them.
    if (prepared) {
      if (s.media.stream) sendTracks(pc, s.media.stream);
    } else if (s.role === 'offerer') sendBothKinds(pc, s.role, s.media.stream);
    dispatch({ type: 'peerStateChanged', peerState: pc.connectionState, now: environment.now() });
    return { pc, preparedOffer: prepared?.description ?? null };
  }

  /**
   * This side cannot go on until the user fixes the camera and presses Retry. The partner, who
   * may hold a connection to this one or wait for an offer, is told so (FailCall) and waits for
   * that Retry; the Retry then starts a fresh negotiation, since the partner closed theirs.
   */
  function fail(s: Session, error: unknown, retrying: boolean) {
    console.error(retrying ? 'Failed to retry connection' : 'Failed to start video call', error);
    const peerClosed = s.peer.pc !== null;
    teardown(s);
    s.unansweredOffer = null;
    s.partnerInCall = true;
    signal(s, 'FailCall', { matchId: s.match.id });
    dispatch({ type: 'failed', problem: callProblemOf(error), retrying, peerClosed });
  }

  async function offer(s: Session, retrying: boolean) {
    attempt += 1;
    const a = attempt;
    dispatch({ type: 'offering', retrying });
    try {
      const peer = await createPeer(s, a, retrying);
      if (!peer || !isCurrent(s, a)) return;
      const description = peer.preparedOffer ?? (await createLocalOffer(peer.pc, () => isCurrent(s, a)));
      if (!description) return;
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
      signalSent(s);
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
    s.peer.holdRemoteCandidates(candidates);
    s.unansweredOffer = description;
    s.partnerInCall = true;
    attempt += 1;
    const a = attempt;
    dispatch({ type: 'answering', retrying });
    try {
      const peer = await createPeer(s, a, retrying);
      if (!peer || !isCurrent(s, a)) return;
      const { pc } = peer;
      const reply = await s.peer.answerOffer(pc, description, s.media, () => isCurrent(s, a));
      if (!reply) return;
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
      signalSent(s);
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
    if (after !== 'match' && s.partnerInCall) signal(s, 'RejoinCall', { matchId: s.match.id });
    try {
      const stream = await ensureMedia(s, a);
      if (stream && isCurrent(s, a)) {
        if (after !== 'match') dispatch({ type: 'waitingForOffer' });
        s.restarts.watchConnecting();
      }
    } catch (error) {
      if (isCurrent(s, a)) fail(s, error, after === 'retry');
    }
  }

  function openSession(match: Match, me: CallParticipant, role: CallRole): Session {
    if (session) teardown(session);
    const prepared = preparation.take(match.id);
    // Got ready for another match, which is not the one starting: not needed any more.
    preparation.release();
    const s: Session = {
      match,
      me,
      role,
      peer: new PeerNegotiation({
        sendCandidate: (candidate: IceCandidate) => signal(s, 'SendIceCandidate', { matchId: s.match.id, candidate }),
        onTrack(event) {
          let remote = event.streams[0];
          if (!remote) {
            remote = state.remoteStream ?? new MediaStream();
            remote.addTrack(event.track);
          }
          dispatch({ type: 'remoteStreamChanged', stream: remote });
        },
        onConnectionStateChange: (pc) => onPeerState(s, pc),
      }),
      media: new CallMedia(() => openMedia(environment.getUserMedia), prepared?.media),
      restarts: new RestartPolicy(timers, {
        role,
        settled: () => session !== s || s.peer.pc?.connectionState === 'connected',
        hasPeer: () => s.peer.pc !== null,
        foundCandidate: () => s.peer.foundCandidate,
        askForOffer: () => signal(s, 'RejoinCall', { matchId: s.match.id }),
        offerAgain() {
          closePeer(s);
          void offer(s, true);
        },
        giveUp: () => lose(s, s.peer.pc?.connectionState ?? 'new'),
      }),
      unansweredOffer: null,
      partnerInCall: false,
      iceServers: prepared?.iceServers ?? null,
      preparedOffer: prepared?.offer ?? null,
    };
    session = s;
    const partner = role === 'offerer' ? match.user2 : match.user1;
    dispatch({ type: 'opened', matchId: match.id, role, partnerName: displayNameOf(partner) });
    return s;
  }

  const inCall = () => session !== null && state.phase !== 'idle';

  function onOffer({ matchId, offer: description }: OfferReceivedEvent) {
    if (description.type !== 'offer') return;
    const ready = book.offerArrived(matchId, description);
    // Kept for the match's news (the offer overtook it), or an offer the wrong way round (user1 offers).
    if (!ready || ready.match.user1.id === ready.me.id) return;
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
    if (s && s.match.id === matchId) s.peer.addRemoteCandidate(usable);
    else book.candidateArrived(matchId, usable);
  }

  /** Only an answer to the offer in hand; a late one for an earlier offer is dropped. */
  function onAnswer({ matchId, answer: description }: { matchId: string; answer: SessionDescription }) {
    const s = session;
    const pc = s?.peer.pc;
    if (!s || !pc || s.match.id !== matchId || s.role !== 'offerer' || description.type !== 'answer') return;
    if (pc.signalingState !== 'have-local-offer') return;
    const a = attempt;
    pc.setRemoteDescription(description).then(
      () => {
        if (s.peer.pc === pc) s.peer.remoteDescriptionApplied();
      },
      (error: unknown) => {
        if (isCurrent(s, a)) fail(s, error, false);
      },
    );
  }

  /** The partner's page came back (a reload): the offerer calls again, on the media it has. */
  function onPartnerRejoined({ matchId }: { matchId: string }) {
    if (book.isOver(matchId)) return;
    const s = session;
    if (s && s.match.id === matchId) {
      // An offer under way (the camera still opening, say) answers the ask already.
      if (s.role !== 'offerer' || state.phase === 'starting' || state.phase === 'retrying') return;
      s.restarts.cancelRetry();
      closePeer(s);
      void offer(s, true);
      return;
    }
    const ready = book.ready(matchId);
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
    if (!s || s.match.id !== matchId || state.phase === 'failed' || book.isOver(matchId)) return;
    attempt += 1;
    s.restarts.cancelRetry();
    closePeer(s);
    s.unansweredOffer = null;
    s.partnerInCall = true;
    dispatch({ type: 'partnerFailed' });
  }

  function onTimer(timer: CallTimerEvent) {
    const s = session;
    if (s && s.match.id === timer.matchId) {
      dispatch({ type: 'clockSet', clock: callClockOf(timer, environment.now(), s.me.id) });
    }
  }

  /**
   * The call stopped on the server's word (a hang-up, time up, match closed): nobody is left to
   * tell, and nothing for the match (a late offer, the partner's rejoin) starts it again.
   */
  function stopForGood(matchId: string, problem: CallProblem) {
    book.over(matchId);
    preparation.release(matchId);
    const s = session;
    if (!s || s.match.id !== matchId) return;
    s.partnerInCall = false;
    teardown(s);
    dispatch({ type: 'stoppedForGood', problem });
  }

  /** The server closed the match before a call got going: nobody is coming. */
  const onMatchExpired = ({ matchId, reason }: Pick<MatchExpiredEvent, 'matchId' | 'reason'>) =>
    stopForGood(
      matchId,
      reason === 'partnerLeft' ? 'partner-left' : reason === 'ended' ? 'match-ended' : 'match-expired',
    );

  function onCallEnded({ matchId, userId }: { matchId: string; userId: string }) {
    const s = session;
    if (s && s.match.id === matchId && userId === s.me.id) {
      // Hung up on another screen of this person's: this one closes too, telling nobody.
      s.partnerInCall = false;
      hangUp();
      return;
    }
    // The partner hung up or left the wheel: the call is over for good (issue 33).
    stopForGood(matchId, 'partner-left');
  }

  function hangUp() {
    preparation.release();
    const s = session;
    if (!s) return;
    teardown(s);
    session = null;
    // Final (issue 33): a late offer or the partner's ask to rejoin opens nothing for this match.
    book.over(s.match.id);
    if (s.partnerInCall) {
      void client.call('EndCall', { matchId: s.match.id }).then((result) => report(result, 'EndCall'));
    }
    dispatch({ type: 'hungUp' });
  }

  const isIn = (match: Match, me: CallParticipant) => me.id === match.user1.id || me.id === match.user2.id;

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
        client.on('AnswerReceived', onAnswer),
        client.on('IceCandidateReceived', onCandidate),
        client.on('CallRejoined', onPartnerRejoined),
        client.on('CallFailed', onPartnerFailed),
        client.on('CallTimer', onTimer),
        client.on('CallTimeUp', ({ matchId }) => stopForGood(matchId, 'time-up')),
        client.on('MatchExpired', onMatchExpired),
        client.on('MatchDeclined', ({ matchId }) => preparation.release(matchId)),
        client.on('MediaStateChanged', ({ matchId, cameraOn, microphoneOn }) => {
          if (session?.match.id === matchId) dispatch({ type: 'partnerMediaChanged', cameraOn, microphoneOn });
        }),
        client.on('CallEnded', onCallEnded),
      ];
      return () => {
        for (const stop of off) stop();
        hangUp();
      };
    },
    matchReady(match, me, restored = false) {
      if (!isIn(match, me) || match.callEnded || book.isOver(match.id)) return;
      book.matchReady(match, me);
      if (inCall()) return;
      if (match.user1.id === me.id) {
        void offer(openSession(match, me, 'offerer'), false);
        return;
      }
      const early = book.takeEarlyOffer(match.id);
      if (early) {
        void answer(openSession(match, me, 'answerer'), early.offer, false, early.candidates);
        return;
      }
      const s = openSession(match, me, 'answerer');
      // Back after a reload, the partner may still hold the call with the page that is gone;
      // otherwise the offer is on its way: get the camera and the ICE servers ready for it.
      if (restored) s.partnerInCall = true;
      void waitForOffer(s, restored ? 'reload' : 'match');
    },
    matchOffered(match, me) {
      if (isIn(match, me)) void iceServersFor(me.token);
    },
    acceptedByMe(match, me) {
      if (!isIn(match, me) || book.isOver(match.id)) return;
      // A call already under way holds the camera; one for this match has what it needs.
      if (inCall() || preparation.isFor(match.id)) return;
      preparation.release();
      const media = openMedia(environment.getUserMedia);
      // A camera that cannot be opened is reported by the call, which asks for it again.
      media.catch(() => {});
      const iceServers = iceServersFor(me.token);
      preparation.hold(
        {
          matchId: match.id,
          media,
          iceServers,
          offer: match.user1.id === me.id ? prepareOffer(newPeerConnection, iceServers) : null,
        },
        preparationHoldMs(match, environment.now()),
      );
    },
    toggleMicrophone() {
      const microphoneOn = !state.microphoneOn;
      applyMediaChoices(session?.media.stream ?? null, { microphoneOn });
      dispatch({ type: 'microphoneToggled' });
      if (session) sendMediaState(session);
    },
    toggleCamera() {
      if (!state.hasCamera) return;
      const cameraOn = !state.cameraOn;
      applyMediaChoices(session?.media.stream ?? null, { cameraOn });
      dispatch({ type: 'cameraToggled' });
      if (session) sendMediaState(session);
    },
    endCall: hangUp,
    extendCall() {
      const s = session;
      if (!s || !mayAskToExtend(state)) return;
      void client.call('ExtendCall', { matchId: s.match.id }).then((result) => {
        if ('data' in result) onTimer(result.data);
        else report(result, 'ExtendCall');
      });
    },
    retry() {
      const s = session;
      // Only a call that failed here is retried; one ended for good stays ended (issue 33).
      if (!s || !canRetry(state)) return;
      const peerClosed = s.peer.pc !== null;
      teardown(s);
      dispatch({ type: 'retrying', peerClosed });
      s.restarts.scheduleRetry(() => {
        if (session !== s) return;
        if (s.role === 'offerer') void offer(s, true);
        else if (s.unansweredOffer) void answer(s, s.unansweredOffer, true);
        else void waitForOffer(s, 'retry');
      });
    },
    connectionState: () => session?.peer.pc?.connectionState ?? state.peerState,
  };
}
