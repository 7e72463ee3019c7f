import { useQuery } from '@tanstack/react-query';
import { demoRequestsQuery } from '../api/demo-requests';
import { formatDate } from '../lib/format';
import { AdminPageHeader } from './admin-page-header';
import { DataTable, linkClasses, Tbody, Td, Th, Thead, Tr } from './data-table';
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
            <Thead>
              <tr>
                <Th>Company</Th>
                <Th>Contact person</Th>
                <Th>Email</Th>
                <Th>Phone number</Th>
                <Th>Request date</Th>
              </tr>
            </Thead>
            <Tbody>
              {rows.map((request) => (
                <Tr key={request.id}>
                  <Td className="font-medium max-sm:text-base max-sm:font-semibold">{request.companyName}</Td>
                  <Td label="Contact person">{request.contactPerson}</Td>
                  <Td label="Email" className="break-all">
                    <a href={`mailto:${request.email}`} className={linkClasses}>
                      {request.email}
                    </a>
                  </Td>
                  <Td label="Phone number">{request.phoneNumber?.trim() ? request.phoneNumber : 'N/A'}</Td>
                  <Td label="Request date" className="whitespace-nowrap">
                    {formatDate(request.requestDate)}
                  </Td>
                </Tr>
              ))}
            </Tbody>
          </DataTable>
        )}
      </ListContent>
    </>
  );
}
