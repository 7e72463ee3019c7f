import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '@wheelmeet/contracts';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
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
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import {
  ActionsTh,
  DataTable,
  DeleteRowButton,
  EditRowButton,
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

  return (
    <>
      <AdminPageHeader
        title="Admins"
        actions={<Button onClick={() => setEditing({ admin: null })}>Create Admin</Button>}
      />
      <SuccessBanner banner={banner} className="mb-4" />
      <ListContent query={admins} loadError={ADMINS_LOAD_ERROR} empty={ADMINS_EMPTY}>
        {(rows) => (
          <DataTable caption="Admins" captionHidden>
            <Thead>
              <tr>
                <Th>Username</Th>
                <Th>Name</Th>
                <Th>Email</Th>
                <Th>Role</Th>
                <Th>Status</Th>
                <Th>Last login</Th>
                <ActionsTh />
              </tr>
            </Thead>
            <Tbody>
              {rows.map((admin) => (
                <Tr key={admin.id}>
                  <Td className="font-medium max-sm:text-base max-sm:font-semibold">
                    {admin.username}
                    {admin.id === profile.id ? <span className="text-slate-500"> (you)</span> : null}
                  </Td>
                  <Td label="Name">
                    {admin.firstName} {admin.lastName}
                  </Td>
                  <Td label="Email" className="break-all">
                    {admin.email}
                  </Td>
                  <Td label="Role">
                    {admin.isSuperAdmin ? <Badge tone="indigo">Super admin</Badge> : 'Admin'}
                  </Td>
                  <Td label="Status">
                    <StatusBadge status={admin.isActive ? 'Active' : 'Inactive'} />
                  </Td>
                  <Td label="Last login" className="whitespace-nowrap">
                    {admin.lastLoginAt ? formatDateTime(admin.lastLoginAt) : 'Never'}
                  </Td>
                  <RowActions>
                    <EditRowButton itemName={admin.username} onClick={() => setEditing({ admin })} />
                    <DeleteRowButton itemName={admin.username} onClick={() => setToDelete(admin)} />
                  </RowActions>
                </Tr>
              ))}
            </Tbody>
          </DataTable>
        )}
      </ListContent>
      <AdminFormDialog
        open={editing !== null}
        admin={editing?.admin ?? null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        onSubmit={save}
      />
      <ConfirmDeleteDialog
        target={toDelete}
        title="Delete admin"
        message={ADMIN_DELETE_CONFIRM}
        errorFallback={ADMIN_DELETE_ERROR}
        remove={(admin) => deleteAdmin(admin.id)}
        onClose={() => setToDelete(null)}
        onDeleted={(admin) => {
          setToDelete(null);
          banner.show(`Admin ${admin.username} was deleted.`);
          void queryClient.invalidateQueries({ queryKey: adminsKey });
        }}
      />
    </>
  );
}
