import { CALL_ENDING_WARNING_MS, MATCH_EXPIRED_TEXTS } from '@wheelmeet/contracts';
import { Dialog as RadixDialog } from 'radix-ui';
import { type ReactNode, useEffect, useState } from 'react';
import { SAFETY_BUTTON_LABEL, SafetyDialogHost, type SafetyTarget } from '@/components/safety/safety-button';
import { Button } from '@/components/ui/button';
import { HIDES_TOASTS_ATTRIBUTE } from '@/components/ui/toast';
import { getStoredParticipant } from '@/lib/auth-storage';
import { cn } from '@/lib/cn';
import { type CallProblem, type CallState, canRetry } from '../hooks/call-reducer';
import {
  formatCallDuration,
  useElapsedSeconds,
  useRemoteCameraOff,
  useSecondsLeft,
} from '../hooks/use-call-clock';
import type { VideoCall } from '../hooks/use-video-call';
import { CallVideo } from './call-video';

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

type ConnectionLabel =
  | typeof CONNECTING_LABEL
  | typeof CONNECTED_LABEL
  | typeof RECONNECTING_LABEL
  | typeof CALL_ENDED_LABEL;

const LABEL_DOT: Record<ConnectionLabel, string> = {
  [CONNECTING_LABEL]: 'bg-amber-400 motion-safe:animate-pulse',
  [CONNECTED_LABEL]: 'bg-emerald-500',
  [RECONNECTING_LABEL]: 'bg-amber-400 motion-safe:animate-pulse',
  [CALL_ENDED_LABEL]: 'bg-slate-400',
};

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
function callMessage(
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

/**
 * The call as a modal dialog over the wheel: both videos, the connection's state, and the
 * controls. Escape and clicks outside do not hang up a running call; End call does.
 */
export function VideoCallOverlay({ call }: { call: VideoCall }) {
  const { state } = call;
  const [localVideoFailed, setLocalVideoFailed] = useState(false);
  // Block or report the partner from the call (decision 016), with the participant's own token.
  const [token] = useState(() => getStoredParticipant()?.token ?? null);
  const [safetyTarget, setSafetyTarget] = useState<SafetyTarget | null>(null);
  const open = state.phase !== 'idle';
  const partner = state.partnerName ?? 'Your partner';
  const stopped = state.phase === 'ended' || state.phase === 'failed';
  const message = callMessage(state, partner);
  const label = connectionLabel(state);
  // From the call's first start by the server's clock (CallTimer), so a reload does not restart it.
  const elapsed = useElapsedSeconds(stopped ? null : (state.startedAt ?? state.connectedAt));
  const secondsLeft = useSecondsLeft(stopped ? null : state.endsAt);
  const endingSoon = secondsLeft !== null && secondsLeft * 1_000 <= CALL_ENDING_WARNING_MS;
  // Ended for good (a hang-up, time up, a block or a removal): retrying cannot bring it back.
  const over = stopped && !canRetry(state);
  const noPictureArrives = useRemoteCameraOff(
    state.remoteStream,
    !stopped && (state.peerState === 'connected' || state.peerState === 'disconnected'),
  );
  // The partner said so (MediaStateChanged): no need to wait for the picture to stop.
  const remoteCameraOff = noPictureArrives || (state.phase === 'active' && !state.partnerCameraOn);
  const partnerMuted = !stopped && !state.partnerMicrophoneOn;

  // A new stream gets a fresh chance to play.
  useEffect(() => {
    if (!state.localStream) setLocalVideoFailed(false);
  }, [state.localStream]);

  return (
    <RadixDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) call.endCall();
      }}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-[60] bg-slate-950/80" />
        <RadixDialog.Content
          aria-describedby={undefined}
          onEscapeKeyDown={(event) => {
            if (!stopped) event.preventDefault();
          }}
          onInteractOutside={(event) => event.preventDefault()}
          {...{ [HIDES_TOASTS_ATTRIBUTE]: '' }}
          className="fixed inset-2 z-[60] flex flex-col gap-4 overflow-y-auto rounded-2xl bg-slate-900 p-4 text-white shadow-xl focus:outline-none sm:inset-6 sm:p-6"
        >
          <div className="flex flex-wrap items-center justify-between gap-3">
            <RadixDialog.Title className="min-w-0 text-xl font-semibold break-words">
              Video call with {partner}
            </RadixDialog.Title>
            <div className="flex items-center gap-2 text-sm">
              <p role="status" className="inline-flex items-center gap-2 rounded-full bg-slate-800 px-3 py-1">
                <span aria-hidden="true" className={cn('size-2.5 rounded-full', LABEL_DOT[label])} />
                <span data-testid="call-state" data-peer-state={state.peerState}>
                  {label}
                </span>
              </p>
              {/* Not a live region: a clock announced every second would drown everything else. */}
              {elapsed !== null ? (
                <p className="rounded-full bg-slate-800 px-3 py-1 font-mono tabular-nums">
                  <span className="sr-only">Call time </span>
                  <span data-testid="call-timer">{formatCallDuration(elapsed)}</span>
                </p>
              ) : null}
              {secondsLeft !== null ? (
                <p
                  className={cn(
                    'rounded-full px-3 py-1 font-mono tabular-nums',
                    endingSoon ? 'bg-amber-400 text-slate-950' : 'bg-slate-800',
                  )}
                >
                  <span data-testid="call-time-left">{formatCallDuration(secondsLeft)}</span>
                  <span> left</span>
                </p>
              ) : null}
            </div>
          </div>

          <div className="relative min-h-64 flex-1 overflow-hidden rounded-xl bg-slate-950">
            <CallVideo stream={state.remoteStream} label={`${partner} video`} testId="remote-video" />
            {remoteCameraOff ? (
              <div
                data-testid="remote-camera-off"
                className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-slate-800 p-4 text-center"
              >
                <span
                  aria-hidden="true"
                  className="flex size-20 items-center justify-center rounded-full bg-indigo-600 text-3xl font-semibold"
                >
                  {partner.charAt(0).toUpperCase()}
                </span>
                <p className="text-lg font-semibold break-words">{partner}</p>
                <p className="text-slate-300">{REMOTE_CAMERA_OFF_MESSAGE}</p>
              </div>
            ) : state.remoteStream ? (
              <p className="absolute top-3 left-3 max-w-[60%] truncate rounded-md bg-slate-900/70 px-2 py-0.5 text-sm">
                {partner}
              </p>
            ) : (
              <p className="absolute inset-0 flex items-center justify-center p-4 text-center text-slate-300">
                {stopped ? 'No video' : `Waiting for ${partner}'s video...`}
              </p>
            )}
            {partnerMuted ? (
              <p
                data-testid="remote-muted"
                className="absolute bottom-3 left-3 max-w-[45%] truncate rounded-md bg-slate-900/80 px-2 py-0.5 text-sm"
              >
                {partner} is muted
              </p>
            ) : null}
            {/* Once the call is over there is no picture of one's own to show: no empty frame either. */}
            {stopped && !state.localStream ? null : (
              <div className="absolute right-3 bottom-3 aspect-video w-32 overflow-hidden rounded-lg ring-2 ring-white/60 sm:w-48">
                <CallVideo
                  stream={state.localStream}
                  label="Your video"
                  testId="local-video"
                  muted
                  onPlayFailed={setLocalVideoFailed}
                  className="-scale-x-100"
                />
                {state.localStream && !state.cameraOn ? (
                  <p className="absolute inset-0 flex items-center justify-center bg-slate-800 text-xs">
                    {state.hasCamera ? 'Camera off' : NO_CAMERA_LABEL}
                  </p>
                ) : null}
              </div>
            )}
          </div>

          <div aria-live="polite" className="min-h-6 space-y-1 text-center">
            {message ? (
              <p
                role={message.alert ? 'alert' : undefined}
                className={message.alert ? 'text-red-300' : undefined}
              >
                {message.text}
              </p>
            ) : null}
            {message?.detail ? <p className="text-red-300">{message.detail}</p> : null}
            {localVideoFailed ? <p className="text-amber-300">{LOCAL_VIDEO_FAILED_MESSAGE}</p> : null}
            {endingSoon ? <p className="font-semibold text-amber-300">{ENDING_SOON_MESSAGE}</p> : null}
            {!stopped && state.extension === 'asked-by-partner' && state.lengthSeconds ? (
              <p>
                {partner} would like {Math.round(state.lengthSeconds / 60)} more minutes.
              </p>
            ) : null}
            {!stopped && state.extended ? <p className="text-slate-300">The call was extended.</p> : null}
          </div>

          <div className="flex flex-wrap items-center justify-center gap-3">
            {over ? (
              <Button onClick={call.endCall}>{BACK_TO_WHEEL_LABEL}</Button>
            ) : stopped ? (
              <>
                <Button onClick={call.retry}>Retry</Button>
                <Button variant="secondary" onClick={call.endCall}>
                  Close
                </Button>
              </>
            ) : (
              <>
                <ToggleButton
                  label={MUTE_LABEL}
                  pressed={!state.microphoneOn}
                  onClick={call.toggleMicrophone}
                  icon={state.microphoneOn ? <MicrophoneIcon /> : <MicrophoneOffIcon />}
                />
                <ToggleButton
                  label={state.hasCamera ? CAMERA_OFF_LABEL : NO_CAMERA_LABEL}
                  pressed={state.hasCamera && !state.cameraOn}
                  disabled={!state.hasCamera}
                  onClick={call.toggleCamera}
                  icon={state.hasCamera && state.cameraOn ? <CameraIcon /> : <CameraOffIcon />}
                />
                {state.endsAt !== null && !state.extended && state.lengthSeconds ? (
                  <Button
                    variant="secondary"
                    disabled={state.extension === 'asked-by-me'}
                    onClick={call.extendCall}
                  >
                    {state.extension === 'asked-by-me'
                      ? `Waiting for ${partner} to agree…`
                      : state.extension === 'asked-by-partner'
                        ? 'Agree to extend'
                        : `Ask for ${Math.round(state.lengthSeconds / 60)} more minutes`}
                  </Button>
                ) : null}
                <Button className="bg-red-600 hover:bg-red-700" onClick={call.endCall}>
                  End call
                </Button>
              </>
            )}
            {token && state.matchId ? (
              <Button
                variant="ghost"
                className="text-slate-200 hover:bg-slate-800"
                onClick={() =>
                  state.matchId && setSafetyTarget({ matchId: state.matchId, partnerName: partner })
                }
              >
                {SAFETY_BUTTON_LABEL}
              </Button>
            ) : null}
          </div>
          {token ? (
            <SafetyDialogHost
              token={token}
              target={safetyTarget}
              onClose={() => setSafetyTarget(null)}
              className="z-[70]"
            />
          ) : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/**
 * A round icon button for one of the call's toggles. Its name never changes: `pressed` says
 * whether what it names is in force (aria-pressed), and the button turns light when it is.
 */
function ToggleButton({
  label,
  pressed,
  disabled = false,
  onClick,
  icon,
}: {
  label: string;
  pressed: boolean;
  disabled?: boolean;
  onClick: () => void;
  icon: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={pressed}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className={cn(
        'inline-flex size-12 items-center justify-center rounded-full transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
        'disabled:cursor-not-allowed disabled:opacity-60',
        pressed
          ? 'bg-white text-slate-900 ring-2 ring-red-500 hover:bg-slate-200'
          : 'bg-slate-700 text-white hover:bg-slate-600',
      )}
    >
      {icon}
    </button>
  );
}

/** The icons' shared frame: 24 × 24, stroked in the text colour, hidden from assistive technology. */
function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      className="size-6"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

const MICROPHONE = (
  <>
    <rect x="9" y="2" width="6" height="12" rx="3" />
    <path d="M5 10v1a7 7 0 0 0 14 0v-1" />
    <path d="M12 18v4" />
  </>
);
const CAMERA = (
  <>
    <rect x="2" y="6" width="14" height="12" rx="2" />
    <path d="m16 10 6-4v12l-6-4z" />
  </>
);
const SLASH = <path d="M3 3l18 18" />;

const MicrophoneIcon = () => <Icon>{MICROPHONE}</Icon>;
const MicrophoneOffIcon = () => (
  <Icon>
    {MICROPHONE}
    {SLASH}
  </Icon>
);
const CameraIcon = () => <Icon>{CAMERA}</Icon>;
const CameraOffIcon = () => (
  <Icon>
    {CAMERA}
    {SLASH}
  </Icon>
);
