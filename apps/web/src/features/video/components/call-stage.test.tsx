import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeStream } from '@/test/fake-webrtc';
import { PARTNER_ID } from '@/test/fixtures';
import { REMOTE_CAMERA_GRACE_MS } from '../hooks/use-call-clock';
import { LOCAL_VIDEO_FAILED_MESSAGE } from './call-messages';
import { button, dialog, MATCH, setup, stubPlaybackPerTest } from './video-call-overlay.fixtures';

stubPlaybackPerTest();

describe('video call overlay: the videos', () => {
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
