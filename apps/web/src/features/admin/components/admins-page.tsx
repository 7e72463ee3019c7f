import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '@wheelmeet/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { adminsKey, adminsQuery, createAdmin, deleteAdmin, updateAdmin } from '../api/admins';
import { profileQuery } from '../api/session';
import { useAdminSession } from '../hooks/use-admin-session';
import { useCrudList } from '../hooks/use-crud-list';
import { formatDateTime } from '../lib/format';
import {
  AdminFormDialog,
  type AdminFormValues,
  toCreateAdminBody,
  toUpdateAdminBody,
} from './admin-form-dialog';
import { AdminPageHeader } from './admin-page-header';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { type Column, EditDeleteButtons, ListTable } from './data-table';
import { ListContent } from './list-content';
import { StatusBadge } from './status-badge';
import { SuccessBanner } from './success-banner';

export const ADMINS_LOAD_ERROR = 'Failed to load admins';
export const ADMINS_EMPTY = 'No admins found';
export const ADMIN_DELETE_ERROR = 'Failed to delete admin';
export const ADMIN_DELETE_CONFIRM =
  'Are you sure you want to delete this admin? This action cannot be undone.';

/** The admins' columns; the signed-in admin's own row says so. */
const adminColumns = (ownId: string): Column<AdminUser>[] => [
  {
    header: 'Username',
    cell: (admin) => (
      <>
        {admin.username}
        {admin.id === ownId ? <span className="text-slate-500"> (you)</span> : null}
      </>
    ),
  },
  { header: 'Name', cell: (admin) => `${admin.firstName} ${admin.lastName}` },
  { header: 'Email', cell: (admin) => admin.email, className: 'break-all' },
  {
    header: 'Role',
    cell: (admin) => (admin.isSuperAdmin ? <Badge tone="indigo">Super admin</Badge> : 'Admin'),
  },
  { header: 'Status', cell: (admin) => <StatusBadge status={admin.isActive ? 'Active' : 'Inactive'} /> },
  {
    header: 'Last login',
    cell: (admin) => (admin.lastLoginAt ? formatDateTime(admin.lastLoginAt) : 'Never'),
    className: 'whitespace-nowrap',
  },
];

/** `/admin/admins` (super admins): the admin accounts. */
export function AdminsPage() {
  const { profile } = useAdminSession();
  const queryClient = useQueryClient();
  const admins = useQuery(adminsQuery());
  const list = useCrudList<AdminUser, AdminFormValues>({
    noun: 'Admin',
    nameOf: (admin) => admin.username,
    listKey: adminsKey,
    create: (values) => createAdmin(toCreateAdminBody(values)),
    update: (admin, values) => updateAdmin(admin.id, toUpdateAdminBody(values)),
    remove: (admin) => deleteAdmin(admin.id),
    onSaved: (saved) => {
      // Editing oneself changes the name in the header.
      if (saved.id === profile.id) void queryClient.invalidateQueries({ queryKey: profileQuery().queryKey });
    },
  });

  return (
    <>
      <AdminPageHeader title="Admins" actions={<Button onClick={list.startCreate}>Create Admin</Button>} />
      <SuccessBanner banner={list.banner} className="mb-4" />
      <ListContent query={admins} loadError={ADMINS_LOAD_ERROR} empty={ADMINS_EMPTY}>
        {(rows) => (
          <ListTable
            caption="Admins"
            columns={adminColumns(profile.id)}
            rows={rows}
            actions={(admin) => <EditDeleteButtons list={list} item={admin} />}
          />
        )}
      </ListContent>
      <AdminFormDialog {...list.formDialog} />
      <ConfirmDeleteDialog
        {...list.deleteDialog}
        title="Delete admin"
        message={ADMIN_DELETE_CONFIRM}
        errorFallback={ADMIN_DELETE_ERROR}
      />
    </>
  );
}
