import { describe, expect, it, vi } from 'vitest';
import {
  createFakeCallEnvironment,
  createFakeStream,
  createSignallingHub,
  type FakePeerConnection,
  flushPromises,
} from '@/test/fake-webrtc';
import { ME_ID, makeMatch, makeParticipant, PARTNER_ID } from '@/test/fixtures';
import { type CallParticipant, createCallController } from './call-controller';
import { PREPARED_MEDIA_HOLD_MS } from './call-preparation';
import { ICE_SERVERS_REUSE_MS } from './ice-server-cache';
import { ICE_CANDIDATE_POOL_SIZE } from './peer-negotiation';
import {
  CONNECT_TIMEOUT_MS,
  DISCONNECTED_GRACE_MS,
  ICE_GATHERING_TIMEOUT_MS,
  MAX_AUTOMATIC_RESTARTS,
  VIDEO_RETRY_DELAY_MS,
} from './restart-policy';

const ME: CallParticipant = { id: ME_ID, token: 'participant-token' };
// In makeMatch the current user (ME_ID) is user1, the offerer.
const MATCH = makeMatch({ status: 'Accepted', acceptedByUser1: true, acceptedByUser2: true });
const MATCH_AS_ANSWERER = makeMatch({
  status: 'Accepted',
  acceptedByUser1: true,
  acceptedByUser2: true,
  user1: makeParticipant(),
  user2: makeParticipant({ id: ME_ID, username: 'Grace' }),
});
const OFFER = { type: 'offer' as const, sdp: 'v=0 remote-offer' };
const ANSWER = { type: 'answer' as const, sdp: 'v=0 remote-answer' };
const CANDIDATE = {
  candidate: 'candidate:1 1 udp 2122260223 192.0.2.1 54400 typ host',
  sdpMid: '0',
  sdpMLineIndex: 0,
  usernameFragment: 'abcd',
};

function setup() {
  const { hub, client } = createSignallingHub();
  const fakes = createFakeCallEnvironment();
  const controller = createCallController({ client, environment: fakes.environment });
  controller.attach();
  // Onto the fakes themselves, so their `pc` getter keeps answering the latest peer connection.
  return Object.assign(fakes, { hub, controller });
}

describe('call controller as the offerer (user1)', () => {
  it('asks for camera and microphone, then offers with the configured ICE servers', async () => {
    const { hub, controller, getUserMedia, loadIceServers, peers, streams } = setup();
    controller.matchReady(MATCH, ME);
    expect(controller.getState()).toMatchObject({ phase: 'starting', role: 'offerer', partnerName: 'Ada' });
    await flushPromises();

    expect(getUserMedia).toHaveBeenCalledWith({ video: true, audio: true });
    expect(loadIceServers).toHaveBeenCalledWith('participant-token');
    expect(peers).toHaveLength(1);
    expect(peers[0]?.configuration).toEqual({
      iceServers: [{ urls: ['stun:stun.example.org:3478'] }],
      iceCandidatePoolSize: ICE_CANDIDATE_POOL_SIZE,
    });
    expect(peers[0]?.tracks).toHaveLength(2);
    expect(hub.callsOf('SendOffer')).toEqual([
      { matchId: MATCH.id, offer: { type: 'offer', sdp: 'v=0 fake-offer' } },
    ]);
    expect(controller.getState()).toMatchObject({ phase: 'active', localStream: streams[0]?.stream });
  });

  it('holds candidates found before the offer went out and sends them after it', async () => {
    const { hub, controller, environment } = setup();
    const create = environment.createPeerConnection;
    environment.createPeerConnection = (configuration) => {
      const pc = create(configuration) as unknown as FakePeerConnection;
      const createOffer = pc.createOffer.bind(pc);
      pc.createOffer = async () => {
        pc.emitCandidate(CANDIDATE);
        return createOffer();
      };
      return pc as unknown as RTCPeerConnection;
    };
    controller.matchReady(MATCH, ME);
    await flushPromises();
    expect(hub.calls.map((call) => call.event)).toEqual(['SendOffer', 'SendIceCandidate']);
  });

  it('sends usable candidates, applies the answer and adds the candidates queued before it', async () => {
    const { hub, controller, pc } = await startedOfferer();
    pc.emitCandidate(CANDIDATE);
    pc.emitCandidate({ candidate: 'candidate:2', sdpMid: null, sdpMLineIndex: null });
    pc.emitCandidate(null);
    await flushPromises();
    expect(hub.callsOf('SendIceCandidate')).toEqual([{ matchId: MATCH.id, candidate: CANDIDATE }]);

    hub.push('IceCandidateReceived', { matchId: MATCH.id, candidate: CANDIDATE });
    hub.push('IceCandidateReceived', {
      matchId: MATCH.id,
      candidate: { candidate: 'candidate:3', sdpMid: null, sdpMLineIndex: null },
    });
    expect(pc.addedCandidates).toEqual([]);

    hub.push('AnswerReceived', { matchId: MATCH.id, answer: ANSWER });
    await flushPromises();
    expect(pc.remoteDescription).toEqual(ANSWER);
    expect(pc.addedCandidates).toEqual([CANDIDATE]);

    hub.push('IceCandidateReceived', {
      matchId: MATCH.id,
      candidate: { ...CANDIDATE, candidate: 'candidate:4' },
    });
    await flushPromises();
    expect(pc.addedCandidates).toHaveLength(2);
    expect(controller.getState().phase).toBe('active');
  });

  it('ignores signalling for other matches', async () => {
    const { hub, pc } = await startedOfferer();
    const other = '11111111-2222-4333-8444-555555555555';
    hub.push('AnswerReceived', { matchId: other, answer: ANSWER });
    hub.push('CallEnded', { matchId: other, userId: PARTNER_ID });
    await flushPromises();
    expect(pc.remoteDescription).toBeNull();
    expect(pc.close).not.toHaveBeenCalled();
  });

  it('tracks the connection state and gives a lost connection up after a grace period', async () => {
    const { controller, pc, streams, timers } = await startedOfferer();
    pc.setConnectionState('connecting');
    pc.setConnectionState('connected');
    expect(controller.getState().peerState).toBe('connected');
    expect(controller.connectionState()).toBe('connected');

    pc.setConnectionState('disconnected');
    expect(timers.delays).toEqual([DISCONNECTED_GRACE_MS]);
    pc.setConnectionState('connected');
    expect(timers.delays).toEqual([]);

    pc.setConnectionState('disconnected');
    timers.runAll();
    expect(controller.getState()).toMatchObject({ phase: 'ended', problem: 'connection-lost' });
    expect(pc.close).toHaveBeenCalled();
    expect(streams[0]?.audio.stop).toHaveBeenCalled();
    expect(streams[0]?.video.stop).toHaveBeenCalled();
  });

  it('ends at once when the connection fails', async () => {
    const { controller, pc } = await startedOfferer();
    pc.setConnectionState('failed');
    expect(controller.getState()).toMatchObject({
      phase: 'ended',
      problem: 'connection-lost',
      peerState: 'failed',
    });
  });

  it('retries a lost call within the same call: tears down, waits a second, offers again, never EndCall', async () => {
    const { hub, controller, peers, timers } = await startedOfferer();
    // A healthy call has nothing to retry.
    controller.retry();
    expect(controller.getState().phase).toBe('active');
    peers[0]?.setConnectionState('failed');
    controller.retry();
    expect(controller.getState().phase).toBe('retrying');
    expect(peers[0]?.close).toHaveBeenCalled();
    expect(timers.delays).toEqual([VIDEO_RETRY_DELAY_MS]);
    timers.runAll();
    await flushPromises();
    expect(peers).toHaveLength(2);
    expect(hub.callsOf('SendOffer')).toHaveLength(2);
    expect(controller.getState().phase).toBe('active');
    // Retry restarts this side's connection; EndCall would end the call for good (issue 33).
    expect(hub.callsOf('EndCall')).toEqual([]);
  });

  it('reports a failed retry', async () => {
    const { controller, getUserMedia, pc, timers } = await startedOfferer();
    getUserMedia.mockRejectedValueOnce(new DOMException('Gone', 'NotReadableError'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    pc.setConnectionState('failed');
    controller.retry();
    timers.runAll();
    await flushPromises();
    expect(controller.getState()).toMatchObject({
      phase: 'failed',
      retryFailed: true,
      problem: 'device-busy',
    });
  });

  it('a hang-up is final: the partner asking to rejoin afterwards opens nothing and turns no camera on', async () => {
    const { hub, controller, getUserMedia, peers } = await startedOfferer();
    controller.endCall();
    expect(hub.callsOf('EndCall')).toEqual([{ matchId: MATCH.id }]);
    // The server hears of it as both do, and the partner's old Retry asks for a new offer.
    hub.push('CallEnded', { matchId: MATCH.id, userId: ME_ID });
    hub.push('CallRejoined', { matchId: MATCH.id, userId: PARTNER_ID });
    hub.push('OfferReceived', { matchId: MATCH.id, offer: OFFER });
    await flushPromises();
    expect(controller.getState().phase).toBe('idle');
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    expect(peers).toHaveLength(1);
    expect(hub.callsOf('SendOffer')).toHaveLength(1);
  });

  it('ends the call for good when the partner hangs up: Retry does nothing, and a late rejoin opens nothing', async () => {
    const { hub, controller, getUserMedia, peers, streams, timers } = await startedOfferer();
    hub.push('CallEnded', { matchId: MATCH.id, userId: PARTNER_ID });
    expect(controller.getState()).toMatchObject({
      phase: 'ended',
      problem: 'partner-left',
      localStream: null,
    });
    expect(streams[0]?.video.stop).toHaveBeenCalled();
    controller.retry();
    timers.runAll();
    hub.push('CallRejoined', { matchId: MATCH.id, userId: PARTNER_ID });
    await flushPromises();
    expect(controller.getState()).toMatchObject({ phase: 'ended', problem: 'partner-left' });
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    expect(peers).toHaveLength(1);
    // Back to the wheel: nothing to tell the server, which ended the call already.
    controller.endCall();
    expect(hub.callsOf('EndCall')).toEqual([]);
  });

  it('stops for good when the server refuses a signal because the call ended', async () => {
    const { hub, controller, timers } = setup();
    hub.handle('SendOffer', () => ({
      error: { code: 'conflict', reason: 'call_ended', message: 'This call has ended.' },
    }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    controller.matchReady(MATCH, ME);
    await flushPromises();
    expect(controller.getState()).toMatchObject({ phase: 'ended', problem: 'call-ended', localStream: null });
    expect(hub.callsOf('FailCall')).toEqual([]);
    controller.retry();
    timers.runAll();
    await flushPromises();
    expect(hub.callsOf('SendOffer')).toHaveLength(1);
  });

  it('counts the call clock from the server’s start of the call, so a reload keeps it', async () => {
    const { hub, controller, environment } = await startedOfferer();
    const serverAhead = 5_000;
    const now = environment.now();
    hub.push('CallTimer', {
      matchId: MATCH.id,
      startedAt: new Date(now + serverAhead - 90_000).toISOString(),
      endsAt: new Date(now + serverAhead + 210_000).toISOString(),
      serverTime: new Date(now + serverAhead).toISOString(),
      lengthSeconds: 300,
      extended: false,
      extensionRequestedBy: null,
    });
    expect(controller.getState()).toMatchObject({ startedAt: now - 90_000, endsAt: now + 210_000 });
  });

  it('tells the partner when hanging up, also after a start that failed before the offer (they were told to wait)', async () => {
    const { hub, controller } = await startedOfferer();
    controller.endCall();
    expect(hub.callsOf('EndCall')).toEqual([{ matchId: MATCH.id }]);
    expect(controller.getState().phase).toBe('idle');

    const second = setup();
    second.getUserMedia.mockRejectedValueOnce(new DOMException('Denied', 'NotAllowedError'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    second.controller.matchReady(MATCH, ME);
    await flushPromises();
    expect(second.controller.getState()).toMatchObject({ phase: 'failed', problem: 'permission-denied' });
    expect(second.hub.callsOf('SendOffer')).toEqual([]);
    expect(second.peers.every((pc) => pc.close.mock.calls.length > 0)).toBe(true);
    expect(second.hub.callsOf('FailCall')).toEqual([{ matchId: MATCH.id }]);
    second.controller.endCall();
    expect(second.hub.callsOf('EndCall')).toEqual([{ matchId: MATCH.id }]);
  });

  it('does nothing for a match the user is not in', async () => {
    const { controller, getUserMedia } = setup();
    controller.matchReady(MATCH, { id: '99999999-8888-4777-8666-555555555555', token: 't' });
    await flushPromises();
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(controller.getState().phase).toBe('idle');
  });
});

describe('call controller as the answerer (user2)', () => {
  it('gets camera and ICE servers ready while the offer is on its way, then answers it on them', async () => {
    const { hub, controller, getUserMedia, loadIceServers, peers } = setup();
    controller.matchReady(MATCH_AS_ANSWERER, ME);
    await flushPromises();
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    expect(loadIceServers).toHaveBeenCalledTimes(1);
    expect(peers).toHaveLength(0);
    // Told as connecting, not as reconnecting; nobody is asked for an offer.
    expect(controller.getState()).toMatchObject({ phase: 'starting', role: 'answerer', partnerName: 'Ada' });
    expect(hub.callsOf('RejoinCall')).toEqual([]);

    hub.push('OfferReceived', { matchId: MATCH_AS_ANSWERER.id, offer: OFFER });
    hub.push('IceCandidateReceived', { matchId: MATCH_AS_ANSWERER.id, candidate: CANDIDATE });
    hub.push('IceCandidateReceived', {
      matchId: MATCH_AS_ANSWERER.id,
      candidate: { candidate: 'candidate:9', sdpMid: null, sdpMLineIndex: null },
    });
    expect(controller.getState()).toMatchObject({ phase: 'starting', role: 'answerer', partnerName: 'Ada' });
    await flushPromises();

    // The camera and ICE servers made ready are the ones the answer uses.
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    expect(loadIceServers).toHaveBeenCalledTimes(1);
    const pc = peers[0];
    expect(pc?.configuration.iceCandidatePoolSize).toBe(50);
    expect(pc?.remoteDescription).toEqual(OFFER);
    expect(pc?.localDescription).toEqual({ type: 'answer', sdp: 'v=0 fake-answer' });
    expect(pc?.addedCandidates).toEqual([CANDIDATE]);
    expect(hub.callsOf('SendAnswer')).toEqual([
      { matchId: MATCH_AS_ANSWERER.id, answer: { type: 'answer', sdp: 'v=0 fake-answer' } },
    ]);
    expect(controller.getState().phase).toBe('active');
  });

  it('sets its answer as a provisional one first, then the same text as final, and sends it (the ICE stall)', async () => {
    const { hub, controller, peers } = setup();
    controller.matchReady(MATCH_AS_ANSWERER, ME);
    hub.push('OfferReceived', { matchId: MATCH_AS_ANSWERER.id, offer: OFFER });
    await flushPromises();
    expect(peers[0]?.localDescriptions).toEqual([
      { type: 'pranswer', sdp: 'v=0 fake-answer' },
      { type: 'answer', sdp: 'v=0 fake-answer' },
    ]);
    expect(peers[0]?.signalingState).toBe('stable');
    // The partner gets a final answer, never the provisional one.
    expect(hub.callsOf('SendAnswer')).toEqual([
      { matchId: MATCH_AS_ANSWERER.id, answer: { type: 'answer', sdp: 'v=0 fake-answer' } },
    ]);
    expect(controller.getState().phase).toBe('active');
  });

  it('fails the call, and tells the partner, when the browser refuses the provisional or the final answer', async () => {
    for (const refused of ['pranswer', 'answer'] as const) {
      const { hub, controller, environment, peers } = setup();
      const create = environment.createPeerConnection;
      environment.createPeerConnection = (configuration) => {
        const pc = create(configuration) as unknown as FakePeerConnection;
        pc.failNextLocal = refused;
        return pc as unknown as RTCPeerConnection;
      };
      controller.matchReady(MATCH_AS_ANSWERER, ME);
      hub.push('OfferReceived', { matchId: MATCH_AS_ANSWERER.id, offer: OFFER });
      await flushPromises();
      expect(controller.getState(), refused).toMatchObject({ phase: 'failed' });
      expect(peers[0]?.close, refused).toHaveBeenCalled();
      expect(hub.callsOf('FailCall'), refused).toEqual([{ matchId: MATCH_AS_ANSWERER.id }]);
    }
  });

  it('keeps an offer that arrives before the match is known and answers it once it is', async () => {
    const { hub, controller, peers } = setup();
    hub.push('OfferReceived', { matchId: MATCH_AS_ANSWERER.id, offer: OFFER });
    hub.push('IceCandidateReceived', { matchId: MATCH_AS_ANSWERER.id, candidate: CANDIDATE });
    await flushPromises();
    expect(peers).toHaveLength(0);

    controller.matchReady(MATCH_AS_ANSWERER, ME);
    await flushPromises();
    expect(peers[0]?.remoteDescription).toEqual(OFFER);
    expect(peers[0]?.addedCandidates).toEqual([CANDIDATE]);
    expect(hub.callsOf('SendAnswer')).toHaveLength(1);
  });

  it('after a lost connection, Retry waits for a new offer and answers it', async () => {
    const { hub, controller, peers, timers } = setup();
    controller.matchReady(MATCH_AS_ANSWERER, ME);
    hub.push('OfferReceived', { matchId: MATCH_AS_ANSWERER.id, offer: OFFER });
    await flushPromises();
    peers[0]?.setConnectionState('failed');
    expect(controller.getState().phase).toBe('ended');

    controller.retry();
    timers.runAll();
    await flushPromises();
    expect(controller.getState().phase).toBe('waiting');
    expect(hub.callsOf('SendOffer')).toEqual([]);

    hub.push('OfferReceived', { matchId: MATCH_AS_ANSWERER.id, offer: { type: 'offer', sdp: 'v=0 again' } });
    await flushPromises();
    expect(peers).toHaveLength(2);
    expect(hub.callsOf('SendAnswer')).toHaveLength(2);
    expect(controller.getState().phase).toBe('active');
  });
});

describe("call controller from this person's own Accept", () => {
  // Accepted by this person only: the partner has not answered yet.
  const ACCEPTED_BY_ME = { ...MATCH, status: 'Pending' as const, acceptedByUser2: false };
  const ACCEPTED_BY_ME_AS_ANSWERER = {
    ...MATCH_AS_ANSWERER,
    status: 'Pending' as const,
    acceptedByUser1: false,
  };

  it('opens the camera at once without showing a call, and the call starts on it once both accepted', async () => {
    const { hub, controller, getUserMedia, loadIceServers, streams } = setup();
    controller.acceptedByMe(ACCEPTED_BY_ME, ME);
    await flushPromises();
    expect(getUserMedia).toHaveBeenCalledWith({ video: true, audio: true });
    expect(loadIceServers).toHaveBeenCalledWith('participant-token');
    expect(controller.getState().phase).toBe('idle');
    expect(hub.callsOf('SendOffer')).toEqual([]);

    controller.matchReady(MATCH, ME);
    await flushPromises();
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    expect(loadIceServers).toHaveBeenCalledTimes(1);
    expect(hub.callsOf('SendOffer')).toHaveLength(1);
    expect(controller.getState()).toMatchObject({ phase: 'active', localStream: streams[0]?.stream });
    expect(streams[0]?.video.stop).not.toHaveBeenCalled();
  });

  it('the answerer answers on the camera it opened at its Accept', async () => {
    const { hub, controller, getUserMedia, peers, streams } = setup();
    controller.acceptedByMe(ACCEPTED_BY_ME_AS_ANSWERER, ME);
    controller.matchReady(MATCH_AS_ANSWERER, ME);
    hub.push('OfferReceived', { matchId: MATCH_AS_ANSWERER.id, offer: OFFER });
    await flushPromises();
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    expect(peers[0]?.tracks).toHaveLength(2);
    expect(hub.callsOf('SendAnswer')).toHaveLength(1);
    expect(controller.getState()).toMatchObject({ phase: 'active', localStream: streams[0]?.stream });
  });

  it('turns the camera off when the partner declines', async () => {
    const { hub, controller, streams } = setup();
    controller.acceptedByMe(ACCEPTED_BY_ME, ME);
    await flushPromises();
    hub.push('MatchDeclined', { matchId: MATCH.id, userId: PARTNER_ID });
    await flushPromises();
    expect(streams[0]?.video.stop).toHaveBeenCalled();
    expect(streams[0]?.audio.stop).toHaveBeenCalled();
    expect(controller.getState().phase).toBe('idle');
  });

  it('turns off a camera still opening when the partner declines, as soon as it is open', async () => {
    const { hub, controller, getUserMedia, streams } = setup();
    let grant: () => void = () => {};
    const camera = getUserMedia.getMockImplementation();
    getUserMedia.mockImplementationOnce(
      (constraints) =>
        new Promise((resolve) => (grant = () => resolve(camera?.(constraints) ?? Promise.reject()))),
    );
    controller.acceptedByMe(ACCEPTED_BY_ME, ME);
    hub.push('MatchDeclined', { matchId: MATCH.id, userId: PARTNER_ID });
    grant();
    await flushPromises();
    expect(streams[0]?.video.stop).toHaveBeenCalled();
  });

  it('turns the camera off when the match closes unanswered, or when nothing is heard in time', async () => {
    const closed = setup();
    closed.controller.acceptedByMe(ACCEPTED_BY_ME, ME);
    await flushPromises();
    closed.hub.push('MatchExpired', { wheelId: MATCH.wheelId, matchId: MATCH.id, reason: 'unanswered' });
    await flushPromises();
    expect(closed.streams[0]?.video.stop).toHaveBeenCalled();
    expect(closed.controller.getState().phase).toBe('idle');

    const silent = setup();
    silent.controller.acceptedByMe(ACCEPTED_BY_ME, ME);
    await flushPromises();
    expect(silent.timers.delays).toEqual([PREPARED_MEDIA_HOLD_MS]);
    silent.timers.runAll();
    await flushPromises();
    expect(silent.streams[0]?.video.stop).toHaveBeenCalled();
  });

  it('keeps the camera ready as long as the organiser lets the partner answer', async () => {
    const { controller, timers, clock } = setup();
    clock.now = Date.parse('2026-11-24T10:00:00.000Z');
    controller.acceptedByMe({ ...ACCEPTED_BY_ME, answerBy: '2026-11-24T10:02:00.000Z' }, ME);
    await flushPromises();
    expect(timers.delays).toEqual([120_000]);
  });

  it('turns the camera off when the page leaves the wheel before the partner accepted', async () => {
    const { hub, controller, peers, streams } = setup();
    controller.acceptedByMe(ACCEPTED_BY_ME, ME);
    await flushPromises();
    controller.endCall();
    await flushPromises();
    expect(streams[0]?.video.stop).toHaveBeenCalled();
    expect(hub.callsOf('EndCall')).toEqual([]);
    // The offer made at the Accept goes with it, unsent.
    expect(peers.map((pc) => pc.close.mock.calls.length)).toEqual([1]);
    expect(hub.callsOf('SendOffer')).toEqual([]);
  });

  it('the caller makes its offer at its Accept, and sends that one the moment both accepted', async () => {
    const { hub, controller, peers, loadIceServers } = setup();
    controller.acceptedByMe(ACCEPTED_BY_ME, ME);
    await flushPromises();
    const [early] = peers;
    expect(peers).toHaveLength(1);
    expect(early?.configuration.iceServers).toEqual(await loadIceServers.mock.results[0]?.value);
    expect(early?.localDescription).toEqual({ type: 'offer', sdp: 'v=0 fake-offer' });
    expect(early?.transceivers.map((t) => [t.kind, t.direction])).toEqual([
      ['audio', 'sendrecv'],
      ['video', 'sendrecv'],
    ]);
    // Nothing leaves the browser while the partner decides, not even a candidate.
    early?.emitCandidate(CANDIDATE);
    await flushPromises();
    expect(hub.calls).toEqual([]);
    expect(controller.getState().phase).toBe('idle');

    controller.matchReady(MATCH, ME);
    await flushPromises();
    expect(peers).toEqual([early]);
    expect(hub.calls.map((call) => call.event)).toEqual(['SendOffer', 'SendIceCandidate']);
    expect(hub.callsOf('SendOffer')[0]).toMatchObject({ offer: { type: 'offer', sdp: 'v=0 fake-offer' } });
    expect(early?.tracks).toHaveLength(2);
    expect(controller.getState().phase).toBe('active');
  });

  it('closes the offer made at the Accept when the partner declines, and makes none for the answerer', async () => {
    const caller = setup();
    caller.controller.acceptedByMe(ACCEPTED_BY_ME, ME);
    await flushPromises();
    caller.hub.push('MatchDeclined', { matchId: MATCH.id, userId: PARTNER_ID });
    await flushPromises();
    expect(caller.peers[0]?.close).toHaveBeenCalled();
    expect(caller.hub.callsOf('SendOffer')).toEqual([]);

    // The answerer's connection comes with the offer.
    const answerer = setup();
    answerer.controller.acceptedByMe(ACCEPTED_BY_ME_AS_ANSWERER, ME);
    await flushPromises();
    expect(answerer.peers).toHaveLength(0);
  });

  it('a Retry makes a fresh offer rather than sending the one made at the Accept again', async () => {
    const { hub, controller, peers, timers } = setup();
    controller.acceptedByMe(ACCEPTED_BY_ME, ME);
    await flushPromises();
    controller.matchReady(MATCH, ME);
    await flushPromises();
    controller.retry();
    timers.runAll();
    await flushPromises();
    expect(peers).toHaveLength(2);
    expect(peers[0]?.close).toHaveBeenCalled();
    expect(hub.callsOf('SendOffer')).toHaveLength(2);
    expect(peers[1]?.localDescription).toEqual({ type: 'offer', sdp: 'v=0 fake-offer' });
  });

  it('reports a camera refused at the Accept once both accepted, and Retry asks again', async () => {
    const { controller, getUserMedia, hub, timers } = setup();
    getUserMedia.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    controller.acceptedByMe(ACCEPTED_BY_ME, ME);
    await flushPromises();
    expect(controller.getState().phase).toBe('idle');

    controller.matchReady(MATCH, ME);
    await flushPromises();
    expect(controller.getState()).toMatchObject({ phase: 'failed', problem: 'permission-denied' });

    controller.retry();
    timers.runAll();
    await flushPromises();
    expect(getUserMedia).toHaveBeenCalledTimes(2);
    expect(hub.callsOf('SendOffer')).toHaveLength(1);
  });
});

describe('call controller from the moment a match is shown', () => {
  const SHOWN = { ...MATCH, status: 'Pending' as const, acceptedByUser1: false, acceptedByUser2: false };
  const SHOWN_AS_ANSWERER = {
    ...MATCH_AS_ANSWERER,
    status: 'Pending' as const,
    acceptedByUser1: false,
    acceptedByUser2: false,
  };

  it('fetches the ICE servers at once, without the camera, and the Accept and the call use them', async () => {
    const { controller, hub, getUserMedia, loadIceServers, peers } = setup();
    controller.matchOffered(SHOWN, ME);
    await flushPromises();
    expect(loadIceServers).toHaveBeenCalledWith('participant-token');
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(peers).toHaveLength(0);
    expect(controller.getState().phase).toBe('idle');

    controller.acceptedByMe({ ...SHOWN, acceptedByUser1: true }, ME);
    controller.matchReady(MATCH, ME);
    await flushPromises();
    expect(loadIceServers).toHaveBeenCalledTimes(1);
    expect(peers[0]?.configuration.iceServers).toEqual([{ urls: ['stun:stun.example.org:3478'] }]);
    expect(hub.callsOf('SendOffer')).toHaveLength(1);
  });

  it('the answerer answers on the ICE servers fetched when the match was shown', async () => {
    const { controller, hub, loadIceServers, peers } = setup();
    controller.matchOffered(SHOWN_AS_ANSWERER, ME);
    controller.matchReady(MATCH_AS_ANSWERER, ME);
    hub.push('OfferReceived', { matchId: MATCH_AS_ANSWERER.id, offer: OFFER });
    await flushPromises();
    expect(loadIceServers).toHaveBeenCalledTimes(1);
    expect(peers[0]?.configuration.iceServers).toEqual([{ urls: ['stun:stun.example.org:3478'] }]);
    expect(hub.callsOf('SendAnswer')).toHaveLength(1);
  });

  it('fetches them again once they are ICE_SERVERS_REUSE_MS old, or when the fetch failed', async () => {
    const { controller, clock, loadIceServers } = setup();
    controller.matchOffered(SHOWN, ME);
    clock.now += ICE_SERVERS_REUSE_MS - 1;
    controller.acceptedByMe(SHOWN, ME);
    expect(loadIceServers).toHaveBeenCalledTimes(1);

    const later = setup();
    later.controller.matchOffered(SHOWN, ME);
    later.clock.now += ICE_SERVERS_REUSE_MS;
    later.controller.acceptedByMe(SHOWN, ME);
    expect(later.loadIceServers).toHaveBeenCalledTimes(2);

    const failed = setup();
    failed.loadIceServers.mockRejectedValueOnce(new Error('offline'));
    failed.controller.matchOffered(SHOWN, ME);
    await flushPromises();
    failed.controller.acceptedByMe(SHOWN, ME);
    failed.controller.matchReady(MATCH, ME);
    await flushPromises();
    expect(failed.loadIceServers).toHaveBeenCalledTimes(2);
    expect(failed.peers[0]?.configuration.iceServers).toEqual([{ urls: ['stun:stun.example.org:3478'] }]);
  });

  it('fetches nothing for a match the person is not in', () => {
    const { controller, loadIceServers } = setup();
    controller.matchOffered(SHOWN, { id: 'someone-else', token: 'their-token' });
    expect(loadIceServers).not.toHaveBeenCalled();
  });
});

describe('call controller while the camera is still opening (decision 025)', () => {
  /** getUserMedia that answers only when the test grants or refuses it. */
  function slowCamera(environment: ReturnType<typeof setup>['environment']) {
    const camera = {
      grant: (_stream: MediaStream) => {},
      refuse: (_error: unknown) => {},
      asked: vi.fn(
        () =>
          new Promise<MediaStream>((resolve, reject) => {
            camera.grant = resolve;
            camera.refuse = reject;
          }),
      ),
    };
    environment.getUserMedia = camera.asked;
    return camera;
  }

  it('the caller offers at once, asking for both kinds, and sends the camera when it opens', async () => {
    const { hub, controller, environment, peers } = setup();
    const camera = slowCamera(environment);
    const { stream } = createFakeStream();
    controller.matchReady(MATCH, ME);
    await flushPromises();
    expect(hub.callsOf('SendOffer')).toHaveLength(1);
    const pc = peers[0];
    expect(pc?.transceivers.map(({ kind, direction }) => [kind, direction])).toEqual([
      ['audio', 'sendrecv'],
      ['video', 'sendrecv'],
    ]);
    expect(pc?.tracks).toEqual([]);
    expect(controller.getState()).toMatchObject({ phase: 'active', localStream: null });

    camera.grant(stream);
    await flushPromises();
    expect(pc?.tracks).toEqual(stream.getTracks());
    // The same stream for both tracks, so the partner plays them in step.
    const [audio, video] = pc?.transceivers ?? [];
    expect(audio?.sender.streams).toHaveLength(1);
    expect(audio?.sender.streams).toEqual(video?.sender.streams);
    // No second negotiation: the tracks went onto the senders the offer announced.
    expect(hub.callsOf('SendOffer')).toHaveLength(1);
    expect(controller.getState()).toMatchObject({ phase: 'active', localStream: stream });
  });

  it('the answerer answers the offer before its camera is open, then sends the camera on it', async () => {
    const { hub, controller, environment, peers } = setup();
    const camera = slowCamera(environment);
    const { stream } = createFakeStream();
    controller.matchReady(MATCH_AS_ANSWERER, ME);
    hub.push('OfferReceived', { matchId: MATCH_AS_ANSWERER.id, offer: OFFER });
    await flushPromises();
    expect(hub.callsOf('SendAnswer')).toHaveLength(1);
    const pc = peers[0];
    expect(pc?.transceivers.map(({ kind, direction }) => [kind, direction])).toEqual([
      ['audio', 'sendrecv'],
      ['video', 'sendrecv'],
    ]);
    expect(pc?.tracks).toEqual([]);

    camera.grant(stream);
    await flushPromises();
    expect(pc?.tracks).toEqual(stream.getTracks());
    expect(camera.asked).toHaveBeenCalledTimes(1);
    expect(controller.getState()).toMatchObject({ phase: 'active', localStream: stream });
  });

  it('tells the partner of a missing camera found once the answer is out', async () => {
    const { hub, controller, environment, peers } = setup();
    const camera = slowCamera(environment);
    const { stream } = createFakeStream({ video: false });
    controller.matchReady(MATCH_AS_ANSWERER, ME);
    hub.push('OfferReceived', { matchId: MATCH_AS_ANSWERER.id, offer: OFFER });
    await flushPromises();
    expect(hub.callsOf('SendMediaState')).toEqual([]);

    camera.grant(stream);
    await flushPromises();
    expect(peers[0]?.tracks.map((track) => track.kind)).toEqual(['audio']);
    expect(controller.getState()).toMatchObject({ hasCamera: false, cameraOn: false });
    expect(hub.callsOf('SendMediaState')).toEqual([
      { matchId: MATCH_AS_ANSWERER.id, cameraOn: false, microphoneOn: true },
    ]);
  });

  it('a camera refused after the answer went out fails the call as before, and Retry asks for a new offer', async () => {
    const { hub, controller, environment, peers, timers } = setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const camera = slowCamera(environment);
    controller.matchReady(MATCH_AS_ANSWERER, ME);
    hub.push('OfferReceived', { matchId: MATCH_AS_ANSWERER.id, offer: OFFER });
    await flushPromises();
    expect(hub.callsOf('SendAnswer')).toHaveLength(1);

    camera.refuse(new DOMException('denied', 'NotAllowedError'));
    await flushPromises();
    expect(controller.getState()).toMatchObject({ phase: 'failed', problem: 'permission-denied' });
    expect(peers[0]?.close).toHaveBeenCalled();

    controller.retry();
    timers.runAll();
    await flushPromises();
    expect(camera.asked).toHaveBeenCalledTimes(2);
    camera.grant(createFakeStream().stream);
    await flushPromises();
    // The partner's connection went with ours: they are asked to call again at once.
    expect(hub.callsOf('RejoinCall')).toEqual([{ matchId: MATCH_AS_ANSWERER.id }]);
  });

  it('tells the partner when the camera is refused after the answer went out, so they wait for the Retry', async () => {
    const { hub, controller, environment } = setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const camera = slowCamera(environment);
    controller.matchReady(MATCH_AS_ANSWERER, ME);
    hub.push('OfferReceived', { matchId: MATCH_AS_ANSWERER.id, offer: OFFER });
    await flushPromises();
    expect(hub.callsOf('FailCall')).toEqual([]);

    camera.refuse(new DOMException('denied', 'NotAllowedError'));
    await flushPromises();
    expect(hub.callsOf('FailCall')).toEqual([{ matchId: MATCH_AS_ANSWERER.id }]);
  });

  it('the caller whose camera is refused before the offer tells the waiting partner too', async () => {
    const { hub, controller, environment } = setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const camera = slowCamera(environment);
    camera.asked.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    controller.matchReady(MATCH, ME);
    await flushPromises();
    expect(controller.getState()).toMatchObject({ phase: 'failed', problem: 'permission-denied' });
    expect(hub.callsOf('SendOffer')).toEqual([]);
    expect(hub.callsOf('FailCall')).toEqual([{ matchId: MATCH.id }]);
  });
});

describe("call controller when the partner's camera cannot start", () => {
  it('the caller closes the connection, keeps its camera, and waits without counting the call as lost', async () => {
    const { hub, controller, pc, streams, timers } = await startedOfferer();
    pc.setConnectionState('connecting');
    hub.push('CallFailed', { matchId: MATCH.id, userId: PARTNER_ID });
    expect(pc.close).toHaveBeenCalled();
    expect(controller.getState()).toMatchObject({
      phase: 'waiting',
      partnerFailed: true,
      localStream: streams[0]?.stream,
      remoteStream: null,
    });
    expect(streams[0]?.video.stop).not.toHaveBeenCalled();

    // However long the partner takes to fix their camera, this side neither gives up nor re-offers.
    timers.runAll();
    await flushPromises();
    expect(controller.getState()).toMatchObject({ phase: 'waiting', partnerFailed: true });
    expect(hub.callsOf('SendOffer')).toHaveLength(1);

    // Their Retry (as the answerer) asks for a new offer: it goes out on the same camera.
    hub.push('CallRejoined', { matchId: MATCH.id, userId: PARTNER_ID });
    await flushPromises();
    expect(hub.callsOf('SendOffer')).toHaveLength(2);
    expect(controller.getState()).toMatchObject({ phase: 'active', partnerFailed: false });
  });

  it('the answerer stops asking for offers and answers the one the partner sends after their Retry', async () => {
    const { hub, controller, timers } = setup();
    controller.matchReady(MATCH_AS_ANSWERER, ME);
    await flushPromises();
    hub.push('CallFailed', { matchId: MATCH_AS_ANSWERER.id, userId: PARTNER_ID });
    expect(controller.getState()).toMatchObject({ phase: 'waiting', partnerFailed: true });

    timers.runAll();
    await flushPromises();
    expect(hub.callsOf('RejoinCall')).toEqual([]);

    hub.push('OfferReceived', { matchId: MATCH_AS_ANSWERER.id, offer: OFFER });
    await flushPromises();
    expect(hub.callsOf('SendAnswer')).toHaveLength(1);
    expect(controller.getState()).toMatchObject({ phase: 'active', partnerFailed: false });
  });

  it('ignores the news for another match', async () => {
    const { hub, controller, pc } = await startedOfferer();
    hub.push('CallFailed', { matchId: '00000000-0000-4000-8000-000000000abc', userId: PARTNER_ID });
    expect(pc.close).not.toHaveBeenCalled();
    expect(controller.getState()).toMatchObject({ phase: 'active', partnerFailed: false });
  });
});

async function startedOfferer() {
  const context = setup();
  context.controller.matchReady(MATCH, ME);
  await flushPromises();
  return { ...context, pc: context.pc };
}

describe('call controller after a reload (issue 12)', () => {
  it('the answerer back on an accepted match turns the camera on and asks the caller to call again', async () => {
    const { hub, controller, peers } = setup();
    controller.matchReady(MATCH_AS_ANSWERER, ME, true);
    await flushPromises();
    expect(controller.getState()).toMatchObject({ phase: 'waiting', role: 'answerer', partnerName: 'Ada' });
    expect(hub.callsOf('RejoinCall')).toEqual([{ matchId: MATCH_AS_ANSWERER.id }]);

    hub.push('OfferReceived', { matchId: MATCH_AS_ANSWERER.id, offer: OFFER });
    await flushPromises();
    expect(peers.at(-1)?.remoteDescription).toEqual(OFFER);
    expect(hub.callsOf('SendAnswer')).toHaveLength(1);
    expect(controller.getState().phase).toBe('active');

    // The partner is in the call: hanging up tells them.
    controller.endCall();
    expect(hub.callsOf('EndCall')).toEqual([{ matchId: MATCH_AS_ANSWERER.id }]);
  });

  it('the answerer who sees the accept live does not ask for a new offer until the wait runs long', async () => {
    const { hub, controller, timers } = setup();
    controller.matchReady(MATCH_AS_ANSWERER, ME, false);
    await flushPromises();
    expect(controller.getState().phase).toBe('starting');
    expect(hub.callsOf('RejoinCall')).toEqual([]);
    timers.runAll();
    expect(hub.callsOf('RejoinCall')).toEqual([{ matchId: MATCH_AS_ANSWERER.id }]);
  });

  it('the caller offers again, on the same camera, when the partner comes back', async () => {
    const { hub, controller, pc: first, getUserMedia } = await startedOfferer();
    hub.push('CallRejoined', { matchId: MATCH.id, userId: PARTNER_ID });
    expect(first.close).toHaveBeenCalled();
    await flushPromises();
    expect(hub.callsOf('SendOffer')).toHaveLength(2);
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    expect(controller.getState().phase).toBe('active');
  });

  it('the caller whose call was lost offers again when the partner comes back', async () => {
    const { hub, controller, pc } = await startedOfferer();
    pc.setConnectionState('failed');
    expect(controller.getState()).toMatchObject({ phase: 'ended', problem: 'connection-lost' });
    hub.push('CallRejoined', { matchId: MATCH.id, userId: PARTNER_ID });
    await flushPromises();
    expect(hub.callsOf('SendOffer')).toHaveLength(2);
    expect(controller.getState().phase).toBe('active');
  });

  it('ignores a rejoin for another match, and a rejoin told to the answerer', async () => {
    const { hub, controller } = await startedOfferer();
    hub.push('CallRejoined', { matchId: '00000000-0000-4000-8000-000000000abc', userId: PARTNER_ID });
    await flushPromises();
    expect(hub.callsOf('SendOffer')).toHaveLength(1);

    const answerer = setup();
    answerer.controller.matchReady(MATCH_AS_ANSWERER, ME);
    answerer.hub.push('OfferReceived', { matchId: MATCH_AS_ANSWERER.id, offer: OFFER });
    await flushPromises();
    answerer.hub.push('CallRejoined', { matchId: MATCH_AS_ANSWERER.id, userId: PARTNER_ID });
    await flushPromises();
    expect(answerer.hub.callsOf('SendOffer')).toEqual([]);
    expect(controller.getState().phase).toBe('active');
  });

  it('ends the wait when the server closes the match before the call got going', async () => {
    const { hub, controller, streams } = setup();
    controller.matchReady(MATCH_AS_ANSWERER, ME, true);
    await flushPromises();
    hub.push('MatchExpired', {
      wheelId: MATCH_AS_ANSWERER.wheelId,
      matchId: MATCH_AS_ANSWERER.id,
      reason: 'callNotStarted',
    });
    expect(controller.getState()).toMatchObject({
      phase: 'ended',
      problem: 'match-expired',
      localStream: null,
    });
    expect(streams[0]?.video.stop).toHaveBeenCalled();
  });

  it('ends a call the server closed as ended (a block, a removal) with its own neutral problem', async () => {
    const { hub, controller } = setup();
    controller.matchReady(MATCH_AS_ANSWERER, ME, true);
    await flushPromises();
    hub.push('MatchExpired', {
      wheelId: MATCH_AS_ANSWERER.wheelId,
      matchId: MATCH_AS_ANSWERER.id,
      reason: 'ended',
    });
    expect(controller.getState()).toMatchObject({
      phase: 'ended',
      problem: 'match-ended',
      localStream: null,
    });
  });
});

describe('call controller when the two pages get out of step', () => {
  it('the caller offers again on a fresh connection when the call has not connected in time, then gives up', async () => {
    const { hub, controller, peers, timers } = await startedOfferer();
    // The fakes find no candidate, so each start is looked at early and started afresh.
    expect(timers.delays).toEqual([ICE_GATHERING_TIMEOUT_MS]);
    for (let restart = 1; restart <= MAX_AUTOMATIC_RESTARTS; restart += 1) {
      timers.runAll();
      expect(peers[restart - 1]?.close).toHaveBeenCalled();
      await flushPromises();
      expect(hub.callsOf('SendOffer')).toHaveLength(restart + 1);
      expect(controller.getState().phase).toBe('active');
    }
    timers.runAll();
    expect(controller.getState()).toMatchObject({ phase: 'ended', problem: 'connection-lost' });
    expect(hub.callsOf('SendOffer')).toHaveLength(MAX_AUTOMATIC_RESTARTS + 1);
  });

  it('a call that connects is left alone, and a later stall gets its full count of fresh starts', async () => {
    const { hub, controller, peers, timers } = await startedOfferer();
    timers.runAll();
    await flushPromises();
    expect(hub.callsOf('SendOffer')).toHaveLength(2);
    peers[1]?.setConnectionState('connected');
    expect(timers.delays).toEqual([]);
    expect(controller.getState().peerState).toBe('connected');

    // The partner reloads; the new offer stalls: two fresh starts again before giving up.
    hub.push('CallRejoined', { matchId: MATCH.id, userId: PARTNER_ID });
    await flushPromises();
    for (let restart = 1; restart <= MAX_AUTOMATIC_RESTARTS; restart += 1) {
      timers.runAll();
      await flushPromises();
    }
    expect(hub.callsOf('SendOffer')).toHaveLength(3 + MAX_AUTOMATIC_RESTARTS);
    expect(controller.getState().phase).toBe('active');
    timers.runAll();
    expect(controller.getState()).toMatchObject({ phase: 'ended', problem: 'connection-lost' });
  });

  it('a caller still opening its camera offers again when asked, on the same camera request', async () => {
    const { hub, controller, environment, peers } = setup();
    let grant: (stream: MediaStream) => void = () => {};
    const stream = (await environment.getUserMedia({ video: true, audio: true })) as MediaStream;
    const asked = vi.fn(() => new Promise<MediaStream>((resolve) => (grant = resolve)));
    environment.getUserMedia = asked;
    controller.matchReady(MATCH, ME);
    await flushPromises();
    hub.push('CallRejoined', { matchId: MATCH.id, userId: PARTNER_ID });
    await flushPromises();
    grant(stream);
    await flushPromises();
    // The one camera request stands, and its tracks go on the connection of the latest offer.
    expect(asked).toHaveBeenCalledTimes(1);
    expect(hub.callsOf('SendOffer')).toHaveLength(2);
    expect(peers[0]?.close).toHaveBeenCalled();
    expect(peers[1]?.tracks).toEqual(stream.getTracks());
    expect(controller.getState().phase).toBe('active');
  });

  it('the answerer keeps asking while no offer comes, and never gives up on its own', async () => {
    const { hub, controller, timers } = setup();
    controller.matchReady(MATCH_AS_ANSWERER, ME);
    await flushPromises();
    for (let wait = 1; wait <= MAX_AUTOMATIC_RESTARTS + 2; wait += 1) timers.runAll();
    expect(hub.callsOf('RejoinCall')).toHaveLength(MAX_AUTOMATIC_RESTARTS + 2);
    expect(controller.getState().phase).toBe('starting');
  });

  it('the answerer waiting after a reload asks for an offer again when none comes', async () => {
    const { hub, controller, timers } = setup();
    controller.matchReady(MATCH_AS_ANSWERER, ME, true);
    await flushPromises();
    expect(hub.callsOf('RejoinCall')).toHaveLength(1);
    timers.runAll();
    expect(hub.callsOf('RejoinCall')).toHaveLength(2);
    expect(controller.getState().phase).toBe('waiting');

    // The offer comes: answered, and the wait for the connection starts over.
    hub.push('OfferReceived', { matchId: MATCH_AS_ANSWERER.id, offer: OFFER });
    await flushPromises();
    expect(hub.callsOf('SendAnswer')).toHaveLength(1);
    expect(timers.delays).toEqual([ICE_GATHERING_TIMEOUT_MS]);
  });

  it('a connection whose ICE started gets the whole wait; one that found no candidate starts afresh early', async () => {
    const { hub, peers, timers, pc } = await startedOfferer();
    expect(timers.delays).toEqual([ICE_GATHERING_TIMEOUT_MS]);
    pc.emitCandidate(CANDIDATE);
    timers.runAll();
    await flushPromises();
    expect(hub.callsOf('SendOffer')).toHaveLength(1);
    expect(timers.delays).toEqual([CONNECT_TIMEOUT_MS - ICE_GATHERING_TIMEOUT_MS]);

    timers.runAll();
    await flushPromises();
    expect(peers[0]?.close).toHaveBeenCalled();
    expect(hub.callsOf('SendOffer')).toHaveLength(2);
    // The fresh connection finds nothing: it is looked at early again.
    expect(timers.delays).toEqual([ICE_GATHERING_TIMEOUT_MS]);
  });

  it('the answerer whose answer found no candidate asks for a new offer early and answers it afresh', async () => {
    const { hub, controller, peers, timers } = setup();
    controller.matchReady(MATCH_AS_ANSWERER, ME);
    hub.push('OfferReceived', { matchId: MATCH_AS_ANSWERER.id, offer: OFFER });
    await flushPromises();
    expect(hub.callsOf('SendAnswer')).toHaveLength(1);
    expect(timers.delays).toEqual([ICE_GATHERING_TIMEOUT_MS]);

    timers.runAll();
    expect(hub.callsOf('RejoinCall')).toHaveLength(1);
    // The connection stays until the new offer replaces it, and is not looked at again.
    expect(timers.delays).toEqual([CONNECT_TIMEOUT_MS - ICE_GATHERING_TIMEOUT_MS]);
    hub.push('OfferReceived', { matchId: MATCH_AS_ANSWERER.id, offer: OFFER });
    await flushPromises();
    expect(peers[0]?.close).toHaveBeenCalled();
    expect(hub.callsOf('SendAnswer')).toHaveLength(2);
    expect(controller.getState().phase).toBe('active');
  });
});
