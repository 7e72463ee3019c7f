import { vi } from 'vitest';
import type { VideoCallEnvironment } from '@/features/video/hooks/video-call-environment';
import type { RealtimeTimers } from '@/lib/realtime-client';
import { FakeHub } from './fake-hub';

type Candidate = Pick<RTCIceCandidateInit, 'candidate' | 'sdpMid' | 'sdpMLineIndex' | 'usernameFragment'>;

/** Stands in for RTCPeerConnection: records what the call does and lets a test drive its events. */
export class FakePeerConnection {
  connectionState: RTCPeerConnectionState = 'new';
  signalingState: RTCSignalingState = 'stable';
  localDescription: RTCSessionDescriptionInit | null = null;
  remoteDescription: RTCSessionDescriptionInit | null = null;
  onicecandidate: ((event: { candidate: Candidate | null }) => void) | null = null;
  ontrack: ((event: { track: MediaStreamTrack; streams: MediaStream[] }) => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  readonly transceivers: FakeTransceiver[] = [];
  readonly addedCandidates: RTCIceCandidateInit[] = [];
  /** Every local description set, in order (a provisional answer, then the final one). */
  readonly localDescriptions: RTCSessionDescriptionInit[] = [];
  /** Makes the next setLocalDescription of this type fail, as a browser may. */
  failNextLocal: RTCSdpType | null = null;
  readonly close = vi.fn(() => {
    this.connectionState = 'closed';
    this.signalingState = 'closed';
  });

  constructor(readonly configuration: RTCConfiguration) {}

  /** What this side sends: the tracks on its senders. */
  get tracks(): MediaStreamTrack[] {
    return this.transceivers.flatMap((transceiver) =>
      transceiver.sender.track ? [transceiver.sender.track] : [],
    );
  }

  addTransceiver(kind: 'audio' | 'video', init: RTCRtpTransceiverInit = {}): FakeTransceiver {
    const transceiver = new FakeTransceiver(kind, init.direction ?? 'sendrecv', init.streams ?? []);
    this.transceivers.push(transceiver);
    return transceiver;
  }

  getTransceivers(): FakeTransceiver[] {
    return [...this.transceivers];
  }

  async createOffer(): Promise<RTCSessionDescriptionInit> {
    return { type: 'offer', sdp: 'v=0 fake-offer' };
  }

  async createAnswer(): Promise<RTCSessionDescriptionInit> {
    return { type: 'answer', sdp: 'v=0 fake-answer' };
  }

  async setLocalDescription(description: RTCSessionDescriptionInit): Promise<void> {
    if (this.failNextLocal === description.type) {
      this.failNextLocal = null;
      throw new DOMException(`Failed to set local ${description.type}`, 'InvalidStateError');
    }
    this.localDescription = description;
    this.localDescriptions.push(description);
    this.signalingState =
      description.type === 'offer'
        ? 'have-local-offer'
        : description.type === 'pranswer'
          ? 'have-local-pranswer'
          : 'stable';
  }

  async setRemoteDescription(description: RTCSessionDescriptionInit): Promise<void> {
    this.remoteDescription = description;
    // A remote offer brings its m-lines: one audio and one video, received only until this side says otherwise.
    if (description.type === 'offer' && this.transceivers.length === 0) {
      this.addTransceiver('audio', { direction: 'recvonly' });
      this.addTransceiver('video', { direction: 'recvonly' });
    }
    this.signalingState = description.type === 'offer' ? 'have-remote-offer' : 'stable';
  }

  async addIceCandidate(candidate: RTCIceCandidateInit): Promise<void> {
    this.addedCandidates.push(candidate);
  }

  /** The browser found a local candidate. */
  emitCandidate(candidate: Candidate | null): void {
    this.onicecandidate?.({ candidate });
  }

  /** The partner's media arrived. */
  emitTrack(stream: MediaStream): void {
    const [track] = stream.getTracks();
    if (track) this.ontrack?.({ track, streams: [stream] });
  }

  setConnectionState(state: RTCPeerConnectionState): void {
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }
}

/** Stands in for RTCRtpTransceiver: its direction, and the track and streams its sender sends. */
export class FakeTransceiver {
  readonly receiver: { track: { kind: 'audio' | 'video' } };
  readonly sender: {
    track: MediaStreamTrack | null;
    streams: MediaStream[];
    replaceTrack: (track: MediaStreamTrack | null) => Promise<void>;
    setStreams: (...streams: MediaStream[]) => void;
  };

  constructor(
    readonly kind: 'audio' | 'video',
    public direction: RTCRtpTransceiverDirection,
    streams: MediaStream[],
  ) {
    this.receiver = { track: { kind } };
    const sender: FakeTransceiver['sender'] = {
      track: null,
      streams,
      replaceTrack: async (track) => {
        sender.track = track;
      },
      setStreams: (...replacement) => {
        sender.streams = replacement;
      },
    };
    this.sender = sender;
  }
}

export interface FakeTrack extends EventTarget {
  kind: 'audio' | 'video';
  enabled: boolean;
  readyState: 'live' | 'ended';
  /** No media is arriving (a remote track whose sender stopped sending). */
  muted: boolean;
  stop: ReturnType<typeof vi.fn>;
  /** The browser mutes or unmutes the track, with its 'mute' or 'unmute' event. */
  setMuted(muted: boolean): void;
  /** The track ends for good, with its 'ended' event. */
  end(): void;
}

function fakeTrack(kind: 'audio' | 'video'): FakeTrack {
  const track: FakeTrack = Object.assign(new EventTarget(), {
    kind,
    enabled: true,
    readyState: 'live' as const,
    muted: false,
    stop: vi.fn(() => {
      track.readyState = 'ended';
    }),
    setMuted(muted: boolean) {
      track.muted = muted;
      track.dispatchEvent(new Event(muted ? 'mute' : 'unmute'));
    },
    end() {
      track.readyState = 'ended';
      track.dispatchEvent(new Event('ended'));
    },
  });
  return track;
}

/** happy-dom's MediaStream (so a <video> accepts it) with the getTracks() it lacks. */
class FakeMediaStream extends MediaStream {
  override getTracks(): MediaStreamTrack[] {
    return [...this.getAudioTracks(), ...this.getVideoTracks()];
  }
}

/** A camera-and-microphone stream with fake tracks; `video: false` gives a microphone only. */
export function createFakeStream({ video: withVideo = true }: { video?: boolean } = {}) {
  const audio = fakeTrack('audio');
  const video = fakeTrack('video');
  const tracks = withVideo ? [audio, video] : [audio];
  const stream: MediaStream = new FakeMediaStream(tracks as unknown as MediaStreamTrack[]);
  return { stream, audio, video };
}

/** Timers that run only when the test says so. */
export class ManualTimers implements RealtimeTimers {
  private next = 1;
  private readonly pending = new Map<number, { callback: () => void; ms: number }>();

  setTimeout(callback: () => void, ms: number): unknown {
    const handle = this.next++;
    this.pending.set(handle, { callback, ms });
    return handle;
  }

  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }

  /** Delays of the timers still waiting. */
  get delays(): number[] {
    return [...this.pending.values()].map((timer) => timer.ms);
  }

  /** Runs every timer that is due now (all of them: time is not modelled beyond order). */
  runAll(): void {
    const due = [...this.pending.entries()];
    this.pending.clear();
    for (const [, timer] of due) timer.callback();
  }
}

/**
 * A video-call environment of fakes: every peer connection and stream it hands out is kept, and
 * getUserMedia can be made to fail.
 */
export function createFakeCallEnvironment() {
  const peers: FakePeerConnection[] = [];
  const streams: ReturnType<typeof createFakeStream>[] = [];
  const timers = new ManualTimers();
  const getUserMedia = vi.fn(async (constraints: MediaStreamConstraints) => {
    const media = createFakeStream({ video: Boolean(constraints.video) });
    streams.push(media);
    return media.stream;
  });
  const loadIceServers = vi.fn(
    async (_token: string): Promise<RTCIceServer[]> => [{ urls: ['stun:stun.example.org:3478'] }],
  );
  /** The call timer's clock: tests move `clock.now` forward by hand. */
  const clock = { now: 0 };
  const environment: VideoCallEnvironment = {
    now: () => clock.now,
    // The screen follows each change at once, so a test reads it right after acting.
    afterTask: (callback) => callback(),
    createPeerConnection: (configuration) => {
      const pc = new FakePeerConnection(configuration);
      peers.push(pc);
      return pc as unknown as RTCPeerConnection;
    },
    getUserMedia,
    loadIceServers,
    timers,
  };
  return {
    environment,
    peers,
    streams,
    timers,
    clock,
    getUserMedia,
    loadIceServers,
    /** The most recent peer connection. */
    get pc(): FakePeerConnection {
      const pc = peers.at(-1);
      if (!pc) throw new Error('No peer connection was created yet.');
      return pc;
    },
  };
}

/**
 * A hub that acknowledges a call's signalling (offer, answer, ICE candidates, hang-up) and a
 * real-time client already connected to it with the participant's token.
 */
export function createSignallingHub() {
  const hub = new FakeHub();
  const client = hub.client();
  client.connect('participant-token');
  for (const event of [
    'SendOffer',
    'PrepareOffer',
    'SendAnswer',
    'SendIceCandidate',
    'EndCall',
    'RejoinCall',
    'FailCall',
    'SendMediaState',
  ] as const) {
    hub.handle(event, () => ({ data: null }));
  }
  return { hub, client };
}

/** Lets every pending promise callback run (all fakes answer in microtasks). */
export function flushPromises(): Promise<void> {
  return new Promise((resolve) => globalThis.setTimeout(resolve, 0));
}
