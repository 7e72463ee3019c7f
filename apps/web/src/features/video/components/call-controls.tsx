import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { LineIcon } from '@/components/ui/line-icon';
import { cn } from '@/lib/cn';
import type { CallState } from '../hooks/call-reducer';
import type { VideoCall } from '../hooks/use-video-call';
import {
  BACK_TO_WHEEL_LABEL,
  CAMERA_OFF_LABEL,
  MUTE_LABEL,
  moreMinutes,
  NO_CAMERA_LABEL,
} from './call-messages';

/**
 * The call's buttons: Back to the wheel once it is over for good, Retry and Close once it
 * stopped, and while it runs the toggles, the ask to extend and End call.
 */
export function CallControls({
  call,
  state,
  partner,
  stopped,
  over,
}: {
  call: VideoCall;
  state: CallState;
  partner: string;
  stopped: boolean;
  over: boolean;
}) {
  if (over) return <Button onClick={call.endCall}>{BACK_TO_WHEEL_LABEL}</Button>;
  if (stopped) {
    return (
      <>
        <Button onClick={call.retry}>Retry</Button>
        <Button variant="secondary" onClick={call.endCall}>
          Close
        </Button>
      </>
    );
  }
  return (
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
        <Button variant="secondary" disabled={state.extension === 'asked-by-me'} onClick={call.extendCall}>
          {state.extension === 'asked-by-me'
            ? `Waiting for ${partner} to agree…`
            : state.extension === 'asked-by-partner'
              ? 'Agree to extend'
              : `Ask for ${moreMinutes(state.lengthSeconds)}`}
        </Button>
      ) : null}
      <Button className="bg-red-600 hover:bg-red-700" onClick={call.endCall}>
        End call
      </Button>
    </>
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

const MicrophoneIcon = () => <LineIcon>{MICROPHONE}</LineIcon>;
const MicrophoneOffIcon = () => (
  <LineIcon>
    {MICROPHONE}
    {SLASH}
  </LineIcon>
);
const CameraIcon = () => <LineIcon>{CAMERA}</LineIcon>;
const CameraOffIcon = () => (
  <LineIcon>
    {CAMERA}
    {SLASH}
  </LineIcon>
);
