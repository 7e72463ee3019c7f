import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError } from '@/lib/chunk-load-error';
import { onDemand } from '@/lib/on-demand';
import { createFakeCallEnvironment, createSignallingHub, flushPromises } from '@/test/fake-webrtc';
import * as callControllerModule from './call-controller';
import { CANDIDATE, MATCH, MATCH_AS_ANSWERER, ME, OFFER } from './call-controller.fixtures';
import { createLazyCallController } from './lazy-call-controller';

/** A call whose engine arrives only when the test says so, or never. */
function slowCall({ fails = false } = {}) {
  const { hub, client } = createSignallingHub();
  const fakes = createFakeCallEnvironment();
  let arrive: () => void = () => {};
  const engine = onDemand(
    () =>
      new Promise<typeof callControllerModule>((resolve, reject) => {
        arrive = () => (fails ? reject(new Error('offline')) : resolve(callControllerModule));
      }),
  );
  const onUnavailable = vi.fn();
  const controller = createLazyCallController({
    client,
    environment: fakes.environment,
    onUnavailable,
    engine,
  });
  controller.attach();
  // Onto the fakes themselves, so their `pc` getter keeps answering the latest peer connection.
  return Object.assign(fakes, { hub, controller, onUnavailable, arrive: () => arrive() });
}

describe('a call whose code is still on its way', () => {
  it('answers the offer and candidates that came before the code did', async () => {
    const { hub, controller, peers, arrive } = slowCall();
    controller.matchReady(MATCH_AS_ANSWERER, ME);
    hub.push('OfferReceived', { matchId: MATCH_AS_ANSWERER.id, offer: OFFER });
    hub.push('IceCandidateReceived', { matchId: MATCH_AS_ANSWERER.id, candidate: CANDIDATE });
    await flushPromises();
    expect(controller.getState().phase).toBe('idle');
    expect(hub.callsOf('SendAnswer')).toEqual([]);

    arrive();
    await flushPromises();
    expect(peers[0]?.remoteDescription).toEqual(OFFER);
    expect(peers[0]?.addedCandidates).toEqual([CANDIDATE]);
    expect(hub.callsOf('SendAnswer')).toEqual([
      { matchId: MATCH_AS_ANSWERER.id, answer: { type: 'answer', sdp: 'v=0 fake-answer' } },
    ]);
    expect(controller.getState()).toMatchObject({ phase: 'active', role: 'answerer' });
  });

  it('starts no call for a match the server closed while the code was coming', async () => {
    const { hub, controller, arrive } = slowCall();
    controller.matchReady(MATCH, ME);
    hub.push('MatchExpired', { wheelId: MATCH.wheelId, matchId: MATCH.id, reason: 'unanswered' });
    arrive();
    await flushPromises();
    // The match's news came in order: the call opened, then stopped for good.
    expect(controller.getState()).toMatchObject({ phase: 'ended', problem: 'match-expired' });
    expect(hub.callsOf('SendOffer')).toEqual([]);
  });

  it('reports code that cannot be fetched when a call needs it, so the page offers a reload', async () => {
    const { controller, onUnavailable, arrive } = slowCall({ fails: true });
    controller.acceptedByMe(MATCH, ME);
    arrive();
    await flushPromises();
    expect(onUnavailable).toHaveBeenCalledWith(expect.any(ChunkLoadError));
  });

  it('says nothing when only the head start at a reveal missed its code', async () => {
    const { controller, onUnavailable, arrive } = slowCall({ fails: true });
    controller.matchOffered({ ...MATCH, status: 'Pending' }, ME);
    arrive();
    await flushPromises();
    expect(onUnavailable).not.toHaveBeenCalled();
    expect(controller.getState().phase).toBe('idle');
  });
});
