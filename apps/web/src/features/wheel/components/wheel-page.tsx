import { useQuery } from '@tanstack/react-query';
import type { OpenWheel } from '@wheelmeet/contracts';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { PageTitle } from '@/components/ui/page-title';
import { wheelQuery } from '../api/get-wheel';
import { LockedWheelView } from './locked-wheel-view';
import { OpenWheelView } from './open-wheel-view';

export const WHEEL_LOAD_ERROR =
  'Could not fetch the wheel. It may not exist or you may not have permission to view it.';

/** `/wheel/:wheelId`: a wheel by id, locked behind its access code when it has one. */
export function WheelPage() {
  const { wheelId = '' } = useParams();
  return <WheelById key={wheelId} wheelId={wheelId} />;
}

// Keyed by id so an unlocked wheel never leaks into another wheel's page.
function WheelById({ wheelId }: { wheelId: string }) {
  const navigate = useNavigate();
  const { data, isPending, isError } = useQuery(wheelQuery(wheelId));
  // Unlocking answers with the open wheel; a refetch of the GET would still say "locked".
  const [unlocked, setUnlocked] = useState<OpenWheel | null>(null);

  if (unlocked) return <OpenWheelView wheel={unlocked} />;
  if (isPending) return <LoadingState />;
  if (isError) {
    return (
      <div className="px-4 py-16 sm:px-6">
        <PageTitle title="Error" />
        <ErrorState
          headingLevel={1}
          message={WHEEL_LOAD_ERROR}
          action={<Button onClick={() => navigate('/')}>Return to Home</Button>}
        />
      </div>
    );
  }
  if (data.requiresAccessCode) return <LockedWheelView wheel={data} onUnlocked={setUnlocked} />;
  return <OpenWheelView wheel={data} />;
}
