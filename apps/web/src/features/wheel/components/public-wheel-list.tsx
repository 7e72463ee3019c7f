import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { errorMessage } from '@/lib/api-client';
import { publicWheelsQuery } from '../api/list-public-wheels';

/** The public wheels, leaving out `excludeId` (the wheel already on screen). */
export function PublicWheelList({ excludeId = null }: { excludeId?: string | null }) {
  const { data, isPending, isError, error, refetch, isFetching } = useQuery(publicWheelsQuery());
  const wheels = data?.filter((wheel) => wheel.id !== excludeId) ?? [];

  if (isPending) return <LoadingState />;
  if (isError) {
    return (
      <ErrorState
        headingLevel={3}
        title="Could not load the public wheels"
        message={errorMessage(error, 'Please try again in a moment.')}
        action={
          <Button variant="secondary" onClick={() => refetch()} disabled={isFetching}>
            Try again
          </Button>
        }
      />
    );
  }
  if (wheels.length === 0) {
    return (
      <EmptyState title={excludeId ? 'No other public wheels right now.' : 'No public wheels right now.'}>
        Have a link to a private wheel? Open it directly to join.
      </EmptyState>
    );
  }

  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {wheels.map((wheel) => (
        <li key={wheel.id}>
          <Link
            to={`/wheel/${wheel.id}`}
            className="group block h-full rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-indigo-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            <h3 className="font-semibold text-slate-900 group-hover:text-indigo-700">{wheel.name}</h3>
            {wheel.description ? (
              <p className="mt-1 line-clamp-3 text-sm text-slate-600">{wheel.description}</p>
            ) : null}
            <p className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-xs font-medium text-slate-500">
              <span>{wheel.slotCount} slots</span>
              <span>Round {wheel.currentRound}</span>
              <span>{wheel.status}</span>
            </p>
          </Link>
        </li>
      ))}
    </ul>
  );
}
