import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeCallEnvironment, flushPromises } from '@/test/fake-webrtc';
import { MEDIA_CONSTRAINTS } from '../hooks/call-media';
import { localMedia } from '../hooks/local-media';
import { VideoCallEnvironmentContext } from '../hooks/video-call-environment';
import { DEVICE_BUSY_MESSAGE, NO_DEVICE_MESSAGE, PERMISSION_DENIED_MESSAGE } from './call-messages';
import { CHECK_DEVICES_LABEL, DeviceCheck } from './device-check';
import {
  DEVICE_CHECK_PROBLEMS,
  DEVICES_FAILED_MESSAGE,
  DONE_LABEL,
  MICROPHONE_LEVEL_LABEL,
  PREVIEW_LABEL,
  TRY_AGAIN_LABEL,
} from './device-check-panel';

/** A Web Audio stand-in whose analyser hears a waveform of the test's choosing. */
class FakeAudioContext {
  static instances: FakeAudioContext[] = [];
  static waveform = 128;
  readonly close = vi.fn(async () => {});
  readonly source = { connect: vi.fn(), disconnect: vi.fn() };
  constructor() {
    FakeAudioContext.instances.push(this);
  }
  createMediaStreamSource() {
    return this.source;
  }
  createAnalyser() {
    return {
      fftSize: 0,
      getByteTimeDomainData: (samples: Uint8Array) =>
        samples.forEach((_, index) => {
          samples[index] = index % 2 === 0 ? FakeAudioContext.waveform : 256 - FakeAudioContext.waveform;
        }),
    };
  }
}

let frames: Map<number, FrameRequestCallback>;

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  FakeAudioContext.instances = [];
  FakeAudioContext.waveform = 128;
  frames = new Map();
  let next = 1;
  vi.stubGlobal('AudioContext', FakeAudioContext);
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    frames.set(next, callback);
    return next++;
  });
  vi.stubGlobal('cancelAnimationFrame', (handle: number) => frames.delete(handle));
});

afterEach(() => {
  vi.unstubAllGlobals();
  localMedia.release();
});

function runFrame() {
  const due = [...frames.values()];
  frames.clear();
  act(() => {
    for (const callback of due) callback(0);
  });
}

function setup() {
  const fakes = createFakeCallEnvironment();
  const view = render(
    <VideoCallEnvironmentContext.Provider value={fakes.environment}>
      <DeviceCheck />
    </VideoCallEnvironmentContext.Provider>,
  );
  const openCheck = async () => {
    await userEvent.click(screen.getByRole('button', { name: CHECK_DEVICES_LABEL }));
    await act(flushPromises);
  };
  return { getUserMedia: fakes.getUserMedia, streams: fakes.streams, view, openCheck };
}

describe('device check in the lobby (issue 35)', () => {
  it('starts closed, then shows a mirrored, muted preview of the camera and a live microphone level', async () => {
    const { getUserMedia, streams, openCheck } = setup();
    expect(getUserMedia).not.toHaveBeenCalled();
    await openCheck();

    expect(getUserMedia).toHaveBeenCalledWith(MEDIA_CONSTRAINTS);
    const preview = screen.getByLabelText(PREVIEW_LABEL) as HTMLVideoElement;
    expect(preview.srcObject).toBe(streams[0]?.stream);
    expect(preview.muted).toBe(true);
    expect(preview).toHaveAttribute('playsinline');
    expect(preview).toHaveClass('-scale-x-100');

    const meter = screen.getByRole('meter', { name: MICROPHONE_LEVEL_LABEL });
    expect(meter).toHaveAttribute('min', '0');
    expect(meter).toHaveAttribute('max', '100');
    expect(meter).toHaveAttribute('value', '0');
    FakeAudioContext.waveform = 160;
    runFrame();
    expect(Number(meter.getAttribute('value'))).toBeGreaterThan(0);
  });

  it('closing stops the meter but leaves the camera on, kept for the call; opening again asks nothing', async () => {
    const { getUserMedia, streams, openCheck } = setup();
    await openCheck();
    await userEvent.click(screen.getByRole('button', { name: DONE_LABEL }));

    expect(screen.queryByRole('meter')).not.toBeInTheDocument();
    expect(frames.size).toBe(0);
    const [audio] = FakeAudioContext.instances;
    expect(audio?.close).toHaveBeenCalled();
    expect(audio?.source.disconnect).toHaveBeenCalled();
    expect(streams[0]?.video.stop).not.toHaveBeenCalled();
    expect(streams[0]?.audio.stop).not.toHaveBeenCalled();
    expect(localMedia.kept()).toBe(streams[0]?.stream);

    await openCheck();
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    expect((screen.getByLabelText(PREVIEW_LABEL) as HTMLVideoElement).srcObject).toBe(streams[0]?.stream);
  });

  it('turns the camera off when the wheel page goes (unmounted)', async () => {
    const { streams, openCheck, view } = setup();
    await openCheck();
    view.unmount();
    expect(streams[0]?.video.stop).toHaveBeenCalled();
    expect(streams[0]?.audio.stop).toHaveBeenCalled();
    expect(localMedia.kept()).toBeNull();
  });

  it('closes once a call takes the camera over, and leaving then turns off nothing of the call', async () => {
    const { streams, openCheck, view } = setup();
    await openCheck();
    let taken: MediaStream | null = null;
    act(() => {
      taken = localMedia.takeLive();
    });
    expect(taken).toBe(streams[0]?.stream);
    expect(screen.getByRole('button', { name: CHECK_DEVICES_LABEL })).toBeInTheDocument();
    view.unmount();
    expect(streams[0]?.video.stop).not.toHaveBeenCalled();
  });

  it('shows the microphone alone, saying there is no camera, as the call would run', async () => {
    const { getUserMedia, openCheck } = setup();
    getUserMedia.mockRejectedValueOnce(new DOMException('no camera', 'NotFoundError'));
    await openCheck();
    expect(screen.queryByLabelText(PREVIEW_LABEL)).not.toBeInTheDocument();
    expect(screen.getByText('No camera')).toBeInTheDocument();
    expect(screen.getByRole('meter', { name: MICROPHONE_LEVEL_LABEL })).toBeInTheDocument();
  });

  it.each([
    ['NotAllowedError', PERMISSION_DENIED_MESSAGE, DEVICE_CHECK_PROBLEMS['permission-denied'].remedy],
    ['SecurityError', PERMISSION_DENIED_MESSAGE, DEVICE_CHECK_PROBLEMS['permission-denied'].remedy],
    ['NotFoundError', NO_DEVICE_MESSAGE, DEVICE_CHECK_PROBLEMS['no-device'].remedy],
    ['OverconstrainedError', NO_DEVICE_MESSAGE, DEVICE_CHECK_PROBLEMS['no-device'].remedy],
    ['NotReadableError', DEVICE_BUSY_MESSAGE, DEVICE_CHECK_PROBLEMS['device-busy'].remedy],
    ['AbortError', DEVICE_BUSY_MESSAGE, DEVICE_CHECK_PROBLEMS['device-busy'].remedy],
    ['TypeError', DEVICES_FAILED_MESSAGE, DEVICE_CHECK_PROBLEMS['start-failed'].remedy],
  ])('on %s says what happened and what to do, and Try again asks again', async (name, problem, remedy) => {
    const { getUserMedia, streams, openCheck } = setup();
    const grant = getUserMedia.getMockImplementation();
    // Every ask fails, the fallbacks without a camera or a microphone too.
    getUserMedia.mockRejectedValue(new DOMException('refused', name));
    await openCheck();

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(problem);
    expect(alert).toHaveTextContent(remedy);
    expect(screen.queryByRole('meter')).not.toBeInTheDocument();

    getUserMedia.mockImplementation(grant ?? (() => Promise.reject(new Error('no fake'))));
    await userEvent.click(screen.getByRole('button', { name: TRY_AGAIN_LABEL }));
    await act(flushPromises);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect((screen.getByLabelText(PREVIEW_LABEL) as HTMLVideoElement).srcObject).toBe(streams[0]?.stream);
  });

  it('gives the remedy in the words the buttons use', () => {
    for (const { remedy } of Object.values(DEVICE_CHECK_PROBLEMS)) expect(remedy).toContain(TRY_AGAIN_LABEL);
    expect(DEVICE_CHECK_PROBLEMS['permission-denied'].remedy).toContain('camera icon in the address bar');
    expect(DEVICE_CHECK_PROBLEMS['device-busy'].remedy).toContain('Zoom, Teams');
  });
});
