import { describe, expect, it, vi } from 'vitest';
import { createFakeStream, flushPromises } from '@/test/fake-webrtc';
import { MATCH, MATCH_AS_ANSWERER, ME, OFFER, setup } from './call-controller.fixtures';
import {
  applyMediaChoices,
  CallMedia,
  callProblemOf,
  FALLBACK_MEDIA_CONSTRAINTS,
  MEDIA_CONSTRAINTS,
  openMedia,
} from './call-media';

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

describe('openMedia and callProblemOf', () => {
  const refusal = (name: string) => new DOMException('no', name);

  it('falls back to the microphone alone, then the camera alone, when a device is missing', async () => {
    const { stream } = createFakeStream({ video: false });
    const getUserMedia = vi
      .fn<(constraints: MediaStreamConstraints) => Promise<MediaStream>>()
      .mockRejectedValueOnce(refusal('NotFoundError'))
      .mockResolvedValueOnce(stream);
    await expect(openMedia(getUserMedia)).resolves.toBe(stream);
    expect(getUserMedia.mock.calls.map(([constraints]) => constraints)).toEqual([
      MEDIA_CONSTRAINTS,
      FALLBACK_MEDIA_CONSTRAINTS[0],
    ]);
  });

  it('gives the first refusal when no device at all is found, and any other refusal at once', async () => {
    const first = refusal('NotFoundError');
    const none = vi.fn().mockRejectedValueOnce(first).mockRejectedValue(refusal('NotFoundError'));
    await expect(openMedia(none)).rejects.toBe(first);
    expect(none).toHaveBeenCalledTimes(1 + FALLBACK_MEDIA_CONSTRAINTS.length);

    const denied = vi.fn().mockRejectedValue(refusal('NotAllowedError'));
    await expect(openMedia(denied)).rejects.toMatchObject({ name: 'NotAllowedError' });
    expect(denied).toHaveBeenCalledTimes(1);
  });

  it('says what a refusal means for the person', () => {
    expect(callProblemOf(refusal('NotAllowedError'))).toBe('permission-denied');
    expect(callProblemOf(refusal('OverconstrainedError'))).toBe('no-device');
    expect(callProblemOf(refusal('NotReadableError'))).toBe('device-busy');
    expect(callProblemOf(refusal('AbortError'))).toBe('device-busy');
    expect(callProblemOf(new Error('anything else'))).toBe('start-failed');
    expect(callProblemOf(null)).toBe('start-failed');
  });
});

describe('CallMedia', () => {
  it('opens the camera once for every start asking meanwhile, and adopts it once', async () => {
    const { stream } = createFakeStream();
    const open = vi.fn(async () => stream);
    const media = new CallMedia(open);
    const adopt = vi.fn();
    const [first, second] = await Promise.all([
      media.ensure(adopt, () => true),
      media.ensure(adopt, () => true),
    ]);
    expect(first).toBe(stream);
    expect(second).toBe(stream);
    expect(open).toHaveBeenCalledOnce();
    expect(adopt).toHaveBeenCalledOnce();
    expect(await media.ensure(adopt, () => false)).toBeNull();
  });

  it('uses a camera already opening, and asks again after a failure', async () => {
    const { stream } = createFakeStream();
    const open = vi.fn(async () => stream);
    const media = new CallMedia(open, Promise.reject(new DOMException('busy', 'NotReadableError')));
    await expect(media.ensure(vi.fn(), () => true)).rejects.toMatchObject({ name: 'NotReadableError' });
    expect(open).not.toHaveBeenCalled();
    await expect(media.ensure(vi.fn(), () => true)).resolves.toBe(stream);
  });

  it('stops the stream, and one still opening as soon as it opens, without adopting it', async () => {
    const opened = createFakeStream();
    const media = new CallMedia(async () => opened.stream);
    const adopt = vi.fn();
    const ensuring = media.ensure(adopt, () => true);
    media.stop();
    await ensuring;
    expect(adopt).not.toHaveBeenCalled();
    expect(opened.video.stop).toHaveBeenCalled();
    expect(media.stream).toBeNull();
  });

  it('applies the person’s choices to the tracks of each kind', () => {
    const { stream, audio, video } = createFakeStream();
    applyMediaChoices(stream, { microphoneOn: false });
    expect([audio.enabled, video.enabled]).toEqual([false, true]);
    applyMediaChoices(stream, { cameraOn: false, microphoneOn: true });
    expect([audio.enabled, video.enabled]).toEqual([true, false]);
  });
});
