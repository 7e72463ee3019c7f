import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { callProblemOf, type MediaProblem, openMedia, stopStream } from '../hooks/call-media';
import { isLive, localMedia } from '../hooks/local-media';
import { useMicrophoneLevel } from '../hooks/use-microphone-level';
import { useVideoCallEnvironment } from '../hooks/video-call-environment';
import { CallVideo } from './call-video';
import {
  DEVICE_BUSY_MESSAGE,
  NO_CAMERA_LABEL,
  NO_DEVICE_MESSAGE,
  PERMISSION_DENIED_MESSAGE,
} from './call-messages';
import { OPENING_DEVICES_MESSAGE } from './device-check-texts';

/** Turns off the camera and microphone the check kept for the next call (the person left the wheel). */
export const releaseKeptMedia = () => localMedia.release();

export const DEVICE_CHECK_TITLE = 'Camera and microphone check';
export const DEVICES_READY_MESSAGE =
  'Your camera and microphone work. They stay on, ready for your first call, until you leave the wheel.';
export const PREVIEW_LABEL = 'Your camera preview';
export const MICROPHONE_LEVEL_LABEL = 'Microphone level';
export const TRY_AGAIN_LABEL = 'Try again';
export const DONE_LABEL = 'Done';
export const DEVICES_FAILED_MESSAGE = 'Your camera and microphone could not be started.';

/** What went wrong, in the call's own words, then what to do about it here. */
export const DEVICE_CHECK_PROBLEMS: Record<MediaProblem, { problem: string; remedy: string }> = {
  'permission-denied': {
    problem: PERMISSION_DENIED_MESSAGE,
    remedy:
      'Click the camera icon in the address bar, allow the camera and microphone for this site, then press Try again.',
  },
  'no-device': {
    problem: NO_DEVICE_MESSAGE,
    remedy: 'Check that it is plugged in and switched on, then press Try again.',
  },
  'device-busy': {
    problem: DEVICE_BUSY_MESSAGE,
    remedy: 'Close other apps that may use it (Zoom, Teams…), then press Try again.',
  },
  'start-failed': {
    problem: DEVICES_FAILED_MESSAGE,
    remedy: 'Press Try again; if it keeps failing, reload the page or try another browser.',
  },
};

type Check =
  | { step: 'opening' }
  | { step: 'open'; stream: MediaStream }
  | { step: 'failed'; problem: MediaProblem };

/**
 * The open device check (issue 35): a mirrored preview of the person's camera and their
 * microphone's level, or what to do when the browser cannot open them. It opens them as it
 * mounts. What it opens is kept (localMedia) for the next call, which then need not ask again;
 * the check closes (`onDone`) once a call takes it.
 */
export function DeviceCheckPanel({ onDone }: { onDone: () => void }) {
  const { getUserMedia } = useVideoCallEnvironment();
  const [check, setCheck] = useState<Check>({ step: 'opening' });
  const kept = useSyncExternalStore(localMedia.subscribe, localMedia.kept);
  const mounted = useRef(false);
  const started = useRef(false);
  const titleId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: it opens the devices once, as the panel mounts.
  useEffect(() => {
    mounted.current = true;
    // Once per panel, though development mode runs effects twice.
    if (!started.current) {
      started.current = true;
      void open();
    }
    return () => {
      mounted.current = false;
    };
  }, []);

  // A call took the camera over (or it was turned off): this preview is not the check's to show.
  const takenOver = check.step === 'open' && check.stream !== kept;
  useEffect(() => {
    if (takenOver) onDone();
  }, [takenOver, onDone]);

  async function open() {
    setCheck({ step: 'opening' });
    const keptStream = localMedia.kept();
    if (keptStream && isLive(keptStream)) {
      setCheck({ step: 'open', stream: keptStream });
      return;
    }
    try {
      // As the call opens them: without a camera, the microphone alone will do.
      const stream = await openMedia(getUserMedia);
      if (!mounted.current) {
        stopStream(stream);
        return;
      }
      // Kept even when the check was closed meanwhile: the call will use it.
      localMedia.keep(stream);
      setCheck((current) => (current.step === 'opening' ? { step: 'open', stream } : current));
    } catch (error) {
      if (mounted.current) setCheck({ step: 'failed', problem: callProblemOf(error) });
    }
  }

  return (
    <section
      aria-labelledby={titleId}
      className="w-full max-w-sm space-y-3 rounded-lg border border-slate-200 bg-white p-3 text-left shadow-sm"
    >
      <h2 id={titleId} className="text-sm font-semibold text-slate-900">
        {DEVICE_CHECK_TITLE}
      </h2>
      {check.step === 'opening' ? (
        <p role="status" className="text-sm text-slate-700">
          {OPENING_DEVICES_MESSAGE}
        </p>
      ) : null}
      {check.step === 'open' ? <DevicePreview stream={check.stream} /> : null}
      {check.step === 'failed' ? (
        <div role="alert" className="space-y-1 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          <p className="font-medium">{DEVICE_CHECK_PROBLEMS[check.problem].problem}</p>
          <p>{DEVICE_CHECK_PROBLEMS[check.problem].remedy}</p>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {check.step === 'failed' ? <Button onClick={() => void open()}>{TRY_AGAIN_LABEL}</Button> : null}
        {/* Closing leaves the camera on: it is kept for the call. */}
        <Button variant="secondary" onClick={onDone}>
          {DONE_LABEL}
        </Button>
      </div>
    </section>
  );
}

function DevicePreview({ stream }: { stream: MediaStream }) {
  const level = useMicrophoneLevel(stream);
  const hasCamera = stream.getVideoTracks().length > 0;
  return (
    <div className="space-y-2">
      <div className="aspect-video w-full overflow-hidden rounded-lg bg-slate-950">
        {hasCamera ? (
          // Mirrored, as people expect to see themselves.
          <CallVideo
            stream={stream}
            label={PREVIEW_LABEL}
            testId="device-check-preview"
            muted
            className="-scale-x-100"
          />
        ) : (
          <p className="flex h-full items-center justify-center text-sm text-white">{NO_CAMERA_LABEL}</p>
        )}
      </div>
      {/* A native meter: its role, range and value reach assistive technology as aria-valuemin/max/now. */}
      <meter aria-label={MICROPHONE_LEVEL_LABEL} min={0} max={100} value={level} className="h-2 w-full" />
      <p role="status" className="text-sm text-slate-700">
        {DEVICES_READY_MESSAGE}
      </p>
    </div>
  );
}
