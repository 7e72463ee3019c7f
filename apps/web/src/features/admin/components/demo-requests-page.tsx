import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { demoRequestsQuery } from '../api/demo-requests';
import { formatDate } from '../lib/format';
import { AdminPageHeader } from './admin-page-header';
import { DataTable, linkClasses, Td, Th } from './data-table';

export const DEMO_REQUESTS_LOAD_ERROR = 'Failed to load demo requests. Please try again later.';
export const DEMO_REQUESTS_EMPTY = 'No demo requests found.';

/** `/admin/demo-requests` (admins): who asked for a demo. */
export function DemoRequestsPage() {
  const requests = useQuery(demoRequestsQuery());

  let content: ReactNode;
  if (requests.isPending) content = <LoadingState />;
  else if (requests.isError) content = <ErrorState message={DEMO_REQUESTS_LOAD_ERROR} />;
  else if (requests.data.length === 0) content = <EmptyState title={DEMO_REQUESTS_EMPTY} />;
  else {
    content = (
      <DataTable caption="Demo requests" captionHidden>
        <thead>
          <tr>
            <Th>Company</Th>
            <Th>Contact person</Th>
            <Th>Email</Th>
            <Th>Phone number</Th>
            <Th>Request date</Th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {requests.data.map((request) => (
            <tr key={request.id}>
              <Td className="font-medium">{request.companyName}</Td>
              <Td>{request.contactPerson}</Td>
              <Td className="break-all">
                <a href={`mailto:${request.email}`} className={linkClasses}>
                  {request.email}
                </a>
              </Td>
              <Td>{request.phoneNumber?.trim() ? request.phoneNumber : 'N/A'}</Td>
              <Td className="whitespace-nowrap">{formatDate(request.requestDate)}</Td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    );
  }

  return (
    <>
      <AdminPageHeader title="Demo Requests" />
      {content}
    </>
  );
}
