import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, mockFetch } from '@/test/render';
import { guarded, makeDemoRequest, profileRoute, renderAdminPage, signIn } from '../test-utils';
import { DemoRequestsPage } from './demo-requests-page';

const pages = [{ path: 'demo-requests', element: guarded('admin', <DemoRequestsPage />) }];

function open(answer: Response) {
  signIn('admin');
  mockFetch({ ...profileRoute('admin'), 'GET /api/admin/demo-requests': answer });
  renderAdminPage('/admin/demo-requests', pages);
}

describe('demo requests', () => {
  it("lists the requests with 'N/A' for a missing phone number and the date in the locale format", async () => {
    open(
      jsonResponse([
        makeDemoRequest(),
        makeDemoRequest({ id: crypto.randomUUID(), companyName: 'Initech', phoneNumber: null }),
      ]),
    );

    const table = await screen.findByRole('table', { name: 'Demo requests' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Company', 'Contact person', 'Email', 'Phone number', 'Request date']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('+1 555 0100');
    expect(first).toHaveTextContent(new Date('2025-02-03T12:00:00.000Z').toLocaleDateString());
    expect(within(second as HTMLElement).getByText('N/A')).toBeInTheDocument();
  });

  it("says 'No demo requests found.' for an empty list", async () => {
    open(jsonResponse([]));
    expect(await screen.findByText('No demo requests found.')).toBeInTheDocument();
  });

  it('says so when the requests cannot be loaded', async () => {
    open(errorResponse(500, 'internal_error', 'Boom'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load demo requests. Please try again later.',
    );
  });
});
