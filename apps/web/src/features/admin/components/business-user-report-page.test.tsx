import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, mockFetch } from '@/test/render';
import { BUSINESS_ID, makeReport, profileRoute, renderAdminPage, signIn } from '../test-utils';
import { BusinessUserReportPage } from './business-user-report-page';

const pages = [{ path: 'reports/business-user/:id', element: <BusinessUserReportPage /> }];
const URL = `/api/admin/reports/business-user/${BUSINESS_ID}`;

describe('business user report', () => {
  it('shows the totals, a chart with its data table, the wheels and the payments', async () => {
    signIn('admin');
    mockFetch({ ...profileRoute('admin'), [`GET ${URL}`]: jsonResponse(makeReport()) });
    renderAdminPage(`/admin/reports/business-user/${BUSINESS_ID}`, pages);

    expect(await screen.findByRole('heading', { level: 1, name: 'Report: Acme' })).toBeInTheDocument();
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('Acceptance rate').nextSibling).toHaveTextContent('70%');
    expect(within(totals).getByText('Average call length').nextSibling).toHaveTextContent('5m 00s');
    expect(within(totals).getByText('Revenue').nextSibling).toHaveTextContent('79.50');

    const chart = screen.getByRole('img', { name: /Activity per day/ });
    expect(chart.querySelectorAll('rect')).toHaveLength(8);
    const data = screen.getByRole('table', { name: 'Activity per day' });
    expect(within(data).getAllByRole('row')).toHaveLength(3);

    expect(
      within(screen.getByRole('table', { name: 'Figures per wheel' })).getByRole('link', {
        name: 'Friday Mixer',
      }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Payments' })).getByText('Succeeded'),
    ).toBeInTheDocument();
  });

  it('lets a business user open its own report', async () => {
    signIn('business');
    mockFetch({
      ...profileRoute('business'),
      [`GET ${URL}`]: jsonResponse(makeReport({ overTime: [], payments: [] })),
    });
    renderAdminPage(`/admin/reports/business-user/${BUSINESS_ID}`, pages);
    expect(await screen.findByText('No activity yet')).toBeInTheDocument();
    expect(screen.getByText('No payments yet')).toBeInTheDocument();
  });

  it("shows the server's refusal", async () => {
    signIn('business');
    mockFetch({
      ...profileRoute('business'),
      [`GET ${URL}`]: errorResponse(404, 'not_found', 'Business user not found'),
    });
    renderAdminPage(`/admin/reports/business-user/${BUSINESS_ID}`, pages);
    expect(await screen.findByRole('alert')).toHaveTextContent('Business user not found');
  });
});
