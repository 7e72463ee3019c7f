import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CallTimerEvent } from '@wheelmeet/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeClientContext } from '@/lib/realtime-client';
import {
  createFakeCallEnvironment,
  createFakeStream,
  createSignallingHub,
  flushPromises,
} from '@/test/fake-webrtc';
import { ME_ID, makeMatch, makeParticipant, PARTNER_ID } from '@/test/fixtures';
import type { CallParticipant } from '../hooks/call-controller';
import { REMOTE_CAMERA_GRACE_MS } from '../hooks/use-call-clock';
import { useVideoCall, type VideoCall } from '../hooks/use-video-call';
import { VideoCallEnvironmentContext } from '../hooks/video-call-environment';
import {
  BACK_TO_WHEEL_LABEL,
  CALL_ENDED_LABEL,
  CAMERA_OFF_LABEL,
  CONNECTION_LOST_MESSAGE,
  ENDING_SOON_MESSAGE,
  LOCAL_VIDEO_FAILED_MESSAGE,
  MUTE_LABEL,
  NO_DEVICE_MESSAGE,
  PARTNER_LEFT_MESSAGE,
  PERMISSION_DENIED_MESSAGE,
  partnerFailedMessage,
  RETRY_FAILED_MESSAGE,
  RETRYING_MESSAGE,
  START_FAILED_MESSAGE,
  TIME_UP_MESSAGE,
  VideoCallOverlay,
} from './video-call-overlay';

const ME: CallParticipant = { id: ME_ID, token: 'participant-token' };
const ACCEPTED = { status: 'Accepted' as const, acceptedByUser1: true, acceptedByUser2: true };
/** The current user is user1: the offerer. */
const MATCH = makeMatch(ACCEPTED);
/** The current user is user2: the answerer. */
const MATCH_AS_ANSWERER = makeMatch({
  ...ACCEPTED,
  user1: makeParticipant(),
  user2: makeParticipant({ id: ME_ID, username: 'Grace' }),
});

function setup() {
  const { hub, client } = createSignallingHub();
  const fakes = createFakeCallEnvironment();
  const latest: { call: VideoCall | null } = { call: null };

  function Screen() {
    const call = useVideoCall();
    latest.call = call;
    return <VideoCallOverlay call={call} />;
  }

  render(
    <RealtimeClientContext value={client}>
      <VideoCallEnvironmentContext value={fakes.environment}>
        <Screen />
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
  return { hub, fakes, matchReady, settle };
}

const dialog = () => screen.getByRole('dialog', { name: 'Video call with Ada' });
const button = (name: string) => within(dialog()).getByRole('button', { name });

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});

afterEach(() => {
  delete window.__wheelmeetCall;
});

describe('video call overlay', () => {
  it('says how the connection is doing in words, never in WebRTC states', async () => {
    const user = userEvent.setup();
    const { fakes, matchReady } = setup();
    await matchReady();
    const status = () => within(dialog()).getByRole('status');

    expect(status()).toHaveTextContent('Connecting…');
    act(() => fakes.pc.setConnectionState('connected'));
    expect(status()).toHaveTextContent('Connected');
    act(() => fakes.pc.setConnectionState('disconnected'));
    expect(status()).toHaveTextContent('Reconnecting…');
    act(() => fakes.pc.setConnectionState('connected'));
    expect(status()).toHaveTextContent('Connected');

    act(() => fakes.pc.setConnectionState('failed'));
    expect(status()).toHaveTextContent('Call ended');
    for (const raw of ['Connection:', 'new', 'closed', 'connected']) {
      expect(within(dialog()).queryByText(raw)).not.toBeInTheDocument();
    }

    await user.click(button('Retry'));
    expect(status()).toHaveTextContent('Reconnecting…');
  });

  it("says 'Reconnecting…' while the answerer waits for the new offer after Retry", async () => {
    const user = userEvent.setup();
    const { hub, fakes, matchReady, settle } = setup();
    await matchReady(MATCH_AS_ANSWERER);
    act(() =>
      hub.push('OfferReceived', {
        matchId: MATCH_AS_ANSWERER.id,
        offer: { type: 'offer', sdp: 'v=0 offer' },
      }),
    );
    await settle();
    act(() => fakes.pc.setConnectionState('connected'));
    act(() => fakes.pc.setConnectionState('failed'));
    await user.click(button('Retry'));
    act(() => fakes.timers.runAll());
    await settle();

    expect(within(dialog()).getByText('Waiting for Ada to call again...')).toBeInTheDocument();
    expect(within(dialog()).getByRole('status')).toHaveTextContent('Reconnecting…');
  });

  it('shows a failed start as ended, with the reason beneath', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { fakes, matchReady } = setup();
    fakes.getUserMedia.mockRejectedValueOnce(new DOMException('Busy', 'NotReadableError'));
    await matchReady();
    expect(within(dialog()).getByRole('status')).toHaveTextContent(CALL_ENDED_LABEL);
  });

  it('names the partner and times the call in mm:ss from the moment it connected', async () => {
    const { fakes, matchReady } = setup();
    await matchReady();
    expect(screen.getByRole('heading', { name: 'Video call with Ada' })).toBeInTheDocument();
    expect(screen.queryByTestId('call-timer')).not.toBeInTheDocument();

    fakes.clock.now = 5_000;
    act(() => {
      fakes.pc.emitTrack(createFakeStream().stream);
      fakes.pc.setConnectionState('connected');
    });
    expect(screen.getByTestId('call-timer')).toHaveTextContent('00:00');
    // The partner's name sits on their picture.
    expect(within(dialog()).getAllByText('Ada').length).toBeGreaterThan(0);

    fakes.clock.now = 5_000 + 65_400;
    act(() => fakes.timers.runAll());
    expect(screen.getByTestId('call-timer')).toHaveTextContent('01:05');

    // A network blip does not restart the clock.
    act(() => fakes.pc.setConnectionState('disconnected'));
    act(() => fakes.pc.setConnectionState('connected'));
    fakes.clock.now = 5_000 + 61 * 60_000;
    act(() => fakes.timers.runAll());
    expect(screen.getByTestId('call-timer')).toHaveTextContent('61:00');
  });

  it("shows the partner's name and 'Camera off' when their stream has no video", async () => {
    const { fakes, matchReady } = setup();
    await matchReady();
    act(() => {
      fakes.pc.emitTrack(createFakeStream({ video: false }).stream);
      fakes.pc.setConnectionState('connected');
    });
    // A moment's grace: a picture often starts a little after the connection.
    expect(screen.queryByTestId('remote-camera-off')).not.toBeInTheDocument();
    expect(fakes.timers.delays).toContain(REMOTE_CAMERA_GRACE_MS);

    act(() => fakes.timers.runAll());
    const tile = screen.getByTestId('remote-camera-off');
    expect(tile).toHaveTextContent('Ada');
    expect(tile).toHaveTextContent('Camera off');
    expect(within(dialog()).queryByText("Waiting for Ada's video...")).not.toBeInTheDocument();
  });

  it("says 'Camera off' when no stream arrives at all on a connected call", async () => {
    const { fakes, matchReady } = setup();
    await matchReady();
    expect(within(dialog()).getByText("Waiting for Ada's video...")).toBeInTheDocument();
    act(() => fakes.pc.setConnectionState('connected'));
    act(() => fakes.timers.runAll());
    expect(screen.getByTestId('remote-camera-off')).toHaveTextContent('Camera off');
    expect(within(dialog()).queryByText("Waiting for Ada's video...")).not.toBeInTheDocument();
  });

  it("switches to 'Camera off' when the partner's video is muted or ends, and back when it returns", async () => {
    const { fakes, matchReady } = setup();
    await matchReady();
    const remote = createFakeStream();
    act(() => {
      fakes.pc.emitTrack(remote.stream);
      fakes.pc.setConnectionState('connected');
    });
    act(() => fakes.timers.runAll());
    expect(screen.queryByTestId('remote-camera-off')).not.toBeInTheDocument();

    act(() => remote.video.setMuted(true));
    expect(screen.queryByTestId('remote-camera-off')).not.toBeInTheDocument();
    act(() => fakes.timers.runAll());
    expect(screen.getByTestId('remote-camera-off')).toHaveTextContent('Camera off');

    act(() => remote.video.setMuted(false));
    expect(screen.queryByTestId('remote-camera-off')).not.toBeInTheDocument();

    act(() => remote.video.end());
    act(() => fakes.timers.runAll());
    expect(screen.getByTestId('remote-camera-off')).toBeInTheDocument();
  });

  it("keeps 'Waiting for …'s video' while the connection is still being set up", async () => {
    const { fakes, matchReady } = setup();
    await matchReady();
    act(() => fakes.pc.setConnectionState('connecting'));
    act(() => fakes.timers.runAll());
    expect(within(dialog()).getByText("Waiting for Ada's video...")).toBeInTheDocument();
    expect(screen.queryByTestId('remote-camera-off')).not.toBeInTheDocument();
  });

  it('as user1 of an accepted match: opens, shows both videos and sends the offer', async () => {
    const { hub, fakes, matchReady } = setup();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await matchReady();

    expect(dialog()).toBeInTheDocument();
    expect(hub.callsOf('SendOffer')).toEqual([
      { matchId: MATCH.id, offer: { type: 'offer', sdp: 'v=0 fake-offer' } },
    ]);
    const local = screen.getByTestId('local-video') as HTMLVideoElement;
    expect(local).toHaveAccessibleName('Your video');
    expect(local.srcObject).toBe(fakes.streams[0]?.stream);
    expect(local.muted).toBe(true);
    expect(local).toHaveAttribute('playsinline');
    expect(local).toHaveAttribute('autoplay');
    expect(screen.getByTestId('remote-video')).toHaveAccessibleName('Ada video');
    expect(screen.getByTestId('call-state')).toHaveTextContent(/^Connecting…$/);

    const remote = createFakeStream();
    act(() => {
      fakes.pc.emitTrack(remote.stream);
      fakes.pc.setConnectionState('connecting');
    });
    expect(screen.getByTestId('call-state')).toHaveTextContent(/^Connecting…$/);
    act(() => fakes.pc.setConnectionState('connected'));
    expect(screen.getByTestId('call-state')).toHaveTextContent(/^Connected$/);
    expect((screen.getByTestId('remote-video') as HTMLVideoElement).srcObject).toBe(remote.stream);
    // The end-to-end test hook reads the live connection.
    expect(window.__wheelmeetCall?.connectionState()).toBe('connected');
  });

  it('as user2: answers an OfferReceived with an answer', async () => {
    const { hub, fakes, matchReady, settle } = setup();
    await matchReady(MATCH_AS_ANSWERER);
    // The call screen opens at once, connecting, with the camera ready for the offer.
    expect(dialog()).toBeInTheDocument();
    expect(screen.getByTestId('call-state')).toHaveTextContent('Connecting…');

    act(() =>
      hub.push('OfferReceived', {
        matchId: MATCH_AS_ANSWERER.id,
        offer: { type: 'offer', sdp: 'v=0 offer' },
      }),
    );
    await settle();

    expect(dialog()).toBeInTheDocument();
    expect(fakes.pc.remoteDescription).toEqual({ type: 'offer', sdp: 'v=0 offer' });
    expect(hub.callsOf('SendAnswer')).toEqual([
      { matchId: MATCH_AS_ANSWERER.id, answer: { type: 'answer', sdp: 'v=0 fake-answer' } },
    ]);
    expect(hub.callsOf('SendOffer')).toEqual([]);
  });

  it('skips ICE candidates without sdpMid and sdpMLineIndex both ways', async () => {
    const { hub, fakes, matchReady, settle } = setup();
    await matchReady();
    act(() => {
      fakes.pc.emitCandidate({ candidate: 'candidate:bad', sdpMid: null, sdpMLineIndex: null });
      fakes.pc.emitCandidate({ candidate: 'candidate:good', sdpMid: '0', sdpMLineIndex: 0 });
    });
    await settle();
    expect(hub.callsOf('SendIceCandidate').map((call) => call.candidate.candidate)).toEqual([
      'candidate:good',
    ]);

    act(() => {
      hub.push('AnswerReceived', { matchId: MATCH.id, answer: { type: 'answer', sdp: 'v=0 answer' } });
      hub.push('IceCandidateReceived', {
        matchId: MATCH.id,
        candidate: { candidate: 'candidate:bad', sdpMid: null, sdpMLineIndex: null },
      });
      hub.push('IceCandidateReceived', {
        matchId: MATCH.id,
        candidate: { candidate: 'candidate:remote', sdpMid: null, sdpMLineIndex: 1 },
      });
    });
    await settle();
    expect(fakes.pc.addedCandidates.map((candidate) => candidate.candidate)).toEqual(['candidate:remote']);
  });

  it('mutes and turns the camera off with icon buttons whose names stay and whose pressed state says so', async () => {
    const user = userEvent.setup();
    const { hub, fakes, matchReady } = setup();
    await matchReady();
    const media = fakes.streams[0];
    const mute = button(MUTE_LABEL);
    const camera = button(CAMERA_OFF_LABEL);
    expect(mute).toHaveAttribute('aria-pressed', 'false');
    expect(camera).toHaveAttribute('aria-pressed', 'false');
    // Icons, not words that flip: the SVGs ship with the app and are hidden from screen readers.
    expect(mute.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(mute).toHaveTextContent('');

    await user.click(mute);
    expect(media?.audio.enabled).toBe(false);
    expect(media?.video.enabled).toBe(true);
    expect(button(MUTE_LABEL)).toHaveAttribute('aria-pressed', 'true');
    await user.click(button(MUTE_LABEL));
    expect(media?.audio.enabled).toBe(true);
    expect(button(MUTE_LABEL)).toHaveAttribute('aria-pressed', 'false');

    await user.click(camera);
    expect(media?.video.enabled).toBe(false);
    expect(button(CAMERA_OFF_LABEL)).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog()).getByText('Camera off')).toBeInTheDocument();
    await user.click(button(CAMERA_OFF_LABEL));
    expect(media?.video.enabled).toBe(true);
    expect(button(CAMERA_OFF_LABEL)).toHaveAttribute('aria-pressed', 'false');
    // The partner hears each change, so their screen can say 'Camera off' without waiting.
    expect(hub.callsOf('SendMediaState')).toEqual([
      { matchId: MATCH.id, cameraOn: true, microphoneOn: false },
      { matchId: MATCH.id, cameraOn: true, microphoneOn: true },
      { matchId: MATCH.id, cameraOn: false, microphoneOn: true },
      { matchId: MATCH.id, cameraOn: true, microphoneOn: true },
    ]);
  });

  it('offers no Retry in a healthy call, only once it failed', async () => {
    const { fakes, matchReady } = setup();
    await matchReady();
    act(() => fakes.pc.setConnectionState('connected'));
    expect(within(dialog()).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    act(() => fakes.pc.setConnectionState('failed'));
    expect(button('Retry')).toBeInTheDocument();
  });

  it('wraps Tab from the last control back to the first, the call screen being modal', async () => {
    const user = userEvent.setup();
    const { fakes, matchReady } = setup();
    await matchReady();
    act(() => fakes.pc.setConnectionState('connected'));
    const buttons = within(dialog()).getAllByRole('button');
    const last = buttons.at(-1);
    last?.focus();
    await user.tab();
    expect(buttons[0]).toHaveFocus();
    await user.tab({ shift: true });
    expect(last).toHaveFocus();
    // The videos are no stop for Tab: a trap that counted them could not move focus to them.
    for (const video of dialog().querySelectorAll('video')) expect(video).toHaveAttribute('tabindex', '-1');
  });

  it('End call stops every track, closes the connection and tells the partner', async () => {
    const user = userEvent.setup();
    const { hub, fakes, matchReady } = setup();
    await matchReady();
    const media = fakes.streams[0];

    await user.click(button('End call'));

    expect(media?.audio.stop).toHaveBeenCalled();
    expect(media?.video.stop).toHaveBeenCalled();
    expect(fakes.pc.close).toHaveBeenCalled();
    expect(hub.callsOf('EndCall')).toEqual([{ matchId: MATCH.id }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.__wheelmeetCall?.connectionState()).toBe('closed');
  });

  it('keeps the call open on Escape while it runs', async () => {
    const user = userEvent.setup();
    const { hub, matchReady } = setup();
    await matchReady();
    await user.keyboard('{Escape}');
    expect(dialog()).toBeInTheDocument();
    expect(hub.callsOf('EndCall')).toEqual([]);
    // Focus starts inside the dialog.
    expect(dialog()).toContainElement(document.activeElement as HTMLElement);
  });

  it('explains a denied camera and microphone, with Retry and Close', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    const { fakes, matchReady } = setup();
    fakes.getUserMedia.mockRejectedValueOnce(new DOMException('Permission denied', 'NotAllowedError'));
    await matchReady();

    expect(within(dialog()).getByRole('alert')).toHaveTextContent(PERMISSION_DENIED_MESSAGE);
    expect(button('Retry')).toBeInTheDocument();
    await user.click(button('Close'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says when there is no camera and no microphone at all', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { fakes, matchReady } = setup();
    fakes.getUserMedia.mockRejectedValue(new DOMException('None', 'NotFoundError'));
    await matchReady();
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(NO_DEVICE_MESSAGE);
  });

  it('joins on sound alone without a camera, still receiving the partner, and tells the partner', async () => {
    const { hub, fakes, matchReady } = setup();
    fakes.getUserMedia.mockRejectedValueOnce(new DOMException('No camera', 'NotFoundError'));
    await matchReady();
    expect(fakes.getUserMedia.mock.calls.map(([constraints]) => constraints)).toEqual([
      { video: true, audio: true },
      { audio: true },
    ]);
    expect(hub.callsOf('SendOffer')).toHaveLength(1);
    // The offer still asks for the partner's picture, and sends sound alone.
    expect(fakes.pc.transceivers.map(({ kind, direction }) => [kind, direction])).toEqual([
      ['audio', 'sendrecv'],
      ['video', 'sendrecv'],
    ]);
    expect(fakes.pc.tracks.map((track) => track.kind)).toEqual(['audio']);
    expect(button('No camera')).toBeDisabled();
    expect(hub.callsOf('SendMediaState')).toEqual([
      { matchId: MATCH.id, cameraOn: false, microphoneOn: true },
    ]);
  });

  describe('timed calls (issue 13)', () => {
    const timer = (overrides: Partial<CallTimerEvent> = {}): CallTimerEvent => ({
      matchId: MATCH.id,
      startedAt: new Date(0).toISOString(),
      endsAt: new Date(120_000).toISOString(),
      serverTime: new Date(0).toISOString(),
      lengthSeconds: 120,
      extended: false,
      extensionRequestedBy: null,
      ...overrides,
    });

    it('shows the time left by the server’s clock, warns at 30 seconds, and asks the partner to extend', async () => {
      const user = userEvent.setup();
      const { hub, fakes, matchReady } = setup();
      await matchReady();
      // This browser's clock is 5 s behind the server's.
      fakes.clock.now = -5_000;
      act(() => hub.push('CallTimer', timer()));
      expect(screen.getByTestId('call-time-left')).toHaveTextContent('02:00');
      expect(within(dialog()).queryByText(ENDING_SOON_MESSAGE)).not.toBeInTheDocument();

      hub.handle('ExtendCall', () => ({ data: timer({ extensionRequestedBy: ME_ID }) }));
      await user.click(button('Ask for 2 more minutes'));
      expect(hub.callsOf('ExtendCall')).toEqual([{ matchId: MATCH.id }]);
      expect(button('Waiting for Ada to agree…')).toBeDisabled();

      fakes.clock.now = 85_000;
      act(() => fakes.timers.runAll());
      expect(screen.getByTestId('call-time-left')).toHaveTextContent('00:30');
      expect(within(dialog()).getByText(ENDING_SOON_MESSAGE)).toBeInTheDocument();

      act(() =>
        hub.push(
          'CallTimer',
          timer({
            endsAt: new Date(240_000).toISOString(),
            serverTime: new Date(90_000).toISOString(),
            extended: true,
          }),
        ),
      );
      expect(screen.getByTestId('call-time-left')).toHaveTextContent('02:30');
      expect(within(dialog()).getByText('The call was extended.')).toBeInTheDocument();
      expect(within(dialog()).queryByRole('button', { name: /more minutes|agree/i })).not.toBeInTheDocument();
    });

    it('offers to agree when the partner asked first', async () => {
      const { hub, matchReady } = setup();
      await matchReady();
      act(() => hub.push('CallTimer', timer({ extensionRequestedBy: PARTNER_ID })));
      expect(within(dialog()).getByText('Ada would like 2 more minutes.')).toBeInTheDocument();
      expect(button('Agree to extend')).toBeEnabled();
    });

    it("ends the call when the server says time's up, and goes back to the wheel", async () => {
      const user = userEvent.setup();
      const { hub, fakes, matchReady } = setup();
      await matchReady();
      act(() => hub.push('CallTimer', timer()));
      act(() => hub.push('CallTimeUp', { matchId: MATCH.id }));
      expect(within(dialog()).getByText(TIME_UP_MESSAGE)).toBeInTheDocument();
      expect(fakes.streams[0]?.video.stop).toHaveBeenCalled();
      expect(within(dialog()).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
      await user.click(button(BACK_TO_WHEEL_LABEL));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      // Time's up is the server's doing: nobody hangs up on anybody.
      expect(hub.callsOf('EndCall')).toEqual([]);
    });
  });

  it("shows 'Camera off' and 'muted' as soon as the partner says so", async () => {
    const { hub, fakes, matchReady } = setup();
    await matchReady();
    act(() => {
      fakes.pc.emitTrack(createFakeStream().stream);
      fakes.pc.setConnectionState('connected');
    });
    expect(screen.queryByTestId('remote-camera-off')).not.toBeInTheDocument();
    act(() =>
      hub.push('MediaStateChanged', {
        matchId: MATCH.id,
        userId: PARTNER_ID,
        cameraOn: false,
        microphoneOn: false,
      }),
    );
    expect(screen.getByTestId('remote-camera-off')).toHaveTextContent('Camera off');
    expect(screen.getByTestId('remote-muted')).toHaveTextContent('Ada is muted');
    act(() =>
      hub.push('MediaStateChanged', {
        matchId: MATCH.id,
        userId: PARTNER_ID,
        cameraOn: true,
        microphoneOn: true,
      }),
    );
    expect(screen.queryByTestId('remote-camera-off')).not.toBeInTheDocument();
    expect(screen.queryByTestId('remote-muted')).not.toBeInTheDocument();
  });

  it("shows 'Failed to start video call' when the offer cannot be sent", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { hub, matchReady } = setup();
    hub.handle('SendOffer', () => ({
      error: { code: 'forbidden', reason: 'not_your_match', message: 'Not yours.' },
    }));
    await matchReady();
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(START_FAILED_MESSAGE);
  });

  it('says the partner left when CallEnded arrives: the call is over for good, with no Retry', async () => {
    const user = userEvent.setup();
    const { hub, fakes, matchReady } = setup();
    await matchReady();
    act(() => hub.push('CallEnded', { matchId: MATCH.id, userId: PARTNER_ID }));

    expect(within(dialog()).getByText(PARTNER_LEFT_MESSAGE)).toBeInTheDocument();
    expect(within(dialog()).getByRole('status')).toHaveTextContent(CALL_ENDED_LABEL);
    expect(fakes.pc.close).toHaveBeenCalled();
    expect(fakes.streams[0]?.video.stop).toHaveBeenCalled();
    expect(within(dialog()).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(within(dialog()).queryByRole('button', { name: 'End call' })).not.toBeInTheDocument();
    await user.click(button(BACK_TO_WHEEL_LABEL));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The server ended the call already: nothing to tell it.
    expect(hub.callsOf('EndCall')).toEqual([]);
  });

  it('after hanging up, the partner asking to rejoin opens no call again', async () => {
    const user = userEvent.setup();
    const { hub, fakes, matchReady, settle } = setup();
    await matchReady();
    await user.click(button('End call'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => hub.push('CallRejoined', { matchId: MATCH.id, userId: PARTNER_ID }));
    await settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fakes.getUserMedia).toHaveBeenCalledTimes(1);
    expect(hub.callsOf('SendOffer')).toHaveLength(1);
  });

  it('counts the call time from the server’s start of the call, not from this page’s connection', async () => {
    const { hub, fakes, matchReady } = setup();
    await matchReady();
    act(() => fakes.pc.setConnectionState('connected'));
    const now = fakes.environment.now();
    // Reloaded 95 s into the call; the server's clock is 5 s ahead of this browser's.
    act(() =>
      hub.push('CallTimer', {
        matchId: MATCH.id,
        startedAt: new Date(now + 5_000 - 95_000).toISOString(),
        endsAt: new Date(now + 5_000 + 205_000).toISOString(),
        serverTime: new Date(now + 5_000).toISOString(),
        lengthSeconds: 300,
        extended: false,
        extensionRequestedBy: null,
      }),
    );
    expect(screen.getByTestId('call-timer')).toHaveTextContent('01:35');
    expect(screen.getByTestId('call-time-left')).toHaveTextContent('03:25');
  });

  it("says the call could not start on the partner's side and waits for them, camera on, instead of losing the call", async () => {
    const { hub, fakes, matchReady, settle } = setup();
    await matchReady();
    act(() => fakes.pc.setConnectionState('connecting'));
    act(() => hub.push('CallFailed', { matchId: MATCH.id, userId: PARTNER_ID }));

    expect(within(dialog()).getByText(partnerFailedMessage('Ada'))).toBeInTheDocument();
    expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog()).getByRole('status')).toHaveTextContent('Reconnecting…');
    expect(button('End call')).toBeInTheDocument();
    expect(fakes.streams[0]?.video.stop).not.toHaveBeenCalled();
    act(() => fakes.timers.runAll());
    expect(within(dialog()).queryByText(CONNECTION_LOST_MESSAGE)).not.toBeInTheDocument();

    // Their Retry asks for a new offer: the call starts again.
    act(() => hub.push('CallRejoined', { matchId: MATCH.id, userId: PARTNER_ID }));
    await settle();
    expect(hub.callsOf('SendOffer')).toHaveLength(2);
    expect(within(dialog()).queryByText(partnerFailedMessage('Ada'))).not.toBeInTheDocument();
  });

  it("Retry shows 'Retrying connection...', then offers again after a second", async () => {
    const user = userEvent.setup();
    const { hub, fakes, matchReady, settle } = setup();
    await matchReady();
    act(() => fakes.pc.setConnectionState('failed'));

    await user.click(button('Retry'));
    expect(within(dialog()).getByText(RETRYING_MESSAGE)).toBeInTheDocument();
    expect(fakes.timers.delays).toEqual([1_000]);

    act(() => fakes.timers.runAll());
    await settle();
    expect(hub.callsOf('SendOffer')).toHaveLength(2);
    expect(fakes.peers).toHaveLength(2);
    expect(within(dialog()).queryByText(RETRYING_MESSAGE)).not.toBeInTheDocument();
  });

  it("shows 'Failed to retry connection' when the retry fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    const { fakes, matchReady, settle } = setup();
    await matchReady();
    act(() => fakes.pc.setConnectionState('failed'));
    await user.click(button('Retry'));
    fakes.getUserMedia.mockRejectedValueOnce(new Error('boom'));
    act(() => fakes.timers.runAll());
    await settle();
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(RETRY_FAILED_MESSAGE);
  });

  it("retries local playback after a second, then shows 'Failed to start local video'", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValue(new Error('autoplay'));
    const { fakes, matchReady, settle } = setup();
    await matchReady();
    expect(within(dialog()).queryByText(LOCAL_VIDEO_FAILED_MESSAGE)).not.toBeInTheDocument();
    expect(fakes.timers.delays).toContain(1_000);

    act(() => fakes.timers.runAll());
    await settle();
    expect(play).toHaveBeenCalledTimes(2);
    expect(within(dialog()).getByText(LOCAL_VIDEO_FAILED_MESSAGE)).toBeInTheDocument();
  });
});
