import { describe, expect, it, vi } from 'vitest';
import { createFakeStream, flushPromises } from '@/test/fake-webrtc';
import { MATCH, MATCH_AS_ANSWERER, ME, OFFER, setup } from './call-controller.fixtures';

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
