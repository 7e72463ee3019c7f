import { describe, expect, it, vi } from 'vitest';
import { createFakeStream, FakePeerConnection, flushPromises, ManualTimers } from '@/test/fake-webrtc';
import { PARTNER_ID } from '@/test/fixtures';
import { CANDIDATE, MATCH, MATCH_AS_ANSWERER, ME, OFFER, setup } from './call-controller.fixtures';
import { PREPARED_MEDIA_HOLD_MS, PreparationHold, preparationHoldMs } from './call-preparation';
import { ICE_SERVERS_REUSE_MS } from './ice-server-cache';

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
    // The offer went ahead at the Accept; the hub hands it on (decision 036).
    expect(hub.callsOf('PrepareOffer')).toHaveLength(1);
    expect(hub.callsOf('SendOffer')).toEqual([]);
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

  it('the caller sends its offer to the hub at its Accept, and its candidates the moment both accepted', async () => {
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
    // The hub keeps the offer for the partner; not a candidate leaves while the partner decides.
    expect(hub.calls.map((call) => call.event)).toEqual(['PrepareOffer']);
    expect(hub.callsOf('PrepareOffer')[0]).toEqual({
      matchId: MATCH.id,
      offer: { type: 'offer', sdp: 'v=0 fake-offer' },
    });
    early?.emitCandidate(CANDIDATE);
    await flushPromises();
    expect(hub.calls.map((call) => call.event)).toEqual(['PrepareOffer']);
    expect(controller.getState().phase).toBe('idle');

    controller.matchReady(MATCH, ME);
    await flushPromises();
    expect(peers).toEqual([early]);
    expect(hub.calls.map((call) => call.event)).toEqual(['PrepareOffer', 'SendIceCandidate']);
    expect(early?.tracks).toHaveLength(2);
    expect(controller.getState().phase).toBe('active');
  });

  it('sends the offer made ahead itself once both accepted when the hub did not keep it', async () => {
    const { hub, controller, peers } = setup();
    hub.handle('PrepareOffer', () => ({
      error: { code: 'rate_limited', reason: 'rate_limited', message: 'Too many signalling messages.' },
    }));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    controller.acceptedByMe(ACCEPTED_BY_ME, ME);
    await flushPromises();
    controller.matchReady(MATCH, ME);
    await flushPromises();
    expect(peers).toHaveLength(1);
    expect(hub.callsOf('SendOffer')).toEqual([
      { matchId: MATCH.id, offer: { type: 'offer', sdp: 'v=0 fake-offer' } },
    ]);
    expect(controller.getState().phase).toBe('active');
  });

  it('closes the connection made at the Accept when the partner declines, for the caller and the answerer', async () => {
    const caller = setup();
    caller.controller.acceptedByMe(ACCEPTED_BY_ME, ME);
    await flushPromises();
    caller.hub.push('MatchDeclined', { matchId: MATCH.id, userId: PARTNER_ID });
    await flushPromises();
    expect(caller.peers[0]?.close).toHaveBeenCalled();
    expect(caller.hub.callsOf('SendOffer')).toEqual([]);

    // The answerer's connection waits for the offer, with no offer of its own, and closes the same way.
    const answerer = setup();
    answerer.controller.acceptedByMe(ACCEPTED_BY_ME_AS_ANSWERER, ME);
    await flushPromises();
    expect(answerer.peers).toHaveLength(1);
    expect(answerer.peers[0]?.localDescription).toBeNull();
    answerer.hub.push('MatchDeclined', { matchId: MATCH_AS_ANSWERER.id, userId: PARTNER_ID });
    await flushPromises();
    expect(answerer.peers[0]?.close).toHaveBeenCalled();
    expect(answerer.streams[0]?.video.stop).toHaveBeenCalled();
  });

  it('a Retry makes and sends a fresh offer rather than the one sent ahead at the Accept', async () => {
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
    expect(hub.callsOf('PrepareOffer')).toHaveLength(1);
    expect(hub.callsOf('SendOffer')).toHaveLength(1);
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

  it('fetches the ICE servers and makes the offer at once, without the camera, and the Accept and the call use them', async () => {
    const { controller, hub, getUserMedia, loadIceServers, peers, streams } = setup();
    controller.matchOffered(SHOWN, ME);
    await flushPromises();
    expect(loadIceServers).toHaveBeenCalledWith('participant-token');
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(peers).toHaveLength(1);
    expect(peers[0]?.localDescription).toEqual({ type: 'offer', sdp: 'v=0 fake-offer' });
    expect(peers[0]?.configuration.iceServers).toEqual([{ urls: ['stun:stun.example.org:3478'] }]);
    expect(controller.getState().phase).toBe('idle');
    expect(hub.calls).toEqual([]);

    controller.acceptedByMe({ ...SHOWN, acceptedByUser1: true }, ME);
    await flushPromises();
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    controller.matchReady(MATCH, ME);
    await flushPromises();
    expect(loadIceServers).toHaveBeenCalledTimes(1);
    expect(peers).toHaveLength(1);
    expect(peers[0]?.tracks).toHaveLength(2);
    expect(hub.callsOf('PrepareOffer')).toHaveLength(1);
    expect(controller.getState()).toMatchObject({ phase: 'active', localStream: streams[0]?.stream });
  });

  it("the answerer's connection is made when the match is shown, and answers the offer", async () => {
    const { controller, hub, peers } = setup();
    controller.matchOffered(SHOWN_AS_ANSWERER, ME);
    await flushPromises();
    expect(peers).toHaveLength(1);
    expect(peers[0]?.localDescription).toBeNull();

    controller.acceptedByMe({ ...SHOWN_AS_ANSWERER, acceptedByUser2: true }, ME);
    controller.matchReady(MATCH_AS_ANSWERER, ME);
    hub.push('OfferReceived', { matchId: MATCH_AS_ANSWERER.id, offer: OFFER });
    await flushPromises();
    expect(peers).toHaveLength(1);
    expect(peers[0]?.remoteDescription).toEqual(OFFER);
    expect(hub.callsOf('SendAnswer')).toHaveLength(1);
  });

  it('closes the connection made at the show, with no camera to turn off, when the match is declined or closes', async () => {
    const declined = setup();
    declined.controller.matchOffered(SHOWN, ME);
    await flushPromises();
    declined.hub.push('MatchDeclined', { matchId: MATCH.id, userId: PARTNER_ID });
    await flushPromises();
    expect(declined.peers[0]?.close).toHaveBeenCalled();
    expect(declined.getUserMedia).not.toHaveBeenCalled();

    const closed = setup();
    closed.controller.matchOffered(SHOWN_AS_ANSWERER, ME);
    await flushPromises();
    closed.hub.push('MatchExpired', { wheelId: MATCH.wheelId, matchId: MATCH.id, reason: 'unanswered' });
    await flushPromises();
    expect(closed.peers[0]?.close).toHaveBeenCalled();
  });

  it('a page that comes back to a match this person accepted before sends its own offer ahead, with the camera', async () => {
    const { controller, hub, getUserMedia, peers } = setup();
    controller.matchOffered({ ...SHOWN, acceptedByUser1: true }, ME);
    await flushPromises();
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    expect(hub.callsOf('PrepareOffer')).toEqual([
      { matchId: MATCH.id, offer: { type: 'offer', sdp: 'v=0 fake-offer' } },
    ]);
    controller.matchReady(MATCH, ME);
    await flushPromises();
    expect(peers).toHaveLength(1);
    expect(hub.callsOf('SendOffer')).toEqual([]);
    expect(controller.getState().phase).toBe('active');
  });

  it('makes nothing more for a match shown again, and replaces what was made for an earlier one', async () => {
    const { controller, peers } = setup();
    controller.matchOffered(SHOWN, ME);
    controller.matchOffered(SHOWN, ME);
    await flushPromises();
    expect(peers).toHaveLength(1);
    controller.matchOffered({ ...SHOWN, id: 'match-next' }, ME);
    await flushPromises();
    expect(peers).toHaveLength(2);
    expect(peers[0]?.close).toHaveBeenCalled();
    expect(peers[1]?.close).not.toHaveBeenCalled();
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
    // The connection made at the show, on no servers, gives way to one on the servers fetched again.
    expect(failed.peers).toHaveLength(2);
    expect(failed.peers[0]?.close).toHaveBeenCalled();
    expect(failed.peers[1]?.configuration.iceServers).toEqual([{ urls: ['stun:stun.example.org:3478'] }]);
    expect(failed.hub.callsOf('PrepareOffer')).toHaveLength(1);
  });

  it('fetches nothing for a match the person is not in', () => {
    const { controller, loadIceServers } = setup();
    controller.matchOffered(SHOWN, { id: 'someone-else', token: 'their-token' });
    expect(loadIceServers).not.toHaveBeenCalled();
  });
});

describe('PreparationHold', () => {
  function held(matchId: string) {
    const opened = createFakeStream();
    const offerPc = new FakePeerConnection({});
    const preparation = {
      matchId,
      media: Promise.resolve(opened.stream),
      iceServers: Promise.resolve([]),
      connection: Promise.resolve({
        pc: offerPc as unknown as RTCPeerConnection,
        role: 'offerer' as const,
        description: { type: 'offer' as const, sdp: 'v=0 fake-offer' },
        candidates: [],
      }),
      offerSent: null,
    };
    return { opened, offerPc, preparation };
  }

  it('hands what was got ready to its match’s call once, and stops its release', () => {
    const timers = new ManualTimers();
    const hold = new PreparationHold(timers);
    const { preparation } = held('match-1');
    hold.hold(preparation, 5_000);
    expect(timers.delays).toEqual([5_000]);
    expect(hold.isFor('match-1')).toBe(true);
    expect(hold.take('match-2')).toBeNull();
    expect(hold.take('match-1')).toBe(preparation);
    expect(hold.take('match-1')).toBeNull();
    expect(timers.delays).toEqual([]);
  });

  it('turns off the camera and closes the offer when released, or when the hold runs out', async () => {
    const timers = new ManualTimers();
    const hold = new PreparationHold(timers);
    const { opened, offerPc, preparation } = held('match-1');
    hold.hold(preparation, 5_000);
    timers.runAll();
    await flushPromises();
    expect(opened.video.stop).toHaveBeenCalled();
    expect(offerPc.close).toHaveBeenCalled();

    const other = held('match-2');
    hold.hold(other.preparation, 5_000);
    hold.release('match-3');
    expect(hold.isFor('match-2')).toBe(true);
    hold.release();
    expect(hold.isFor('match-2')).toBe(false);
  });

  it('holds for the organiser’s answer window, or else the standard one', () => {
    const answerBy = '2026-01-01T10:02:00.000Z';
    expect(preparationHoldMs({ answerBy }, Date.parse('2026-01-01T10:00:00.000Z'))).toBe(120_000);
    expect(preparationHoldMs({ answerBy }, Date.parse('2026-01-01T10:03:00.000Z'))).toBe(0);
    expect(preparationHoldMs({ answerBy: null }, 0)).toBe(PREPARED_MEDIA_HOLD_MS);
  });
});
