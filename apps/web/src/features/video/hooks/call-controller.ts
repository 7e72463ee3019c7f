import {
  type CallFailedEvent,
  type CallTimerEvent,
  displayNameOf,
  type IceCandidateReceivedEvent,
  type Match,
  type MatchExpiredEvent,
  type OfferReceivedEvent,
} from '@wheelmeet/contracts';
import type { CallHub } from './call-hub';
import { callClockOf, mayAskToExtend } from './call-clock';
import { applyMediaChoices } from './call-media';
import { type Preparation, PreparationHold, preparationHoldMs } from './call-preparation';
import {
  type CallEvent,
  type CallProblem,
  type CallRole,
  type CallState,
  callReducer,
  canRetry,
} from './call-reducer';
import { type CallParticipant, CallSession, logRefusal, type SessionContext } from './call-session';
import { createIceServerCache } from './ice-server-cache';
import { IDLE_CALL_STATE } from './call-state';
import { openLocalMedia } from './local-media';
import { MatchBook } from './match-book';
import { peerConfiguration, prepareConnection, usableCandidate } from './peer-negotiation';
import type { VideoCallEnvironment } from './video-call-environment';

export type { CallParticipant } from './call-session';

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
   * and the connection made now (the caller's with its offer), off the path of the call, and
   * its Accept and its call use them. Not the camera (decision 022). Released when the match is
   * declined or closed, when another match is got ready, or once its answer window is over.
   */
  matchOffered(match: Match, me: CallParticipant): void;
  /**
   * This person accepted `match`; the partner may not have yet. Camera and microphone open now
   * (with the rest, if the match was not shown here), so that the call starts without waiting
   * for them once both have accepted. Released as what `matchOffered` got ready.
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

/**
 * The peer-to-peer call of one screen, outside React: the offerer (user1 of the match) offers,
 * the answerer answers, candidates go both ways through the hub. It routes the hub's events to
 * the call under way (CallSession: negotiation, media, restarts), keeps the call's clock, and
 * shows it all through `callReducer`.
 */
export function createCallController({
  client,
  environment,
}: {
  client: CallHub;
  environment: VideoCallEnvironment;
}): CallController {
  let state = IDLE_CALL_STATE;
  const listeners = new Set<() => void>();
  const book = new MatchBook<CallParticipant>();
  const preparation = new PreparationHold(environment.timers);
  const newPeerConnection = (iceServers: RTCIceServer[]) =>
    environment.createPeerConnection(peerConfiguration(iceServers));
  let session: CallSession | null = null;

  function dispatch(event: CallEvent) {
    state = callReducer(state, event);
    for (const listener of [...listeners]) listener();
  }

  const context: SessionContext = {
    client,
    environment,
    iceServersFor: createIceServerCache(environment),
    newPeerConnection,
    state: () => state,
    dispatch,
    isLive: (s) => session === s,
    stopForGood,
  };

  function openSession(match: Match, me: CallParticipant, role: CallRole): CallSession {
    session?.teardown();
    const prepared = preparation.take(match.id);
    // Got ready for another match, which is not the one starting: not needed any more.
    preparation.release();
    const s = new CallSession(match, me, role, context, prepared);
    session = s;
    const partner = role === 'offerer' ? match.user2 : match.user1;
    dispatch({
      type: 'opened',
      matchId: match.id,
      role,
      partnerName: displayNameOf(partner),
      prompt: match.prompt ?? null,
    });
    return s;
  }

  /** The session of `matchId`, if it is the call under way. */
  const sessionOf = (matchId: string) => (session?.match.id === matchId ? session : null);
  const inCall = () => session !== null && state.phase !== 'idle';

  function onOffer({ matchId, offer: description }: OfferReceivedEvent) {
    if (description.type !== 'offer') return;
    const ready = book.offerArrived(matchId, description);
    // Kept for the match's news (the offer overtook it), or an offer the wrong way round (user1 offers).
    if (!ready || ready.match.user1.id === ready.me.id) return;
    const s = sessionOf(matchId);
    if (s) {
      void s.answer(description, false);
      return;
    }
    if (inCall()) {
      console.warn('Ignoring an offer for another match during a call');
      return;
    }
    void openSession(ready.match, ready.me, 'answerer').answer(description, false);
  }

  function onCandidate({ matchId, candidate }: IceCandidateReceivedEvent) {
    const usable = usableCandidate(candidate);
    if (!usable) return;
    const s = sessionOf(matchId);
    if (s) s.peer.addRemoteCandidate(usable);
    else book.candidateArrived(matchId, usable);
  }

  /** The partner's page came back (a reload): the offerer calls again, on the media it has. */
  function onPartnerRejoined({ matchId }: { matchId: string }) {
    if (book.isOver(matchId)) return;
    const s = sessionOf(matchId);
    if (s) {
      // An offer under way (the camera still opening, say) answers the ask already.
      if (s.role !== 'offerer' || state.phase === 'starting' || state.phase === 'retrying') return;
      s.restarts.cancelRetry();
      s.closePeer();
      void s.offer(true);
      return;
    }
    const ready = book.ready(matchId);
    if (ready && ready.match.user1.id === ready.me.id && !inCall()) {
      void openSession(ready.match, ready.me, 'offerer').offer(false);
    }
  }

  /** The partner's side could not start; a failure of this side's own stays on screen: it needs its Retry. */
  function onPartnerFailed({ matchId }: CallFailedEvent) {
    const s = sessionOf(matchId);
    if (s && state.phase !== 'failed' && !book.isOver(matchId)) s.partnerFailed();
  }

  function onTimer(timer: CallTimerEvent) {
    const s = sessionOf(timer.matchId);
    if (s) dispatch({ type: 'clockSet', clock: callClockOf(timer, environment.now(), s.me.id) });
  }

  /**
   * The call stopped on the server's word (a hang-up, time up, match closed): nobody is left to
   * tell, and nothing for the match (a late offer, the partner's rejoin) starts it again.
   */
  function stopForGood(matchId: string, problem: CallProblem) {
    book.over(matchId);
    preparation.release(matchId);
    const s = sessionOf(matchId);
    if (!s) return;
    s.partnerInCall = false;
    s.teardown();
    dispatch({ type: 'stoppedForGood', problem });
  }

  /** The server closed the match before a call got going: nobody is coming. */
  const onMatchExpired = ({ matchId, reason }: Pick<MatchExpiredEvent, 'matchId' | 'reason'>) =>
    stopForGood(
      matchId,
      reason === 'partnerLeft' ? 'partner-left' : reason === 'ended' ? 'match-ended' : 'match-expired',
    );

  function onCallEnded({ matchId, userId }: { matchId: string; userId: string }) {
    const s = sessionOf(matchId);
    if (s && userId === s.me.id) {
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
    s.teardown();
    session = null;
    // Final (issue 33): a late offer or the partner's ask to rejoin opens nothing for this match.
    book.over(s.match.id);
    if (s.partnerInCall) {
      void client.call('EndCall', { matchId: s.match.id }).then((result) => logRefusal(result, 'EndCall'));
    }
    dispatch({ type: 'hungUp' });
  }

  const isIn = (match: Match, me: CallParticipant) => me.id === match.user1.id || me.id === match.user2.id;

  /** Gets `match`'s connection ready, in place of whatever was ready for another. */
  function prepare(match: Match, me: CallParticipant, iceServers: Promise<RTCIceServer[]>) {
    preparation.release();
    const role: CallRole = match.user1.id === me.id ? 'offerer' : 'answerer';
    preparation.hold(
      {
        matchId: match.id,
        iceServers,
        connection: prepareConnection(newPeerConnection, iceServers, role),
        media: null,
        offerSent: null,
      },
      preparationHoldMs(match, environment.now()),
    );
  }

  /**
   * The caller's offer made ahead goes to the hub at its Accept (decision 036): the hub hands it
   * to the partner the moment both have accepted, a round trip sooner than an offer sent once
   * this side hears so. Its candidates still wait for the call. False: the call sends its own.
   */
  async function sendOfferAhead(matchId: string, connection: Preparation['connection']): Promise<boolean> {
    const prepared = await connection;
    if (!prepared?.description) return false;
    const result = await client.call('PrepareOffer', {
      matchId,
      offer: { type: 'offer', sdp: prepared.description.sdp ?? '' },
    });
    logRefusal(result, 'PrepareOffer');
    return !('error' in result);
  }

  function acceptedByMe(match: Match, me: CallParticipant) {
    // A call already under way holds the camera.
    if (!isIn(match, me) || book.isOver(match.id) || inCall()) return;
    const openMedia = () => {
      const media = openLocalMedia(environment.getUserMedia);
      // A camera that cannot be opened is reported by the call, which asks for it again.
      media.catch(() => {});
      return media;
    };
    const iceServers = context.iceServersFor(me.token);
    // Made on ICE servers still fresh (ICE_SERVERS_REUSE_MS), the connection got ready at the show serves.
    if (!preparation.isFor(match.id, iceServers)) prepare(match, me, iceServers);
    const offerer = match.user1.id === me.id;
    preparation.accepted(match.id, openMedia, (connection) =>
      offerer ? sendOfferAhead(match.id, connection) : Promise.resolve(false),
    );
  }

  function toggle(choice: { microphoneOn: boolean } | { cameraOn: boolean }, event: CallEvent) {
    applyMediaChoices(session?.media.stream ?? null, choice);
    dispatch(event);
    session?.sendMediaState();
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
        client.on('AnswerReceived', ({ matchId, answer }) => sessionOf(matchId)?.answerReceived(answer)),
        client.on('IceCandidateReceived', onCandidate),
        client.on('CallRejoined', onPartnerRejoined),
        client.on('CallFailed', onPartnerFailed),
        client.on('CallTimer', onTimer),
        client.on('CallTimeUp', ({ matchId }) => stopForGood(matchId, 'time-up')),
        client.on('MatchExpired', onMatchExpired),
        client.on('MatchDeclined', ({ matchId }) => preparation.release(matchId)),
        client.on('MediaStateChanged', ({ matchId, cameraOn, microphoneOn }) => {
          if (sessionOf(matchId)) dispatch({ type: 'partnerMediaChanged', cameraOn, microphoneOn });
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
        void openSession(match, me, 'offerer').offer(false);
        return;
      }
      const early = book.takeEarlyOffer(match.id);
      if (early) {
        void openSession(match, me, 'answerer').answer(early.offer, false, early.candidates);
        return;
      }
      const s = openSession(match, me, 'answerer');
      // Back after a reload, the partner may still hold the call with the page that is gone;
      // otherwise the offer is on its way: get the camera and the ICE servers ready for it.
      if (restored) s.partnerInCall = true;
      void s.waitForOffer(restored ? 'reload' : 'match');
    },
    matchOffered(match, me) {
      if (!isIn(match, me) || book.isOver(match.id)) return;
      // Accepted on a page of this person's that is gone (a reload): the offer that page sent
      // ahead is replaced by this page's, which is the one that will answer (decision 036).
      if (match.user1.id === me.id ? match.acceptedByUser1 : match.acceptedByUser2) {
        acceptedByMe(match, me);
        return;
      }
      const iceServers = context.iceServersFor(me.token);
      // A call under way keeps its own connection; this match's is made at its Accept.
      if (!inCall() && !preparation.isFor(match.id)) prepare(match, me, iceServers);
    },
    acceptedByMe,
    toggleMicrophone: () => toggle({ microphoneOn: !state.microphoneOn }, { type: 'microphoneToggled' }),
    toggleCamera() {
      if (state.hasCamera) toggle({ cameraOn: !state.cameraOn }, { type: 'cameraToggled' });
    },
    endCall: hangUp,
    extendCall() {
      const s = session;
      if (!s || !mayAskToExtend(state)) return;
      void client.call('ExtendCall', { matchId: s.match.id }).then((result) => {
        if ('data' in result) onTimer(result.data);
        else logRefusal(result, 'ExtendCall');
      });
    },
    retry() {
      // Only a call that failed here is retried; one ended for good stays ended (issue 33).
      if (session && canRetry(state)) session.retry();
    },
    connectionState: () => session?.peer.pc?.connectionState ?? state.peerState,
  };
}
