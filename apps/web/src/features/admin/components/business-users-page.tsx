import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BusinessUser } from '@wheelmeet/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import {
  businessUsersKey,
  businessUsersQuery,
  createBusinessUser,
  deleteBusinessUser,
  updateBusinessUser,
} from '../api/business-users';
import { useTimedMessage } from '../hooks/use-timed-message';
import { formatDate } from '../lib/format';
import { AdminPageHeader } from './admin-page-header';
import {
  BusinessUserFormDialog,
  type BusinessUserFormValues,
  toCreateBusinessUserBody,
  toUpdateBusinessUserBody,
} from './business-user-form-dialog';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import {
  ActionsTh,
  DataTable,
  DeleteRowButton,
  EditRowButton,
  linkClasses,
  RowActions,
  Tbody,
  Td,
  Th,
  Thead,
  Tr,
} from './data-table';
import { ListContent } from './list-content';
import { StatusBadge } from './status-badge';
import { SuccessBanner } from './success-banner';

export const BUSINESS_USERS_LOAD_ERROR = 'Failed to load business users';
export const BUSINESS_USER_DELETE_ERROR = 'Failed to delete business user';
export const BUSINESS_USER_DELETE_CONFIRM =
  'Are you sure you want to delete this business user? This action cannot be undone.';

type Editing = { user: BusinessUser | null } | null;

/** `/admin/business-users` (admins): the organisers' accounts. */
export function BusinessUsersPage() {
  const queryClient = useQueryClient();
  const users = useQuery(businessUsersQuery());
  const banner = useTimedMessage(5_000);
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<BusinessUser | null>(null);

  const save = async (values: BusinessUserFormValues) => {
    const current = editing?.user ?? null;
    const saved = current
      ? await updateBusinessUser(current.id, toUpdateBusinessUserBody(values))
      : await createBusinessUser(toCreateBusinessUserBody(values));
    setEditing(null);
    banner.show(`Business user ${saved.firstName} ${saved.lastName} was ${current ? 'updated' : 'created'}.`);
    void queryClient.invalidateQueries({ queryKey: businessUsersKey });
  };

  return (
    <>
      <AdminPageHeader
        title="Business Users"
        actions={<Button onClick={() => setEditing({ user: null })}>Create Business User</Button>}
      />
      <SuccessBanner banner={banner} className="mb-4" />
      <ListContent
        query={users}
        loadError={errorMessage(users.error, BUSINESS_USERS_LOAD_ERROR)}
        empty="No business users found"
      >
        {(rows) => (
          <DataTable caption="Business users" captionHidden>
            <Thead>
              <tr>
                <Th>Name</Th>
                <Th>Email</Th>
                <Th>Company</Th>
                <Th>Plan</Th>
                <Th>Status</Th>
                <Th>Subscription</Th>
                <ActionsTh />
              </tr>
            </Thead>
            <Tbody>
              {rows.map((user) => {
                const name = `${user.firstName} ${user.lastName}`;
                return (
                  <Tr key={user.id}>
                    <Td className="font-medium max-sm:text-base max-sm:font-semibold">{name}</Td>
                    <Td label="Email" className="break-all">
                      {user.email}
                    </Td>
                    <Td label="Company">{user.companyName}</Td>
                    <Td label="Plan">{user.plan.name}</Td>
                    <Td label="Status">
                      <StatusBadge status={user.isActive ? 'Active' : 'Inactive'} />
                    </Td>
                    <Td label="Subscription" className="whitespace-nowrap">
                      {formatDate(user.subscriptionStartDate)}
                      {user.subscriptionEndDate ? ` – ${formatDate(user.subscriptionEndDate)}` : ''}
                    </Td>
                    <RowActions>
                      <Link
                        to={`/admin/reports/business-user/${user.id}`}
                        className={`${linkClasses} px-2 text-sm`}
                        aria-label={`Report for ${name}`}
                      >
                        Report
                      </Link>
                      <EditRowButton itemName={name} onClick={() => setEditing({ user })} />
                      <DeleteRowButton itemName={name} onClick={() => setToDelete(user)} />
                    </RowActions>
                  </Tr>
                );
              })}
            </Tbody>
          </DataTable>
        )}
      </ListContent>
      <BusinessUserFormDialog
        open={editing !== null}
        user={editing?.user ?? null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        onSubmit={save}
      />
      <ConfirmDeleteDialog
        target={toDelete}
        title="Delete business user"
        message={BUSINESS_USER_DELETE_CONFIRM}
        errorFallback={BUSINESS_USER_DELETE_ERROR}
        remove={(user) => deleteBusinessUser(user.id)}
        onClose={() => setToDelete(null)}
        onDeleted={(user) => {
          setToDelete(null);
          banner.show(`Business user ${user.firstName} ${user.lastName} was deleted.`);
          void queryClient.invalidateQueries({ queryKey: businessUsersKey });
        }}
      />
    </>
  );
}
