import { describe, expect, it } from 'vitest';
import { flushPromises } from '@/test/fake-webrtc';
import { PARTNER_ID } from '@/test/fixtures';
import { MATCH, MATCH_AS_ANSWERER, ME, OFFER, setup, startedOfferer } from './call-controller.fixtures';

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
