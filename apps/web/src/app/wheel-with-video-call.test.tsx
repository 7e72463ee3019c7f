import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ANNOUNCEMENT_LABEL } from '@/components/event/announcement-banner';
import { VideoCallEnvironmentContext } from '@/features/video/hooks/video-call-environment';
import { CLOSING_TITLE } from '@/features/wheel/components/event-closing-screen';
import { WheelExperience } from '@/features/wheel/components/wheel-experience';
import { saveParticipant } from '@/lib/auth-storage';
import { RealtimeClientContext } from '@/lib/realtime-client';
import { FakeHub } from '@/test/fake-hub';
import { createFakeCallEnvironment, flushPromises } from '@/test/fake-webrtc';
import { makeMatch, makeOpenWheel, makeSnapshot, makeStoredParticipant, WHEEL_ID } from '@/test/fixtures';
import { createTestQueryClient } from '@/test/render';
import { WheelWithVideoCall } from './wheel-with-video-call';

/** A participant whose match both accepted, on the wheel with its call: the call is open. */
async function renderInCall() {
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
  return { hub, fakes, me, match };
}

describe('wheel with video call', () => {
  it("shows the host's announcement over the call, and keeps the call open when the event ends", async () => {
    const { hub } = await renderInCall();
    const call = screen.getByRole('dialog', { name: 'Video call with Ada' });
    act(() =>
      hub.push('Announcement', {
        wheelId: WHEEL_ID,
        message: 'Thanks all!',
        sentAt: '2026-11-28T19:00:00.000Z',
      }),
    );
    expect(within(call).getByRole('status', { name: ANNOUNCEMENT_LABEL })).toHaveTextContent('Thanks all!');

    act(() => hub.push('EventEnded', { wheelId: WHEEL_ID }));
    expect(screen.getByRole('dialog', { name: 'Video call with Ada' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: CLOSING_TITLE, hidden: true })).not.toBeInTheDocument();
    delete window.__wheelmeetCall;
  });

  it('starts the call as the offerer once the wheel reports a match both accepted', async () => {
    const { hub, fakes, me, match } = await renderInCall();

    expect(fakes.loadIceServers).toHaveBeenCalledWith(me.token);
    expect(hub.callsOf('SendOffer')).toEqual([
      { matchId: match.id, offer: { type: 'offer', sdp: 'v=0 fake-offer' } },
    ]);
    expect(screen.getByRole('dialog', { name: 'Video call with Ada' })).toBeInTheDocument();
    delete window.__wheelmeetCall;
  });
});
