import { afterEach, describe, expect, it } from 'vitest';
import { createFakeStream, flushPromises } from '@/test/fake-webrtc';
import { MATCH, MATCH_AS_ANSWERER, ME, OFFER, setup } from './call-controller.fixtures';
import { localMedia } from './local-media';

afterEach(() => localMedia.release());

describe('the camera kept from the device check (issue 35)', () => {
  const ACCEPTED_BY_ME = { ...MATCH, status: 'Pending' as const, acceptedByUser2: false };

  it('is the one the call gets ready at Accept, without asking the browser again', async () => {
    const kept = createFakeStream();
    localMedia.keep(kept.stream);
    const { controller, getUserMedia } = setup();
    controller.acceptedByMe(ACCEPTED_BY_ME, ME);
    controller.matchReady(MATCH, ME);
    await flushPromises();
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(controller.getState()).toMatchObject({ phase: 'active', localStream: kept.stream });
    // The call owns it now: leaving the wheel no longer turns it off, the call's end does.
    expect(localMedia.kept()).toBeNull();
    localMedia.release();
    expect(kept.video.stop).not.toHaveBeenCalled();
    controller.endCall();
    expect(kept.video.stop).toHaveBeenCalled();
    expect(kept.audio.stop).toHaveBeenCalled();
  });

  it('is the one a call started without an Accept here uses (the answerer after a reload)', async () => {
    const kept = createFakeStream();
    localMedia.keep(kept.stream);
    const { controller, getUserMedia, hub } = setup();
    controller.matchReady(MATCH_AS_ANSWERER, ME);
    hub.push('OfferReceived', { matchId: MATCH_AS_ANSWERER.id, offer: OFFER });
    await flushPromises();
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(controller.getState().localStream).toBe(kept.stream);
  });

  it('is not used once a track has ended (a camera unplugged): the call opens the camera again', async () => {
    const kept = createFakeStream();
    localMedia.keep(kept.stream);
    kept.video.end();
    const { controller, getUserMedia, streams } = setup();
    controller.matchReady(MATCH, ME);
    await flushPromises();
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    expect(controller.getState().localStream).toBe(streams[0]?.stream);
    expect(kept.audio.stop).toHaveBeenCalled();
  });

  it('turns off a stream kept before when another is kept, and the kept one on release', () => {
    const first = createFakeStream();
    const second = createFakeStream();
    localMedia.keep(first.stream);
    localMedia.keep(second.stream);
    expect(first.video.stop).toHaveBeenCalled();
    expect(second.video.stop).not.toHaveBeenCalled();
    localMedia.release();
    expect(second.video.stop).toHaveBeenCalled();
    expect(localMedia.kept()).toBeNull();
  });
});
