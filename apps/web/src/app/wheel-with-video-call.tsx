import type { Announcement } from '@wheelmeet/contracts';
import { type ReactNode, Suspense, useCallback, useMemo, useState } from 'react';
import { DialogLoading } from '@/components/ui/dialog';
import type { CallAnnouncement } from '@/features/video/components/video-call-overlay';
import { type VideoCall, useVideoCall } from '@/features/video/hooks/use-video-call';
import type { WheelCallHooks } from '@/features/wheel/components/wheel-experience';
import { onDemand } from '@/lib/on-demand';

// The call's screen (and Radix's dialog under it) is needed only once a call starts: it is
// fetched when this person's match is revealed, as the call's engine is (use-video-call.ts).
const overlay = onDemand(() => import('@/features/video/components/video-call-overlay'));
const LoadedOverlay = overlay.component((module) => module.VideoCallOverlay);

/** Fetches the call's screen now; the unit tests do, as a browser has by the time a call starts. */
export const preloadVideoCallOverlay = overlay.preload;

/**
 * Puts the video call over a wheel screen: the wheel reports each match shown to this person
 * (`onMatchOffered`, the ICE servers are fetched), each match this person accepts
 * (`onMatchAccepted`, the camera gets ready) and each match both sides accepted (`onMatchReady`,
 * the call starts); the call takes it from there. The wheel's announcement shows over the call,
 * and the wheel knows a call is open (its closing screen waits). The two features meet only here.
 */
export function WheelWithVideoCall({ children }: { children: (call: WheelCallHooks) => ReactNode }) {
  const call = useVideoCall();
  const { onMatchReady, onMatchAccepted } = call;
  const onMatchOffered = useCallback<VideoCall['onMatchOffered']>(
    (match, me) => {
      void overlay.preload();
      call.onMatchOffered(match, me);
    },
    [call.onMatchOffered],
  );
  const inCall = call.state.phase !== 'idle';
  const [announcement, setAnnouncement] = useState<CallAnnouncement | null>(null);
  const onAnnouncementShown = useCallback(
    (shown: Announcement | null, dismiss: () => void) => setAnnouncement({ announcement: shown, dismiss }),
    [],
  );
  // Every step of a call's set-up re-renders this component; the wheel depends only on whether
  // a call is open, so it is kept as it is rather than re-rendered between those steps.
  const wheel = useMemo(
    () => children({ onMatchReady, onMatchAccepted, onMatchOffered, onAnnouncementShown, inCall }),
    [children, onMatchReady, onMatchAccepted, onMatchOffered, onAnnouncementShown, inCall],
  );
  // Once shown, the overlay stays mounted so that the end of a call goes through its dialog.
  const [shown, setShown] = useState(false);
  if (call.state.phase !== 'idle' && !shown) setShown(true);
  return (
    <>
      {wheel}
      {shown ? (
        <Suspense fallback={<DialogLoading />}>
          <LoadedOverlay call={call} announcement={announcement} />
        </Suspense>
      ) : null}
    </>
  );
}
