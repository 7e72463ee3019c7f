import { useEffect, useRef } from 'react';
import { cn } from '@/lib/cn';
import { VIDEO_RETRY_DELAY_MS } from '../hooks/restart-policy';
import { useVideoCallEnvironment } from '../hooks/video-call-environment';

interface CallVideoProps {
  stream: MediaStream | null;
  label: string;
  testId: string;
  /** The local preview is muted so the user does not hear themselves. */
  muted?: boolean;
  /** play() failed twice (once, then again after VIDEO_RETRY_DELAY_MS); null once it plays. */
  onPlayFailed?: (failed: boolean) => void;
  className?: string;
}

/** A `<video>` showing a media stream; playback is retried once after a second (autoplay can be refused). */
export function CallVideo({ stream, label, testId, muted = false, onPlayFailed, className }: CallVideoProps) {
  const { timers } = useVideoCallEnvironment();
  const ref = useRef<HTMLVideoElement>(null);
  const onPlayFailedRef = useRef(onPlayFailed);
  onPlayFailedRef.current = onPlayFailed;

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.muted = muted;
    video.srcObject = stream;
    if (!stream) return;
    let cancelled = false;
    let retryTimer: unknown = null;
    const play = () => Promise.resolve().then(() => video.play());
    play().then(
      () => onPlayFailedRef.current?.(false),
      () => {
        if (cancelled) return;
        retryTimer = timers.setTimeout(() => {
          retryTimer = null;
          play().then(
            () => {
              if (!cancelled) onPlayFailedRef.current?.(false);
            },
            (error: unknown) => {
              if (cancelled) return;
              console.warn(`${label}: playback failed`, error);
              onPlayFailedRef.current?.(true);
            },
          );
        }, VIDEO_RETRY_DELAY_MS);
      },
    );
    return () => {
      cancelled = true;
      if (retryTimer !== null) timers.clearTimeout(retryTimer);
    };
  }, [stream, muted, timers, label]);

  return (
    <video
      ref={ref}
      data-testid={testId}
      aria-label={label}
      // Never a stop for Tab: the call screen's focus trap wraps from its last control to its
      // first one it can focus, and a video it counted as first kept focus where it was.
      tabIndex={-1}
      autoPlay
      playsInline
      muted={muted}
      className={cn('h-full w-full bg-slate-950 object-cover', className)}
    />
  );
}
