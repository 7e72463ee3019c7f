import type { ReactNode } from 'react';
import { VideoCallOverlay } from '@/features/video/components/video-call-overlay';
import { useVideoCall } from '@/features/video/hooks/use-video-call';
import type { MatchReadyHandler } from '@/features/wheel/components/wheel-experience';

/**
 * Puts the video call over a wheel screen: the wheel reports each match both sides accepted
 * through `onMatchReady`, the call takes it from there. The two features meet only here.
 */
export function WheelWithVideoCall({
  children,
}: {
  children: (onMatchReady: MatchReadyHandler) => ReactNode;
}) {
  const call = useVideoCall();
  return (
    <>
      {children(call.onMatchReady)}
      <VideoCallOverlay call={call} />
    </>
  );
}
