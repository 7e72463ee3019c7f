import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BusinessUser } from '@wheelmeet/contracts';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
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
import { DataTable, linkClasses, Td, Th } from './data-table';
import { StatusBadge } from './status-badge';

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

  const remove = useMutation({
    mutationFn: (user: BusinessUser) => deleteBusinessUser(user.id),
    onSuccess: (_, user) => {
      setToDelete(null);
      banner.show(`Business user ${user.firstName} ${user.lastName} was deleted.`);
      void queryClient.invalidateQueries({ queryKey: businessUsersKey });
    },
  });

  const save = async (values: BusinessUserFormValues) => {
    const current = editing?.user ?? null;
    const saved = current
      ? await updateBusinessUser(current.id, toUpdateBusinessUserBody(values))
      : await createBusinessUser(toCreateBusinessUserBody(values));
    setEditing(null);
    banner.show(`Business user ${saved.firstName} ${saved.lastName} was ${current ? 'updated' : 'created'}.`);
    void queryClient.invalidateQueries({ queryKey: businessUsersKey });
  };

  let content: ReactNode;
  if (users.isPending) content = <LoadingState />;
  else if (users.isError)
    content = <ErrorState message={errorMessage(users.error, BUSINESS_USERS_LOAD_ERROR)} />;
  else if (users.data.length === 0) content = <EmptyState title="No business users found" />;
  else {
    content = (
      <DataTable caption="Business users" captionHidden>
        <thead>
          <tr>
            <Th>Name</Th>
            <Th>Email</Th>
            <Th>Company</Th>
            <Th>Plan</Th>
            <Th>Status</Th>
            <Th>Subscription</Th>
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {users.data.map((user) => {
            const name = `${user.firstName} ${user.lastName}`;
            return (
              <tr key={user.id}>
                <Td className="font-medium">{name}</Td>
                <Td className="break-all">{user.email}</Td>
                <Td>{user.companyName}</Td>
                <Td>{user.plan.name}</Td>
                <Td>
                  <StatusBadge status={user.isActive ? 'Active' : 'Inactive'} />
                </Td>
                <Td className="whitespace-nowrap">
                  {formatDate(user.subscriptionStartDate)}
                  {user.subscriptionEndDate ? ` – ${formatDate(user.subscriptionEndDate)}` : ''}
                </Td>
                <Td>
                  <div className="flex items-center justify-end gap-2">
                    <Link
                      to={`/admin/reports/business-user/${user.id}`}
                      className={`${linkClasses} px-2 text-sm`}
                      aria-label={`Report for ${name}`}
                    >
                      Report
                    </Link>
                    <Button variant="ghost" aria-label={`Edit ${name}`} onClick={() => setEditing({ user })}>
                      Edit
                    </Button>
                    <Button
                      variant="ghost"
                      className="text-red-700 hover:bg-red-50"
                      aria-label={`Delete ${name}`}
                      onClick={() => {
                        remove.reset();
                        setToDelete(user);
                      }}
                    >
                      Delete
                    </Button>
                  </div>
                </Td>
              </tr>
            );
          })}
        </tbody>
      </DataTable>
    );
  }

  return (
    <>
      <AdminPageHeader
        title="Business Users"
        actions={<Button onClick={() => setEditing({ user: null })}>Create Business User</Button>}
      />
      {banner.message ? (
        <Alert tone="success" className="mb-4" onDismiss={banner.clear}>
          {banner.message}
        </Alert>
      ) : null}
      {content}
      <BusinessUserFormDialog
        open={editing !== null}
        user={editing?.user ?? null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        onSubmit={save}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title="Delete business user"
        message={BUSINESS_USER_DELETE_CONFIRM}
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete);
        }}
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, BUSINESS_USER_DELETE_ERROR) : null}
      />
    </>
  );
}
