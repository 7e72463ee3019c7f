import { openMedia, stopStream } from './call-media';
import type { VideoCallEnvironment } from './video-call-environment';

/**
 * The camera and microphone opened outside a call (the lobby's device check, issue 35), kept on
 * so that the next call starts without asking for them again. Who owns the stream:
 * - while kept here, this keeper: the device check shows it, but closing the check leaves it on;
 * - once a call takes it (`takeLive`), that call, which stops it when the call is over;
 * - when nobody will use it (the person leaves the wheel page), `release` turns it off.
 */
let kept: MediaStream | null = null;
const listeners = new Set<() => void>();

function change(stream: MediaStream | null) {
  kept = stream;
  for (const listener of [...listeners]) listener();
}

/** A stream whose every track still runs: a device unplugged or a permission revoked ends its tracks. */
export const isLive = (stream: MediaStream) =>
  stream.getTracks().length > 0 && stream.getTracks().every((track) => track.readyState === 'live');

export const localMedia = {
  kept: (): MediaStream | null => kept,

  /** Keeps `stream` for the next call, turning off one kept before. */
  keep(stream: MediaStream) {
    if (kept !== stream) stopStream(kept);
    change(stream);
  },

  /** Hands the kept stream over to a call, if it still runs; one that does not is turned off. */
  takeLive(): MediaStream | null {
    const stream = kept;
    if (!stream) return null;
    change(null);
    if (isLive(stream)) return stream;
    stopStream(stream);
    return null;
  },

  /** Turns off the kept stream: nobody is going to use it. */
  release() {
    if (!kept) return;
    stopStream(kept);
    change(null);
  },

  /** `listener` runs whenever the kept stream changes (kept, taken by a call, released). */
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

/** The camera and microphone for a call: the ones kept from the device check if they still run, or newly opened. */
export function openLocalMedia(getUserMedia: VideoCallEnvironment['getUserMedia']): Promise<MediaStream> {
  const live = localMedia.takeLive();
  return live ? Promise.resolve(live) : openMedia(getUserMedia);
}
