import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { VideoCallEnvironmentContext } from '@/features/video/hooks/video-call-environment';
import { WheelExperience } from '@/features/wheel/components/wheel-experience';
import { saveParticipant } from '@/lib/auth-storage';
import { RealtimeClientContext } from '@/lib/realtime-client';
import { FakeHub } from '@/test/fake-hub';
import { createFakeCallEnvironment, flushPromises } from '@/test/fake-webrtc';
import { makeMatch, makeOpenWheel, makeSnapshot, makeStoredParticipant } from '@/test/fixtures';
import { createTestQueryClient } from '@/test/render';
import { WheelWithVideoCall } from './wheel-with-video-call';

describe('wheel with video call', () => {
  it('starts the call as the offerer once the wheel reports a match both accepted', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const me = makeStoredParticipant();
    saveParticipant(me);
    const match = makeMatch({ status: 'Accepted', acceptedByUser1: true, acceptedByUser2: true });
    const hub = new FakeHub();
    hub.handle('JoinWheel', () => ({ data: makeSnapshot({ wheel: makeOpenWheel(), myMatches: [match] }) }));
    hub.handle('LeaveWheel', () => ({ data: null }));
    hub.handle('SendOffer', () => ({ data: null }));
    const fakes = createFakeCallEnvironment();
    const wheel = makeOpenWheel();

    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <RealtimeClientContext value={hub.client()}>
          <VideoCallEnvironmentContext value={fakes.environment}>
            <WheelWithVideoCall>{(call) => <WheelExperience wheel={wheel} {...call} />}</WheelWithVideoCall>
          </VideoCallEnvironmentContext>
        </RealtimeClientContext>
      </QueryClientProvider>,
    );
    await act(flushPromises);
    await act(flushPromises);

    expect(fakes.loadIceServers).toHaveBeenCalledWith(me.token);
    expect(hub.callsOf('SendOffer')).toEqual([
      { matchId: match.id, offer: { type: 'offer', sdp: 'v=0 fake-offer' } },
    ]);
    expect(screen.getByRole('dialog', { name: 'Video call with Ada' })).toBeInTheDocument();
    delete window.__wheelmeetCall;
  });
});
