import { useEffect, useReducer, useState } from 'react';
import { useVideoCallEnvironment } from './video-call-environment';

/** How long the partner's video may be missing on a connected call before their tile says 'Camera off'. */
export const REMOTE_CAMERA_GRACE_MS = 3_000;

/** `mm:ss` (minutes keep counting past 59: '75:03'). */
export function formatCallDuration(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return `${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
}

/** Re-renders on every whole second counted from `from` (the environment's clock), while there is one. */
function useSecondTicks(from: number | null) {
  const { timers, now } = useVideoCallEnvironment();
  const [, tick] = useReducer((count: number) => count + 1, 0);

  useEffect(() => {
    if (from === null) return;
    let handle: unknown = null;
    const schedule = () => {
      // Wake on the next whole second, so the display does not drift.
      const untilNextSecond = 1_000 - (Math.abs(now() - from) % 1_000);
      handle = timers.setTimeout(() => {
        tick();
        schedule();
      }, untilNextSecond);
    };
    schedule();
    return () => {
      if (handle !== null) timers.clearTimeout(handle);
    };
  }, [from, timers, now]);
  return now;
}

/** Whole seconds since `since` (the environment's clock), ticking every second; null without a start. */
export function useElapsedSeconds(since: number | null): number | null {
  const now = useSecondTicks(since);
  return since === null ? null : Math.floor(Math.max(0, now() - since) / 1_000);
}

/** Whole seconds left until `until` (never negative), ticking every second; null without an end. */
export function useSecondsLeft(until: number | null): number | null {
  const now = useSecondTicks(until);
  return until === null ? null : Math.max(0, Math.ceil((until - now()) / 1_000));
}

function hasLiveVideo(stream: MediaStream | null): boolean {
  return (stream?.getVideoTracks() ?? []).some((track) => track.readyState === 'live' && !track.muted);
}

/**
 * True when the partner sends no picture on a connected call: their stream has no video track, or
 * its track is muted or ended, for longer than REMOTE_CAMERA_GRACE_MS. A connection still being
 * set up is not judged (its tracks start muted until media flows).
 */
export function useRemoteCameraOff(stream: MediaStream | null, connected: boolean): boolean {
  const { timers } = useVideoCallEnvironment();
  const [, changed] = useReducer((count: number) => count + 1, 0);
  const [graceOver, setGraceOver] = useState(false);
  const live = hasLiveVideo(stream);
  const videoTrackCount = stream?.getVideoTracks().length ?? 0;

  // Track events re-render, so `live` follows mutes, unmutes and ends as they happen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new video track needs listeners too.
  useEffect(() => {
    if (!stream) return;
    const tracks = stream.getVideoTracks();
    for (const track of tracks) {
      for (const type of ['mute', 'unmute', 'ended']) track.addEventListener(type, changed);
    }
    stream.addEventListener('addtrack', changed);
    stream.addEventListener('removetrack', changed);
    return () => {
      for (const track of tracks) {
        for (const type of ['mute', 'unmute', 'ended']) track.removeEventListener(type, changed);
      }
      stream.removeEventListener('addtrack', changed);
      stream.removeEventListener('removetrack', changed);
    };
  }, [stream, videoTrackCount]);

  useEffect(() => {
    setGraceOver(false);
    if (!connected || live) return;
    const handle = timers.setTimeout(() => setGraceOver(true), REMOTE_CAMERA_GRACE_MS);
    return () => timers.clearTimeout(handle);
  }, [connected, live, timers]);

  return connected && !live && graceOver;
}
