import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { wheelsQuery } from '../api/wheels';
import { useAdminSession } from '../hooks/use-admin-session';
import { formatDate } from '../lib/format';
import { DataTable, Tbody, Td, Th, Thead, Tr } from './data-table';
import { StatusBadge } from './status-badge';
import { WheelNameCell } from './wheel-link';
import { REGISTERED_LABEL, SEATED_NOW_LABEL, seatsTaken, WHEELS_LOAD_ERROR } from './wheel-messages';

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
  // The report is about wheels: offered once the organiser has one (before, it had nothing to show).
  let hasWheels = false;
  if (wheels.isPending) content = <LoadingState />;
  else if (wheels.isError) content = <ErrorState message={WHEELS_LOAD_ERROR} headingLevel={3} />;
  else {
    const own = isBusinessUser
      ? wheels.data.filter((wheel) => wheel.businessUserId === profile.id)
      : wheels.data;
    hasWheels = own.length > 0;
    content =
      own.length === 0 ? (
        <EmptyState title="No wheels yet">
          Create your first wheel to start matching people.
          {isBusinessUser ? ' Its report (calls, connections, ratings) appears here once it has one.' : null}
        </EmptyState>
      ) : (
        <DataTable caption="Your wheels" captionHidden>
          <Thead>
            <tr>
              <Th>Name</Th>
              <Th>Status</Th>
              <Th>{SEATED_NOW_LABEL}</Th>
              <Th>{REGISTERED_LABEL}</Th>
              <Th>Round</Th>
              <Th>Created</Th>
            </tr>
          </Thead>
          <Tbody>
            {own.map((wheel) => (
              <Tr key={wheel.id}>
                <Td className="font-medium max-sm:text-base max-sm:font-semibold">
                  <WheelNameCell wheel={wheel} />
                </Td>
                <Td label="Status">
                  <StatusBadge status={wheel.status} />
                </Td>
                <Td label={SEATED_NOW_LABEL} className="whitespace-nowrap tabular-nums">
                  {seatsTaken(wheel)}
                </Td>
                <Td label={REGISTERED_LABEL} className="tabular-nums">
                  {wheel.participantCount}
                </Td>
                <Td label="Round" className="tabular-nums">
                  {wheel.currentRound}
                </Td>
                <Td label="Created" className="whitespace-nowrap">
                  {formatDate(wheel.createdAt)}
                </Td>
              </Tr>
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
          {isBusinessUser && hasWheels ? (
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
