import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { inputClasses } from '@/components/ui/form-field';
import { LoadingState } from '@/components/ui/loading-state';
import { wheelsQuery } from '../api/wheels';
import { useAdminSession } from '../hooks/use-admin-session';
import { useFlashMessage } from '../hooks/use-flash-message';
import { formatDate } from '../lib/format';
import { AdminPageHeader } from './admin-page-header';
import { DataTable, linkClasses, Td, Th } from './data-table';
import { DeleteWheelDialog } from './delete-wheel-dialog';
import { StatusBadge } from './status-badge';
import {
  WHEEL_BANNER_MS,
  WHEELS_EMPTY,
  WHEELS_LOAD_ERROR,
  WHEELS_NO_MATCH,
  wheelDeletedMessage,
} from './wheel-messages';

/** `/admin/wheels`: every wheel for an admin, 'My Wheels' for a business user. */
export function WheelsPage() {
  const { userType } = useAdminSession();
  const wheels = useQuery(wheelsQuery());
  const banner = useFlashMessage(WHEEL_BANNER_MS);
  const [search, setSearch] = useState('');
  const [toDelete, setToDelete] = useState<{ id: string; name: string } | null>(null);
  const searchId = useId();
  const title = userType === 'BusinessUser' ? 'My Wheels' : 'Wheels';

  const term = search.trim().toLowerCase();
  const visible = wheels.data?.filter((wheel) => wheel.name.toLowerCase().includes(term)) ?? [];

  let content: ReactNode;
  if (wheels.isPending) content = <LoadingState />;
  else if (wheels.isError) content = <ErrorState message={WHEELS_LOAD_ERROR} />;
  else if (wheels.data.length === 0) content = <EmptyState title={WHEELS_EMPTY} />;
  else if (visible.length === 0) content = <EmptyState title={WHEELS_NO_MATCH} />;
  else {
    content = (
      <DataTable caption={title} captionHidden>
        <thead>
          <tr>
            <Th>Name</Th>
            <Th>Status</Th>
            <Th>Slots</Th>
            <Th>Participants</Th>
            <Th>Round</Th>
            <Th>Access</Th>
            <Th>Created</Th>
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {visible.map((wheel) => (
            <tr key={wheel.id}>
              <Td className="font-medium">
                <Link to={`/admin/wheels/${wheel.id}`} className={linkClasses}>
                  {wheel.name}
                </Link>
              </Td>
              <Td>
                <StatusBadge status={wheel.status} />
              </Td>
              <Td>{wheel.slotCount}</Td>
              <Td>{wheel.participantCount}</Td>
              <Td>{wheel.currentRound}</Td>
              <Td>{wheel.isPrivate ? 'Private' : 'Public'}</Td>
              <Td className="whitespace-nowrap">{formatDate(wheel.createdAt)}</Td>
              <Td>
                <div className="flex justify-end gap-2">
                  <ButtonLink
                    variant="ghost"
                    to={`/admin/wheels/${wheel.id}`}
                    aria-label={`Edit ${wheel.name}`}
                  >
                    Edit
                  </ButtonLink>
                  <Button
                    variant="ghost"
                    className="text-red-700 hover:bg-red-50"
                    aria-label={`Delete ${wheel.name}`}
                    onClick={() => setToDelete({ id: wheel.id, name: wheel.name })}
                  >
                    Delete
                  </Button>
                </div>
              </Td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    );
  }

  return (
    <>
      <AdminPageHeader title={title} actions={<ButtonLink to="/admin/wheels/new">Create Wheel</ButtonLink>} />
      {banner.message ? (
        <Alert tone="success" className="mb-4" onDismiss={banner.clear}>
          {banner.message}
        </Alert>
      ) : null}
      <div className="mb-4 max-w-sm">
        <label htmlFor={searchId} className="block text-sm font-medium text-slate-800">
          Search wheels by name
        </label>
        <input
          id={searchId}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className={`${inputClasses} mt-1`}
        />
      </div>
      {content}
      <DeleteWheelDialog
        wheel={toDelete}
        onClose={() => setToDelete(null)}
        onDeleted={(wheel) => {
          setToDelete(null);
          banner.show(wheelDeletedMessage(wheel.name));
        }}
      />
    </>
  );
}
