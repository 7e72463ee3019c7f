import { useQuery } from '@tanstack/react-query';
import type { AdminWheelRow } from '@wheelmeet/contracts';
import { useState } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { InputField } from '@/components/ui/form-field';
import { businessUsersQuery } from '../api/business-users';
import { wheelsQuery } from '../api/wheels';
import { useAdminSession } from '../hooks/use-admin-session';
import { useFlashMessage } from '../hooks/use-flash-message';
import { AdminPageHeader } from './admin-page-header';
import { DeleteRowButton, ListTable } from './data-table';
import { DeleteWheelDialog } from './delete-wheel-dialog';
import { ListContent } from './list-content';
import { SuccessBanner } from './success-banner';
import { wheelColumns } from './wheel-columns';
import {
  WHEEL_BANNER_MS,
  WHEELMEET_OWNER,
  WHEELS_EMPTY,
  WHEELS_LOAD_ERROR,
  WHEELS_NO_MATCH,
  wheelDeletedMessage,
} from './wheel-messages';

/** `/admin/wheels`: every wheel for an admin, 'My Wheels' for a business user. */
export function WheelsPage() {
  const { userType } = useAdminSession();
  const wheels = useQuery(wheelsQuery());
  const isAdmin = userType === 'Admin';
  // Only admins see whose wheel it is; the list of business users is theirs alone.
  const businessUsers = useQuery({ ...businessUsersQuery(), enabled: isAdmin });
  const companyById = new Map(businessUsers.data?.map((user) => [user.id, user.companyName]));
  const ownerName = ({ businessUserId }: AdminWheelRow) =>
    businessUserId === null ? WHEELMEET_OWNER : (companyById.get(businessUserId) ?? '—');
  const banner = useFlashMessage(WHEEL_BANNER_MS);
  const [search, setSearch] = useState('');
  const [toDelete, setToDelete] = useState<{ id: string; name: string } | null>(null);
  const title = userType === 'BusinessUser' ? 'My Wheels' : 'Wheels';

  const term = search.trim().toLowerCase();

  return (
    <>
      <AdminPageHeader title={title} actions={<ButtonLink to="/admin/wheels/new">Create Wheel</ButtonLink>} />
      <SuccessBanner banner={banner} className="mb-4" />
      <InputField
        label="Search wheels by name"
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        className="mb-4 max-w-sm"
      />
      <ListContent query={wheels} loadError={WHEELS_LOAD_ERROR} empty={WHEELS_EMPTY}>
        {(rows) => {
          const visible = rows.filter((wheel) => wheel.name.toLowerCase().includes(term));
          if (visible.length === 0) return <EmptyState title={WHEELS_NO_MATCH} />;
          return (
            <ListTable
              caption={title}
              columns={wheelColumns({ ownerOf: isAdmin ? ownerName : undefined, showAccess: true })}
              rows={visible}
              actions={(wheel) => (
                <>
                  <ButtonLink
                    variant="ghost"
                    to={`/admin/wheels/${wheel.id}`}
                    aria-label={`Edit ${wheel.name}`}
                  >
                    Edit
                  </ButtonLink>
                  <DeleteRowButton
                    itemName={wheel.name}
                    onClick={() => setToDelete({ id: wheel.id, name: wheel.name })}
                  />
                </>
              )}
            />
          );
        }}
      </ListContent>
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
