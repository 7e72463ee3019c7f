import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '@wheelmeet/contracts';
import { type ReactNode, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { errorMessage } from '@/lib/api-client';
import { adminsKey, adminsQuery, createAdmin, deleteAdmin, updateAdmin } from '../api/admins';
import { profileQuery } from '../api/session';
import { useAdminSession } from '../hooks/use-admin-session';
import { useTimedMessage } from '../hooks/use-timed-message';
import { formatDateTime } from '../lib/format';
import {
  AdminFormDialog,
  type AdminFormValues,
  toCreateAdminBody,
  toUpdateAdminBody,
} from './admin-form-dialog';
import { AdminPageHeader } from './admin-page-header';
import { DataTable, Td, Th } from './data-table';
import { StatusBadge } from './status-badge';

export const ADMINS_LOAD_ERROR = 'Failed to load admins';
export const ADMINS_EMPTY = 'No admins found';
export const ADMIN_DELETE_ERROR = 'Failed to delete admin';
export const ADMIN_DELETE_CONFIRM =
  'Are you sure you want to delete this admin? This action cannot be undone.';

type Editing = { admin: AdminUser | null } | null;

/** `/admin/admins` (super admins): the admin accounts. */
export function AdminsPage() {
  const { profile } = useAdminSession();
  const queryClient = useQueryClient();
  const admins = useQuery(adminsQuery());
  const banner = useTimedMessage(5_000);
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<AdminUser | null>(null);

  const remove = useMutation({
    mutationFn: (admin: AdminUser) => deleteAdmin(admin.id),
    onSuccess: (_, admin) => {
      setToDelete(null);
      banner.show(`Admin ${admin.username} was deleted.`);
      void queryClient.invalidateQueries({ queryKey: adminsKey });
    },
  });

  const save = async (values: AdminFormValues) => {
    const current = editing?.admin ?? null;
    const saved = current
      ? await updateAdmin(current.id, toUpdateAdminBody(values))
      : await createAdmin(toCreateAdminBody(values));
    setEditing(null);
    banner.show(`Admin ${saved.username} was ${current ? 'updated' : 'created'}.`);
    void queryClient.invalidateQueries({ queryKey: adminsKey });
    // Editing oneself changes the name in the header.
    if (saved.id === profile.id) void queryClient.invalidateQueries({ queryKey: profileQuery().queryKey });
  };

  let content: ReactNode;
  if (admins.isPending) content = <LoadingState />;
  else if (admins.isError) content = <ErrorState message={ADMINS_LOAD_ERROR} />;
  else if (admins.data.length === 0) content = <EmptyState title={ADMINS_EMPTY} />;
  else {
    content = (
      <DataTable caption="Admins" captionHidden>
        <thead>
          <tr>
            <Th>Username</Th>
            <Th>Name</Th>
            <Th>Email</Th>
            <Th>Role</Th>
            <Th>Status</Th>
            <Th>Last login</Th>
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {admins.data.map((admin) => (
            <tr key={admin.id}>
              <Td className="font-medium">
                {admin.username}
                {admin.id === profile.id ? <span className="text-slate-500"> (you)</span> : null}
              </Td>
              <Td>
                {admin.firstName} {admin.lastName}
              </Td>
              <Td className="break-all">{admin.email}</Td>
              <Td>{admin.isSuperAdmin ? <Badge tone="indigo">Super admin</Badge> : 'Admin'}</Td>
              <Td>
                <StatusBadge status={admin.isActive ? 'Active' : 'Inactive'} />
              </Td>
              <Td className="whitespace-nowrap">
                {admin.lastLoginAt ? formatDateTime(admin.lastLoginAt) : 'Never'}
              </Td>
              <Td>
                <div className="flex justify-end gap-2">
                  <Button
                    variant="ghost"
                    aria-label={`Edit ${admin.username}`}
                    onClick={() => setEditing({ admin })}
                  >
                    Edit
                  </Button>
                  <Button
                    variant="ghost"
                    className="text-red-700 hover:bg-red-50"
                    aria-label={`Delete ${admin.username}`}
                    onClick={() => {
                      remove.reset();
                      setToDelete(admin);
                    }}
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
      <AdminPageHeader
        title="Admins"
        actions={<Button onClick={() => setEditing({ admin: null })}>Create Admin</Button>}
      />
      {banner.message ? (
        <Alert tone="success" className="mb-4" onDismiss={banner.clear}>
          {banner.message}
        </Alert>
      ) : null}
      {content}
      <AdminFormDialog
        open={editing !== null}
        admin={editing?.admin ?? null}
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
        title="Delete admin"
        message={ADMIN_DELETE_CONFIRM}
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete);
        }}
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, ADMIN_DELETE_ERROR) : null}
      />
    </>
  );
}
