import type { CallProblem } from './call-reducer';
import type { VideoCallEnvironment } from './video-call-environment';

/** Camera and microphone are asked for together (spec section 7). */
export const MEDIA_CONSTRAINTS: MediaStreamConstraints = { video: true, audio: true };
/** Without a camera (or a microphone) the call goes on with what there is, tried in this order. */
export const FALLBACK_MEDIA_CONSTRAINTS: MediaStreamConstraints[] = [{ audio: true }, { video: true }];

/** What can keep the camera and microphone from opening, as the person is told. */
export type MediaProblem = Extract<
  CallProblem,
  'permission-denied' | 'no-device' | 'device-busy' | 'start-failed'
>;

/** Maps a getUserMedia (or other) failure to what the user is told. */
export function callProblemOf(error: unknown): MediaProblem {
  const name = (error as { name?: unknown } | null | undefined)?.name;
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
    case 'PermissionDeniedError':
      return 'permission-denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'no-device';
    case 'NotReadableError':
    case 'TrackStartError':
    // Chrome's word for a camera that would not start, most often one another app holds.
    case 'AbortError':
      return 'device-busy';
    default:
      return 'start-failed';
  }
}

/** Camera and microphone; without one of them, whichever there is (a missing device is not a reason to miss the call). */
export async function openMedia(getUserMedia: VideoCallEnvironment['getUserMedia']): Promise<MediaStream> {
  try {
    return await getUserMedia(MEDIA_CONSTRAINTS);
  } catch (error) {
    if (callProblemOf(error) !== 'no-device') throw error;
    for (const constraints of FALLBACK_MEDIA_CONSTRAINTS) {
      try {
        return await getUserMedia(constraints);
      } catch (fallbackError) {
        if (callProblemOf(fallbackError) !== 'no-device') throw fallbackError;
      }
    }
    throw error;
  }
}

export function stopStream(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** Stops a stream still being opened as soon as it is open; a failure to open it needs no answer. */
export function stopWhenOpen(media: Promise<MediaStream>) {
  media.then(stopStream, () => {});
}

/** What the person chose for their microphone and camera, applied to a stream's tracks. */
export function applyMediaChoices(
  stream: MediaStream | null,
  { microphoneOn, cameraOn }: { microphoneOn?: boolean; cameraOn?: boolean },
) {
  if (microphoneOn !== undefined)
    for (const track of stream?.getAudioTracks() ?? []) track.enabled = microphoneOn;
  if (cameraOn !== undefined) for (const track of stream?.getVideoTracks() ?? []) track.enabled = cameraOn;
}

/**
 * The camera and microphone of one call: opened once for the whole call, shared by every start
 * that needs it while it opens (the offer may come while the camera opened at Accept still opens).
 */
export class CallMedia {
  /** The open stream, once a start has taken it for the call. */
  stream: MediaStream | null = null;
  private opening: Promise<MediaStream> | null;

  constructor(
    private readonly open: () => Promise<MediaStream>,
    /** A camera already being opened for this call (at this person's Accept). */
    opening: Promise<MediaStream> | null = null,
  ) {
    this.opening = opening;
  }

  /**
   * The stream, opening it unless it is open or opening already; `adopt` runs once, when the
   * stream is taken for the call. Null when the start asking for it was superseded meanwhile
   * (`stillWanted`). A failure is not kept: the next start (Retry) asks again.
   */
  async ensure(
    adopt: (stream: MediaStream) => void,
    stillWanted: () => boolean,
  ): Promise<MediaStream | null> {
    if (!this.stream) {
      this.opening ??= this.open();
      const opening = this.opening;
      let stream: MediaStream;
      try {
        stream = await opening;
      } catch (error) {
        if (this.opening === opening) this.opening = null;
        throw error;
      }
      // The first start to get here takes the camera for the call; a stop meanwhile has turned it off.
      if (this.opening === opening) {
        this.opening = null;
        this.stream = stream;
        adopt(stream);
      }
    }
    return stillWanted() ? this.stream : null;
  }

  /** Turns the camera and microphone off, including one still opening. */
  stop() {
    stopStream(this.stream);
    this.stream = null;
    if (this.opening) stopWhenOpen(this.opening);
    this.opening = null;
  }
}
