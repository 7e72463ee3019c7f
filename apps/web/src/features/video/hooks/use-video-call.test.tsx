import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RealtimeClientContext } from '@/lib/realtime-client';
import { createFakeCallEnvironment, createSignallingHub, flushPromises } from '@/test/fake-webrtc';
import { ME_ID, makeMatch } from '@/test/fixtures';
import { useVideoCall, type VideoCall } from './use-video-call';
import { VideoCallEnvironmentContext } from './video-call-environment';

const MATCH = makeMatch({ status: 'Accepted', acceptedByUser1: true, acceptedByUser2: true });

describe('useVideoCall', () => {
  it('draws the call once its WebRTC steps of the moment are under way, not between them', async () => {
    const { hub, client } = createSignallingHub();
    const fakes = createFakeCallEnvironment();
    const afterTask: Array<() => void> = [];
    const environment = {
      ...fakes.environment,
      afterTask: (callback: () => void) => void afterTask.push(callback),
    };
    const drawn: VideoCall['state']['phase'][] = [];
    const latest: { call: VideoCall | null } = { call: null };
    function Screen() {
      const call = useVideoCall();
      latest.call = call;
      drawn.push(call.state.phase);
      return null;
    }
    render(
      <RealtimeClientContext value={client}>
        <VideoCallEnvironmentContext value={environment}>
          <Screen />
        </VideoCallEnvironmentContext>
      </RealtimeClientContext>,
    );
    drawn.length = 0;

    await act(async () => {
      latest.call?.onMatchReady(MATCH, { id: ME_ID, token: 'participant-token' });
      await flushPromises();
    });
    // The offerer's peer connection is made and its offer sent while the screen still shows
    // no call: nothing was drawn in between.
    expect(fakes.peers).toHaveLength(1);
    expect(hub.callsOf('SendOffer')).toHaveLength(1);
    expect(drawn).toEqual([]);

    // Then one render shows where the call is now, however many changes led there.
    expect(afterTask).toHaveLength(1);
    act(() => {
      for (const callback of afterTask.splice(0)) callback();
    });
    expect(drawn).toEqual(['active']);
  });
});
