import { useQuery } from '@tanstack/react-query';
import { demoRequestsQuery } from '../api/demo-requests';
import { formatDate } from '../lib/format';
import { AdminPageHeader } from './admin-page-header';
import { DataTable, linkClasses, Tbody, Td, Th } from './data-table';
import { ListContent } from './list-content';

export const DEMO_REQUESTS_LOAD_ERROR = 'Failed to load demo requests. Please try again later.';
export const DEMO_REQUESTS_EMPTY = 'No demo requests found.';

/** `/admin/demo-requests` (admins): who asked for a demo. */
export function DemoRequestsPage() {
  const requests = useQuery(demoRequestsQuery());

  return (
    <>
      <AdminPageHeader title="Demo Requests" />
      <ListContent query={requests} loadError={DEMO_REQUESTS_LOAD_ERROR} empty={DEMO_REQUESTS_EMPTY}>
        {(rows) => (
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
            <Tbody>
              {rows.map((request) => (
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
            </Tbody>
          </DataTable>
        )}
      </ListContent>
    </>
  );
}
