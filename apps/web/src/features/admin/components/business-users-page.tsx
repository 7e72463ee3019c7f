import { useQuery } from '@tanstack/react-query';
import type { BusinessUser } from '@wheelmeet/contracts';
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
import { useCrudList } from '../hooks/use-crud-list';
import { formatDate } from '../lib/format';
import { AdminPageHeader } from './admin-page-header';
import {
  BusinessUserFormDialog,
  type BusinessUserFormValues,
  toCreateBusinessUserBody,
  toUpdateBusinessUserBody,
} from './business-user-form-dialog';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { type Column, EditDeleteButtons, ListTable, linkClasses } from './data-table';
import { ListContent } from './list-content';
import { StatusBadge } from './status-badge';
import { SuccessBanner } from './success-banner';

export const BUSINESS_USERS_LOAD_ERROR = 'Failed to load business users';
export const BUSINESS_USER_DELETE_ERROR = 'Failed to delete business user';
export const BUSINESS_USER_DELETE_CONFIRM =
  'Are you sure you want to delete this business user? This action cannot be undone.';

const fullName = (user: BusinessUser) => `${user.firstName} ${user.lastName}`;

const COLUMNS: Column<BusinessUser>[] = [
  { header: 'Name', cell: fullName },
  { header: 'Email', cell: (user) => user.email, className: 'break-all' },
  { header: 'Company', cell: (user) => user.companyName },
  { header: 'Plan', cell: (user) => user.plan.name },
  { header: 'Status', cell: (user) => <StatusBadge status={user.isActive ? 'Active' : 'Inactive'} /> },
  {
    header: 'Subscription',
    cell: (user) =>
      `${formatDate(user.subscriptionStartDate)}${user.subscriptionEndDate ? ` – ${formatDate(user.subscriptionEndDate)}` : ''}`,
    className: 'whitespace-nowrap',
  },
];

/** `/admin/business-users` (admins): the organisers' accounts. */
export function BusinessUsersPage() {
  const users = useQuery(businessUsersQuery());
  const list = useCrudList<BusinessUser, BusinessUserFormValues>({
    noun: 'Business user',
    nameOf: fullName,
    listKey: businessUsersKey,
    create: (values) => createBusinessUser(toCreateBusinessUserBody(values)),
    update: (user, values) => updateBusinessUser(user.id, toUpdateBusinessUserBody(values)),
    remove: (user) => deleteBusinessUser(user.id),
  });

  return (
    <>
      <AdminPageHeader
        title="Business Users"
        actions={<Button onClick={list.startCreate}>Create Business User</Button>}
      />
      <SuccessBanner banner={list.banner} className="mb-4" />
      <ListContent
        query={users}
        loadError={errorMessage(users.error, BUSINESS_USERS_LOAD_ERROR)}
        empty="No business users found"
      >
        {(rows) => (
          <ListTable
            caption="Business users"
            columns={COLUMNS}
            rows={rows}
            actions={(user) => (
              <>
                <Link
                  to={`/admin/reports/business-user/${user.id}`}
                  className={`${linkClasses} px-2 text-sm`}
                  aria-label={`Report for ${fullName(user)}`}
                >
                  Report
                </Link>
                <EditDeleteButtons list={list} item={user} />
              </>
            )}
          />
        )}
      </ListContent>
      <BusinessUserFormDialog {...list.formDialog} />
      <ConfirmDeleteDialog
        {...list.deleteDialog}
        title="Delete business user"
        message={BUSINESS_USER_DELETE_CONFIRM}
        errorFallback={BUSINESS_USER_DELETE_ERROR}
      />
    </>
  );
}
