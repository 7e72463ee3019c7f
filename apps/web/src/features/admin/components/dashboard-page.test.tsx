import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, mockFetch, renderRoutes } from '@/test/render';
import {
  adminRoutes,
  BUSINESS_ID,
  makeWheelRow,
  profileRoute,
  signIn,
  WHEEL_A,
  WHEEL_B,
} from '../test-utils';
import { DashboardPage, welcomeText } from './dashboard-page';

const routes = adminRoutes([], <DashboardPage />);

describe('dashboard', () => {
  it('shows an admin the four figures', async () => {
    signIn('admin');
    mockFetch({
      ...profileRoute('admin'),
      'GET /api/admin/dashboard/stats': jsonResponse({
        totalUsers: 1234,
        activeWheels: 7,
        businessUsers: 3,
        businessSignUps: 8,
        totalRevenue: 250,
        revenueByCurrency: { usd: 250 },
      }),
    });
    renderRoutes(routes, '/admin/dashboard');

    expect(await screen.findByText('Total users')).toBeInTheDocument();
    expect(screen.getByText('Total users').nextSibling).toHaveTextContent((1234).toLocaleString());
    expect(screen.getByText('Active wheels').nextSibling).toHaveTextContent('7');
    expect(screen.getByText('Business users').nextSibling).toHaveTextContent('3');
    expect(screen.getByText('Total revenue').nextSibling).toHaveTextContent('250.00');
  });

  it('says what each figure counts: business users are the paying ones, sign-ups apart', async () => {
    signIn('admin');
    mockFetch({
      ...profileRoute('admin'),
      'GET /api/admin/dashboard/stats': jsonResponse({
        totalUsers: 40,
        activeWheels: 2,
        businessUsers: 1,
        businessSignUps: 6,
        totalRevenue: 29,
        revenueByCurrency: { eur: 29 },
      }),
    });
    renderRoutes(routes, '/admin/dashboard');

    const card = (await screen.findByText('Business users')).parentElement as HTMLElement;
    const [value, detail] = within(card).getAllByRole('definition');
    expect(value).toHaveTextContent(/^1$/);
    expect(detail).toHaveTextContent('Paying: active subscription · 6 sign-ups in all');
    expect(screen.getByText('Participants registered on any wheel')).toBeInTheDocument();
  });

  it("says 'Failed to load dashboard data' when the figures cannot be loaded", async () => {
    signIn('admin');
    mockFetch({
      ...profileRoute('admin'),
      'GET /api/admin/dashboard/stats': errorResponse(500, 'internal_error', 'x'),
    });
    renderRoutes(routes, '/admin/dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load dashboard data');
  });

  it('shows a business user its own wheels with links', async () => {
    signIn('business');
    mockFetch({
      ...profileRoute('business'),
      'GET /api/admin/wheels': jsonResponse([
        makeWheelRow({ businessUserId: BUSINESS_ID }),
        makeWheelRow({ id: WHEEL_B, name: 'Not mine', businessUserId: null }),
      ]),
    });
    renderRoutes(routes, '/admin/dashboard');

    const table = await screen.findByRole('table', { name: 'Your wheels' });
    expect(within(table).getByRole('link', { name: 'Friday Mixer' })).toHaveAttribute(
      'href',
      `/admin/wheels/${WHEEL_A}`,
    );
    expect(within(table).queryByText('Not mine')).not.toBeInTheDocument();
    // Seats taken now and everyone registered are two figures, each named.
    expect(within(table).getByRole('columnheader', { name: 'Seated now' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Registered' })).toBeInTheDocument();
    const [, row] = within(table).getAllByRole('row') as HTMLElement[];
    expect(within(row as HTMLElement).getByRole('cell', { name: '2 of 12' })).toHaveAttribute(
      'data-label',
      'Seated now',
    );
    expect(within(row as HTMLElement).getByRole('cell', { name: '5' })).toHaveAttribute(
      'data-label',
      'Registered',
    );
    expect(screen.getByRole('link', { name: 'View report' })).toHaveAttribute(
      'href',
      `/admin/reports/business-user/${BUSINESS_ID}`,
    );
  });

  it('offers no report to an organiser without a wheel, and says what to do instead', async () => {
    signIn('business');
    mockFetch({ ...profileRoute('business'), 'GET /api/admin/wheels': jsonResponse([]) });
    renderRoutes(routes, '/admin/dashboard');

    expect(await screen.findByText('No wheels yet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View report' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Wheel' })).toBeInTheDocument();
  });

  it('greets a person by name and a placeholder such as the seeded "Platform Admin" by none', async () => {
    signIn('business');
    mockFetch({ ...profileRoute('business'), 'GET /api/admin/wheels': jsonResponse([]) });
    renderRoutes(routes, '/admin/dashboard');
    expect(await screen.findByText('Welcome back, Bea.')).toBeInTheDocument();

    expect(welcomeText({ firstName: 'Platform', lastName: 'Admin' })).toBe('Welcome back.');
    expect(welcomeText({ firstName: 'Admin', lastName: 'Lovelace' })).toBe('Welcome back, Admin Lovelace.');
    expect(welcomeText({ firstName: '', lastName: '' })).toBe('Welcome back.');
  });
});
