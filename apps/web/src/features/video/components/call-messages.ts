import { MATCH_EXPIRED_TEXTS } from '@wheelmeet/contracts';
import type { CallProblem, CallState } from '../hooks/call-reducer';

// Spec section 8.
export const START_FAILED_MESSAGE = 'Failed to start video call';
export const LOCAL_VIDEO_FAILED_MESSAGE = 'Failed to start local video';
export const RETRYING_MESSAGE = 'Retrying connection...';
export const RETRY_FAILED_MESSAGE = 'Failed to retry connection';

export const PERMISSION_DENIED_MESSAGE =
  'Camera and microphone access was denied. Allow access in your browser settings and try again.';
export const NO_DEVICE_MESSAGE = 'No camera or microphone was found. Connect one and try again.';
export const DEVICE_BUSY_MESSAGE =
  'Your camera or microphone is being used by another app. Close it and try again.';
export const PARTNER_LEFT_MESSAGE = 'Your partner left the call.';
/** The server ended the call for good (issue 33), without this screen hearing who hung up. */
export const CALL_OVER_MESSAGE = 'This call has ended.';
export const CONNECTION_LOST_MESSAGE = 'The connection was lost.';
export const TIME_UP_MESSAGE = "Time's up! You're back on the wheel for the next round.";
export const ENDING_SOON_MESSAGE = 'Less than 30 seconds left.';
export const BACK_TO_WHEEL_LABEL = 'Back to the wheel';
/**
 * The call could not start on the partner's side (CallFailed): most often a camera refused,
 * missing or busy, which is theirs to tell; the call goes on once they press Retry.
 */
export const partnerFailedMessage = (partner: string) =>
  `The call could not start on ${partner}'s side. Waiting for ${partner} to try again...`;
export const STARTING_MESSAGE = 'Starting video call...';

const PROBLEM_MESSAGES: Record<CallProblem, string> = {
  'start-failed': START_FAILED_MESSAGE,
  'permission-denied': PERMISSION_DENIED_MESSAGE,
  'no-device': NO_DEVICE_MESSAGE,
  'device-busy': DEVICE_BUSY_MESSAGE,
  'partner-left': PARTNER_LEFT_MESSAGE,
  'match-expired': MATCH_EXPIRED_TEXTS.expired,
  'match-ended': MATCH_EXPIRED_TEXTS.ended,
  'time-up': TIME_UP_MESSAGE,
  'call-ended': CALL_OVER_MESSAGE,
  'connection-lost': CONNECTION_LOST_MESSAGE,
};

// The call's toggles keep their names; aria-pressed says whether they are on (issue 33).
export const MUTE_LABEL = 'Mute microphone';
export const CAMERA_OFF_LABEL = 'Turn off camera';

// The connection in words, instead of WebRTC's own states (new, connecting, closed...).
export const CONNECTING_LABEL = 'Connecting…';
export const CONNECTED_LABEL = 'Connected';
export const RECONNECTING_LABEL = 'Reconnecting…';
export const CALL_ENDED_LABEL = 'Call ended';
/** On the partner's tile when no picture comes from them. */
export const REMOTE_CAMERA_OFF_MESSAGE = 'Camera off';
/** On the camera button and the preview of a device without a camera: the call runs on sound. */
export const NO_CAMERA_LABEL = 'No camera';

export type ConnectionLabel =
  | typeof CONNECTING_LABEL
  | typeof CONNECTED_LABEL
  | typeof RECONNECTING_LABEL
  | typeof CALL_ENDED_LABEL;

/** What the header says about the connection. */
export function connectionLabel(state: CallState): ConnectionLabel {
  if (state.phase === 'ended' || state.phase === 'failed') return CALL_ENDED_LABEL;
  // After Retry: the offerer calls again, the answerer waits for that new offer.
  if (state.phase === 'retrying' || state.phase === 'waiting' || state.peerState === 'disconnected')
    return RECONNECTING_LABEL;
  if (state.peerState === 'connected') return CONNECTED_LABEL;
  if (state.peerState === 'closed' || state.peerState === 'failed') return CALL_ENDED_LABEL;
  return CONNECTING_LABEL;
}

/** What to tell the user, and whether it is an error (announced assertively). */
export function callMessage(
  state: CallState,
  partner: string,
): { text: string; detail?: string; alert: boolean } | null {
  switch (state.phase) {
    case 'starting':
      return { text: STARTING_MESSAGE, alert: false };
    case 'retrying':
      return { text: RETRYING_MESSAGE, alert: false };
    case 'waiting':
      return {
        text: state.partnerFailed ? partnerFailedMessage(partner) : `Waiting for ${partner} to call again...`,
        alert: false,
      };
    case 'ended':
      return { text: PROBLEM_MESSAGES[state.problem ?? 'connection-lost'], alert: false };
    case 'failed': {
      const problem = state.problem ?? 'start-failed';
      if (!state.retryFailed) return { text: PROBLEM_MESSAGES[problem], alert: true };
      // After a failed retry the spec's message leads; a cause the user can fix follows.
      return {
        text: RETRY_FAILED_MESSAGE,
        detail: problem === 'start-failed' ? undefined : PROBLEM_MESSAGES[problem],
        alert: true,
      };
    }
    default:
      return null;
  }
}

/** An extension's length as people say it: '1 more minute', '5 more minutes'. */
export function moreMinutes(lengthSeconds: number): string {
  const minutes = Math.round(lengthSeconds / 60);
  return `${minutes} more ${minutes === 1 ? 'minute' : 'minutes'}`;
}
