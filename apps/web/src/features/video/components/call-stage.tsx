import type { CallState } from '../hooks/call-reducer';
import { NO_CAMERA_LABEL, REMOTE_CAMERA_OFF_MESSAGE } from './call-messages';
import { CallVideo } from './call-video';

/**
 * The partner's video, filling the stage, with this person's own in a corner: 'Camera off' with
 * the partner's initial when no picture comes from them, and 'muted' when they said so.
 */
export function CallStage({
  state,
  partner,
  stopped,
  remoteCameraOff,
  partnerMuted,
  onLocalPlayFailed,
}: {
  state: CallState;
  partner: string;
  stopped: boolean;
  remoteCameraOff: boolean;
  partnerMuted: boolean;
  onLocalPlayFailed: (failed: boolean) => void;
}) {
  return (
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
            onPlayFailed={onLocalPlayFailed}
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
  );
}
