import { createContext, useContext } from 'react';
import type { RealtimeTimers } from '@/lib/realtime-client';
import { getIceServers } from '../api/get-ice-servers';

/**
 * Everything a call needs from the browser and the server besides the hub. The app uses the
 * browser's own; tests provide fakes through VideoCallEnvironmentContext.
 */
export interface VideoCallEnvironment {
  createPeerConnection(configuration: RTCConfiguration): RTCPeerConnection;
  getUserMedia(constraints: MediaStreamConstraints): Promise<MediaStream>;
  /** ICE servers (STUN, and TURN with short-lived credentials) for this participant. */
  loadIceServers(participantToken: string): Promise<RTCIceServer[]>;
  timers: RealtimeTimers;
  /** Runs `callback` once the task under way is over: the browser's next turn, or at once in tests. */
  afterTask(callback: () => void): void;
  /** The clock of the call timer, in ms. */
  now(): number;
}

export const browserVideoCallEnvironment: VideoCallEnvironment = {
  createPeerConnection: (configuration) => new RTCPeerConnection(configuration),
  getUserMedia: (constraints) => {
    // Missing on insecure origins and in old browsers.
    const mediaDevices = globalThis.navigator?.mediaDevices;
    if (!mediaDevices?.getUserMedia) {
      return Promise.reject(new DOMException('Camera access is not available here.', 'NotSupportedError'));
    }
    return mediaDevices.getUserMedia(constraints);
  },
  loadIceServers: getIceServers,
  timers: {
    // Looked up at call time so fake timers installed later still apply.
    setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  },
  afterTask: (callback) => {
    globalThis.setTimeout(callback, 0);
  },
  now: () => Date.now(),
};

export const VideoCallEnvironmentContext = createContext<VideoCallEnvironment>(browserVideoCallEnvironment);

export function useVideoCallEnvironment(): VideoCallEnvironment {
  return useContext(VideoCallEnvironmentContext);
}
