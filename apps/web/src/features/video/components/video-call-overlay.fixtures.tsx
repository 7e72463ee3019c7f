import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { RealtimeClientContext } from '@/lib/realtime-client';
import { SoundPlayerContext } from '@/lib/sounds';
import { createFakeCallEnvironment, createSignallingHub, flushPromises } from '@/test/fake-webrtc';
import { ME_ID, makeMatch, makeParticipant } from '@/test/fixtures';
import type { CallParticipant } from '../hooks/call-controller';
import { useVideoCall, type VideoCall } from '../hooks/use-video-call';
import { VideoCallEnvironmentContext } from '../hooks/video-call-environment';
import { type CallAnnouncement, VideoCallOverlay } from './video-call-overlay';

// The call screen's tests, by concern, share these: the participant, their matches, and the
// screen rendered on fakes.
export const ME: CallParticipant = { id: ME_ID, token: 'participant-token' };
const ACCEPTED = { status: 'Accepted' as const, acceptedByUser1: true, acceptedByUser2: true };
/** The current user is user1: the offerer. */
export const MATCH = makeMatch(ACCEPTED);
/** The current user is user2: the answerer. */
export const MATCH_AS_ANSWERER = makeMatch({
  ...ACCEPTED,
  user1: makeParticipant(),
  user2: makeParticipant({ id: ME_ID, username: 'Grace' }),
});

/** `announcement`: what the wheel shows under the call (issue 35). */
export function setup({ announcement = null }: { announcement?: CallAnnouncement | null } = {}) {
  const { hub, client } = createSignallingHub();
  const fakes = createFakeCallEnvironment();
  const latest: { call: VideoCall | null } = { call: null };
  const sound = { beep: vi.fn() };

  function Screen() {
    const call = useVideoCall();
    latest.call = call;
    return <VideoCallOverlay call={call} announcement={announcement} />;
  }

  render(
    <RealtimeClientContext value={client}>
      <VideoCallEnvironmentContext value={fakes.environment}>
        <SoundPlayerContext value={sound}>
          <Screen />
        </SoundPlayerContext>
      </VideoCallEnvironmentContext>
    </RealtimeClientContext>,
  );

  /** What the wheel does once both have accepted. */
  async function matchReady(match = MATCH) {
    await act(async () => {
      latest.call?.onMatchReady(match, ME);
      await flushPromises();
    });
  }
  const settle = () => act(flushPromises);
  return { hub, fakes, sound, matchReady, settle };
}

export const dialog = () => screen.getByRole('dialog', { name: 'Video call with Ada' });
export const button = (name: string) => within(dialog()).getByRole('button', { name });

/** Videos play at once, and the end-to-end hook does not outlive a test. */
export function stubPlaybackPerTest() {
  beforeEach(() => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  });
  afterEach(() => {
    delete window.__wheelmeetCall;
  });
}
