import { describe, expect, it, vi } from 'vitest';
import { flushPromises, ManualTimers } from '@/test/fake-webrtc';
import { PARTNER_ID } from '@/test/fixtures';
import {
  CANDIDATE,
  MATCH,
  MATCH_AS_ANSWERER,
  ME,
  OFFER,
  setup,
  startedOfferer,
} from './call-controller.fixtures';
import {
  CONNECT_TIMEOUT_MS,
  connectWaitMs,
  DISCONNECTED_GRACE_MS,
  ICE_GATHERING_TIMEOUT_MS,
  MAX_AUTOMATIC_RESTARTS,
  RestartPolicy,
  stepForStalledCall,
  VIDEO_RETRY_DELAY_MS,
} from './restart-policy';

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

describe('stepForStalledCall and connectWaitMs', () => {
  const stalled = { shortWait: false, foundCandidate: false, waitingForOffer: false, automaticRestarts: 0 };

  it('gives a connection whose ICE started during the short wait the rest of it', () => {
    expect(stepForStalledCall({ ...stalled, shortWait: true, foundCandidate: true })).toBe('wait-on');
    expect(stepForStalledCall({ ...stalled, shortWait: true })).toBe('restart');
    expect(connectWaitMs(true, false)).toBe(ICE_GATHERING_TIMEOUT_MS);
    expect(connectWaitMs(false, true)).toBe(CONNECT_TIMEOUT_MS - ICE_GATHERING_TIMEOUT_MS);
    expect(connectWaitMs(false, false)).toBe(CONNECT_TIMEOUT_MS);
  });

  it('keeps asking while no offer came, however many restarts', () => {
    expect(stepForStalledCall({ ...stalled, waitingForOffer: true, automaticRestarts: 99 })).toBe(
      'ask-again',
    );
  });

  it('restarts up to MAX_AUTOMATIC_RESTARTS times, then gives up', () => {
    expect(stepForStalledCall({ ...stalled, automaticRestarts: MAX_AUTOMATIC_RESTARTS - 1 })).toBe('restart');
    expect(stepForStalledCall({ ...stalled, automaticRestarts: MAX_AUTOMATIC_RESTARTS })).toBe('give-up');
  });
});

describe('RestartPolicy', () => {
  function policyFor(role: 'offerer' | 'answerer', peer = { exists: true, found: false, settled: false }) {
    const timers = new ManualTimers();
    const call = {
      role,
      settled: () => peer.settled,
      hasPeer: () => peer.exists,
      foundCandidate: () => peer.found,
      askForOffer: vi.fn(),
      offerAgain: vi.fn(),
      giveUp: vi.fn(),
    };
    return { timers, call, policy: new RestartPolicy(timers, call) };
  }

  it('has the caller offer again, then gives up after MAX_AUTOMATIC_RESTARTS', () => {
    const { timers, call, policy } = policyFor('offerer', { exists: true, found: true, settled: false });
    for (let restart = 0; restart < MAX_AUTOMATIC_RESTARTS; restart += 1) {
      policy.watchConnecting();
      expect(timers.delays).toEqual([CONNECT_TIMEOUT_MS]);
      timers.runAll();
    }
    expect(call.offerAgain).toHaveBeenCalledTimes(MAX_AUTOMATIC_RESTARTS);
    policy.watchConnecting();
    timers.runAll();
    expect(call.giveUp).toHaveBeenCalledOnce();
  });

  it('has the answerer ask for a new offer and look again, without the short wait', () => {
    const { timers, call, policy } = policyFor('answerer');
    policy.watchConnecting();
    expect(timers.delays).toEqual([ICE_GATHERING_TIMEOUT_MS]);
    timers.runAll();
    expect(call.askForOffer).toHaveBeenCalledOnce();
    expect(timers.delays).toEqual([CONNECT_TIMEOUT_MS - ICE_GATHERING_TIMEOUT_MS]);
  });

  it('does nothing for a call that settled, and starts the count again once connected', () => {
    const peer = { exists: true, found: true, settled: true };
    const { timers, call, policy } = policyFor('offerer', peer);
    policy.watchConnecting();
    timers.runAll();
    expect(call.offerAgain).not.toHaveBeenCalled();

    peer.settled = false;
    policy.watchConnecting();
    timers.runAll();
    policy.peerStateChanged('connected', () => false);
    for (let restart = 0; restart < MAX_AUTOMATIC_RESTARTS; restart += 1) {
      policy.watchConnecting();
      timers.runAll();
    }
    expect(call.offerAgain).toHaveBeenCalledTimes(MAX_AUTOMATIC_RESTARTS + 1);
    expect(call.giveUp).not.toHaveBeenCalled();
  });

  it('gives a dropped connection DISCONNECTED_GRACE_MS to come back', () => {
    const { timers, call, policy } = policyFor('offerer');
    let disconnected = true;
    policy.peerStateChanged('disconnected', () => disconnected);
    expect(timers.delays).toEqual([DISCONNECTED_GRACE_MS]);
    disconnected = false;
    timers.runAll();
    expect(call.giveUp).not.toHaveBeenCalled();

    disconnected = true;
    policy.peerStateChanged('disconnected', () => disconnected);
    timers.runAll();
    expect(call.giveUp).toHaveBeenCalledOnce();
  });

  it('waits VIDEO_RETRY_DELAY_MS before a Retry, which a stop cancels; a closed peer stops every wait', () => {
    const { timers, policy } = policyFor('offerer');
    const start = vi.fn();
    policy.scheduleRetry(start);
    expect(timers.delays).toEqual([VIDEO_RETRY_DELAY_MS]);
    policy.cancelRetry();
    expect(timers.delays).toEqual([]);

    policy.watchConnecting();
    policy.peerStateChanged('disconnected', () => true);
    policy.peerClosed();
    expect(timers.delays).toEqual([]);
    expect(start).not.toHaveBeenCalled();
  });
});
