import { useQuery } from '@tanstack/react-query';
import type { DemoRequestView } from '@wheelmeet/contracts';
import { demoRequestsQuery } from '../api/demo-requests';
import { formatDate } from '../lib/format';
import { AdminPageHeader } from './admin-page-header';
import { type Column, ListTable, linkClasses } from './data-table';
import { ListContent } from './list-content';

export const DEMO_REQUESTS_LOAD_ERROR = 'Failed to load demo requests. Please try again later.';
export const DEMO_REQUESTS_EMPTY = 'No demo requests found.';

const COLUMNS: Column<DemoRequestView>[] = [
  { header: 'Company', cell: (request) => request.companyName },
  { header: 'Contact person', cell: (request) => request.contactPerson },
  {
    header: 'Email',
    cell: (request) => (
      <a href={`mailto:${request.email}`} className={linkClasses}>
        {request.email}
      </a>
    ),
    className: 'break-all',
  },
  { header: 'Phone number', cell: (request) => (request.phoneNumber?.trim() ? request.phoneNumber : 'N/A') },
  {
    header: 'Request date',
    cell: (request) => formatDate(request.requestDate),
    className: 'whitespace-nowrap',
  },
];

/** `/admin/demo-requests` (admins): who asked for a demo. */
export function DemoRequestsPage() {
  const requests = useQuery(demoRequestsQuery());

  return (
    <>
      <AdminPageHeader title="Demo Requests" />
      <ListContent query={requests} loadError={DEMO_REQUESTS_LOAD_ERROR} empty={DEMO_REQUESTS_EMPTY}>
        {(rows) => <ListTable caption="Demo requests" columns={COLUMNS} rows={rows} />}
      </ListContent>
    </>
  );
}
