import type { Match } from '@wheelmeet/contracts';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useRealtimeClient } from '@/lib/realtime-client';
import type { CallController, CallParticipant } from './call-controller';
import type { CallState } from './call-reducer';
import { createLazyCallController } from './lazy-call-controller';
import { useVideoCallEnvironment, type VideoCallEnvironment } from './video-call-environment';

/** What the end-to-end tests read: the peer connection's state, nothing else (no media, SDP or tokens). */
export interface WheelmeetCallTestHook {
  connectionState: () => RTCPeerConnectionState;
}

declare global {
  interface Window {
    /**
     * TEST HOOK, present in development and production alike: Playwright polls
     * `window.__wheelmeetCall.connectionState()` to see the call connect through real WebRTC.
     */
    __wheelmeetCall?: WheelmeetCallTestHook;
  }
}

function exposeTestHook(controller: CallController): () => void {
  const hook: WheelmeetCallTestHook = { connectionState: () => controller.connectionState() };
  window.__wheelmeetCall = hook;
  return () => {
    if (window.__wheelmeetCall === hook) delete window.__wheelmeetCall;
  };
}

/**
 * Tells React of the call's changes once the task that made them is over. A call's set-up is a
 * chain of WebRTC steps (the peer connection, then the offer or the answer), and React renders
 * an external store's change at once, even in the middle of that chain: the call's screen was
 * drawn before each side created its peer connection, holding it up by about 30 ms on each
 * side (bench:video). Now the WebRTC step is under way while React draws, and the changes of
 * one task make one render.
 */
function notifiedAfterTheTask(
  subscribe: CallController['subscribe'],
  afterTask: VideoCallEnvironment['afterTask'],
): CallController['subscribe'] {
  return (listener) => {
    let scheduled = false;
    let subscribed = true;
    const stop = subscribe(() => {
      if (scheduled) return;
      scheduled = true;
      afterTask(() => {
        scheduled = false;
        if (subscribed) listener();
      });
    });
    return () => {
      subscribed = false;
      stop();
    };
  };
}

export interface VideoCall {
  state: CallState;
  /** Give it to the wheel: called once per match when both sides have accepted. */
  onMatchReady: (match: Match, me: CallParticipant) => void;
  /** Give it to the wheel: called when this person accepts a match, to get the camera ready. */
  onMatchAccepted: (match: Match, me: CallParticipant) => void;
  onMatchOffered: (match: Match, me: CallParticipant) => void;
  toggleMicrophone: () => void;
  toggleCamera: () => void;
  endCall: () => void;
  extendCall: () => void;
  retry: () => void;
}

/**
 * The video call of one screen: listens to the hub's call events while mounted, and starts a
 * call when a match is ready (as the offerer) or an offer arrives (as the answerer). If the
 * call's code cannot be fetched when a call needs it, the page's error boundary says so and
 * offers a reload (which brings the match back from the wheel's snapshot).
 */
export function useVideoCall(): VideoCall {
  const client = useRealtimeClient();
  const environment = useVideoCallEnvironment();
  const [unavailable, setUnavailable] = useState<{ error: unknown } | null>(null);
  const [controller] = useState(() =>
    createLazyCallController({ client, environment, onUnavailable: (error) => setUnavailable({ error }) }),
  );

  useEffect(() => controller.attach(), [controller]);
  useEffect(() => exposeTestHook(controller), [controller]);

  const [subscribe] = useState(() => notifiedAfterTheTask(controller.subscribe, environment.afterTask));
  const state = useSyncExternalStore(subscribe, controller.getState, controller.getState);
  const call = useMemo(
    () => ({
      state,
      onMatchReady: controller.matchReady,
      onMatchAccepted: controller.acceptedByMe,
      onMatchOffered: controller.matchOffered,
      toggleMicrophone: controller.toggleMicrophone,
      toggleCamera: controller.toggleCamera,
      endCall: controller.endCall,
      extendCall: controller.extendCall,
      retry: controller.retry,
    }),
    [state, controller],
  );
  if (unavailable) throw unavailable.error;
  return call;
}
