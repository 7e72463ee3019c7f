import { useQuery } from '@tanstack/react-query';
import type { OpenWheel } from '@wheelmeet/contracts';
import { Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { PageTitle } from '@/components/ui/page-title';
import { clearWheelAccessGrant, getWheelAccessGrant, saveWheelAccessGrant } from '@/lib/auth-storage';
import { onDemand } from '@/lib/on-demand';
import { wheelQuery } from '../api/get-wheel';
import { type WheelCallHooks, WheelExperience } from './wheel-experience';
import { WheelLoadingState } from './wheel-loading-state';

// Only a private wheel shows the access-code form: its form library stays out of the wheel's download.
const LockedWheelView = onDemand(() => import('./locked-wheel-view')).component(
  (module) => module.LockedWheelView,
);

export const WHEEL_LOAD_ERROR =
  'Could not fetch the wheel. It may not exist or you may not have permission to view it.';

interface WheelGateProps extends WheelCallHooks {
  wheelId: string;
  standalone?: boolean;
}

/**
 * Loads a wheel by id and opens it: at once when it is public, behind the access-code form
 * when it is private, or straight away with a grant this browser already holds.
 * Key it by wheel id so one wheel's unlocked state never leaks into another's.
 */
export function WheelGate({ wheelId, standalone = false, ...call }: WheelGateProps) {
  const navigate = useNavigate();
  const [grant, setGrant] = useState(() => getWheelAccessGrant(wheelId));
  // Unlocking answers with the open wheel; no need to fetch it again.
  const [unlocked, setUnlocked] = useState<OpenWheel | null>(null);
  const { data, isPending, isError } = useQuery({ ...wheelQuery(wheelId, grant), enabled: !unlocked });
  const staleGrant = Boolean(grant && data?.requiresAccessCode);

  useEffect(() => {
    // The server no longer honours the stored grant (expired, code changed): forget it.
    if (staleGrant) clearWheelAccessGrant(wheelId);
  }, [staleGrant, wheelId]);

  const open = unlocked ?? (data && !data.requiresAccessCode ? data : null);
  if (open) {
    return <WheelExperience wheel={open} accessGrant={grant} standalone={standalone} {...call} />;
  }
  if (isPending) return <WheelLoadingState />;
  if (!isError && data.requiresAccessCode) {
    return (
      <Suspense fallback={<LoadingState />}>
        <LockedWheelView
          wheel={data}
          onUnlocked={({ wheel, accessGrant }) => {
            saveWheelAccessGrant(wheel.id, accessGrant);
            setGrant(accessGrant);
            setUnlocked(wheel);
          }}
        />
      </Suspense>
    );
  }
  return (
    <div className="px-4 py-16 sm:px-6">
      <PageTitle title="Error" />
      <ErrorState
        headingLevel={standalone ? 2 : 1}
        message={WHEEL_LOAD_ERROR}
        action={<Button onClick={() => navigate('/')}>Return to Home</Button>}
      />
    </div>
  );
}
