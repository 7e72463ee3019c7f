import { type Announcement, CALL_ENDING_WARNING_MS } from '@wheelmeet/contracts';
import { Dialog as RadixDialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { AnnouncementBanner } from '@/components/event/announcement-banner';
import { SoundToggle } from '@/components/event/sound-toggle';
import { SAFETY_BUTTON_LABEL, SafetyDialogHost, type SafetyTarget } from '@/components/safety/safety-button';
import { Button } from '@/components/ui/button';
import { HIDES_TOASTS_ATTRIBUTE } from '@/components/ui/toast';
import { getStoredParticipant } from '@/lib/auth-storage';
import { useBeepWhen } from '@/lib/sounds';
import { canRetry } from '../hooks/call-reducer';
import { useElapsedSeconds, useRemoteCameraOff, useSecondsLeft } from '../hooks/use-call-clock';
import type { VideoCall } from '../hooks/use-video-call';
import { CallControls } from './call-controls';
import { CallHeader } from './call-header';
import { callMessage, ENDING_SOON_MESSAGE, LOCAL_VIDEO_FAILED_MESSAGE, moreMinutes } from './call-messages';
import { CallStage } from './call-stage';

/** The host's announcement the wheel has not had dismissed, shown over the call too (issue 35). */
export interface CallAnnouncement {
  announcement: Announcement | null;
  dismiss: () => void;
}

/**
 * The call as a modal dialog over the wheel: both videos, the connection's state, and the
 * controls. Escape and clicks outside do not hang up a running call; End call does.
 */
export function VideoCallOverlay({
  call,
  announcement = null,
}: {
  call: VideoCall;
  announcement?: CallAnnouncement | null;
}) {
  const { state } = call;
  const [localVideoFailed, setLocalVideoFailed] = useState(false);
  // Block or report the partner from the call (decision 016), with the participant's own token.
  const [token] = useState(() => getStoredParticipant()?.token ?? null);
  const [safetyTarget, setSafetyTarget] = useState<SafetyTarget | null>(null);
  const open = state.phase !== 'idle';
  const partner = state.partnerName ?? 'Your partner';
  const stopped = state.phase === 'ended' || state.phase === 'failed';
  const message = callMessage(state, partner);
  // From the call's first start by the server's clock (CallTimer), so a reload does not restart it.
  const elapsed = useElapsedSeconds(stopped ? null : (state.startedAt ?? state.connectedAt));
  const secondsLeft = useSecondsLeft(stopped ? null : state.endsAt);
  const endingSoon = secondsLeft !== null && secondsLeft * 1_000 <= CALL_ENDING_WARNING_MS;
  useBeepWhen(endingSoon);
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
          {/* The modal hides the wheel's banner from screen readers: the call's screen has its own. */}
          {announcement ? (
            <AnnouncementBanner announcement={announcement.announcement} onDismiss={announcement.dismiss} />
          ) : null}
          <CallHeader
            state={state}
            partner={partner}
            elapsed={elapsed}
            secondsLeft={secondsLeft}
            endingSoon={endingSoon}
          />

          <CallStage
            state={state}
            partner={partner}
            stopped={stopped}
            remoteCameraOff={remoteCameraOff}
            partnerMuted={partnerMuted}
            onLocalPlayFailed={setLocalVideoFailed}
          />

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
                {partner} would like {moreMinutes(state.lengthSeconds)}.
              </p>
            ) : null}
            {!stopped && state.extended ? <p className="text-slate-300">The call was extended.</p> : null}
          </div>

          <div className="flex flex-wrap items-center justify-center gap-3">
            <CallControls call={call} state={state} partner={partner} stopped={stopped} over={over} />
            <SoundToggle variant="ghost" className="text-slate-200 hover:bg-slate-800" />
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
