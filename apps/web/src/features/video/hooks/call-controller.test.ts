import { describe, expect, it, vi } from 'vitest';
import { type FakePeerConnection, flushPromises } from '@/test/fake-webrtc';
import { ME_ID, PARTNER_ID } from '@/test/fixtures';
import {
  ANSWER,
  CANDIDATE,
  MATCH,
  MATCH_AS_ANSWERER,
  ME,
  OFFER,
  setup,
  startedOfferer,
} from './call-controller.fixtures';
import { ICE_CANDIDATE_POOL_SIZE } from './peer-negotiation';
import { DISCONNECTED_GRACE_MS, VIDEO_RETRY_DELAY_MS } from './restart-policy';

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
