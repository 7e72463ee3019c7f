import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { wheelsQuery } from '../api/wheels';
import { useAdminSession } from '../hooks/use-admin-session';
import { formatDate } from '../lib/format';
import { DataTable, Tbody, Td, Th } from './data-table';
import { StatusBadge } from './status-badge';
import { WheelLink } from './wheel-link';
import { WHEELS_LOAD_ERROR } from './wheel-messages';

/**
 * A business user's own wheels. The server already answers only their wheels; the filter on
 * businessUserId repeats that with the signed-in user's id, so nothing else can slip in.
 */
export function BusinessWheels({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { profile, userType } = useAdminSession();
  const isBusinessUser = userType === 'BusinessUser';
  const wheels = useQuery(wheelsQuery());
  const Heading = `h${headingLevel}` as const;

  let content: ReactNode;
  if (wheels.isPending) content = <LoadingState />;
  else if (wheels.isError) content = <ErrorState message={WHEELS_LOAD_ERROR} headingLevel={3} />;
  else {
    const own = isBusinessUser
      ? wheels.data.filter((wheel) => wheel.businessUserId === profile.id)
      : wheels.data;
    content =
      own.length === 0 ? (
        <EmptyState title="No wheels found">Create your first wheel to start matching people.</EmptyState>
      ) : (
        <DataTable caption="Your wheels" captionHidden>
          <thead>
            <tr>
              <Th>Name</Th>
              <Th>Status</Th>
              <Th>Participants</Th>
              <Th>Round</Th>
              <Th>Created</Th>
            </tr>
          </thead>
          <Tbody>
            {own.map((wheel) => (
              <tr key={wheel.id}>
                <Td>
                  <WheelLink id={wheel.id} name={wheel.name} />
                </Td>
                <Td>
                  <StatusBadge status={wheel.status} />
                </Td>
                <Td>
                  {wheel.participantCount} / {wheel.slotCount}
                </Td>
                <Td>{wheel.currentRound}</Td>
                <Td>{formatDate(wheel.createdAt)}</Td>
              </tr>
            ))}
          </Tbody>
        </DataTable>
      );
  }

  return (
    <section aria-labelledby="business-wheels-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Heading id="business-wheels-heading" className="text-lg font-semibold text-slate-900">
          Your wheels
        </Heading>
        <div className="flex flex-wrap gap-3">
          {isBusinessUser ? (
            <ButtonLink variant="secondary" to={`/admin/reports/business-user/${profile.id}`}>
              View report
            </ButtonLink>
          ) : null}
          <ButtonLink to="/admin/wheels/new">Create Wheel</ButtonLink>
        </div>
      </div>
      {content}
    </section>
  );
}
