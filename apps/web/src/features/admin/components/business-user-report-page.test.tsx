import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, mockFetch } from '@/test/render';
import { BUSINESS_ID, makeReport, WHEEL_A, profileRoute, renderAdminPage, signIn } from '../test-utils';
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
    expect(within(totals).getByText('Connections made').nextSibling).toHaveTextContent('9');
    expect(within(totals).getByText('Mutual-share rate').nextSibling).toHaveTextContent('50%');
    expect(within(totals).getByText('Rated positive').nextSibling).toHaveTextContent('85%of 20 ratings');

    // Five series (registered, matches, accepted, calls, connections) on two days.
    const chart = screen.getByRole('img', { name: /Activity per day/ });
    expect(chart.querySelectorAll('rect')).toHaveLength(10);
    const data = screen.getByRole('table', { name: 'Activity per day' });
    expect(within(data).getAllByRole('row')).toHaveLength(3);

    expect(
      within(screen.getByRole('table', { name: 'Figures per wheel' })).getByRole('link', {
        name: 'Friday Mixer',
      }),
    ).toBeInTheDocument();
    const perWheel = screen.getByRole('table', { name: 'Figures per wheel' });
    expect(within(perWheel).getByRole('link', { name: 'Matching report of Friday Mixer' })).toHaveAttribute(
      'href',
      `/admin/wheels/${WHEEL_A}/report`,
    );
    expect(within(perWheel).getByRole('columnheader', { name: 'Connections' })).toBeInTheDocument();
    expect(within(perWheel).getByText('85%')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Payments' })).getByText('Succeeded'),
    ).toBeInTheDocument();
  });

  it('says there are no ratings yet rather than 0%', async () => {
    signIn('admin');
    const report = makeReport();
    mockFetch({
      ...profileRoute('admin'),
      [`GET ${URL}`]: jsonResponse(
        makeReport({
          totals: { ...report.totals, ratings: 0, positiveRatingRate: 0 },
          wheels: report.wheels.map((wheel) => ({ ...wheel, ratings: 0, positiveRatingRate: 0 })),
        }),
      ),
    });
    renderAdminPage(`/admin/reports/business-user/${BUSINESS_ID}`, pages);
    const totals = await screen.findByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('Rated positive').nextSibling).toHaveTextContent(/^No ratings yet$/);
    expect(
      within(screen.getByRole('table', { name: 'Figures per wheel' })).getByText('—'),
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
