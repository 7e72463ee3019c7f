import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makePlan, PLANS } from '@/test/fixtures';
import { jsonResponse, LocationProbe, mockFetch, renderRoutes } from '@/test/render';
import { PurchasePage } from './purchase-page';

const routes = [
  { path: '/purchase/:planId', element: <PurchasePage /> },
  { path: '/pricing', element: <LocationProbe /> },
];

describe('purchase page', () => {
  it('uses the plan from navigation state and shows its price in USD', async () => {
    const fetchMock = mockFetch({});
    const plan = makePlan({ id: 'professional', name: 'Professional', price: 79.5 });
    renderRoutes(routes, { pathname: '/purchase/professional', state: { plan } });

    expect(
      screen.getByRole('heading', { level: 1, name: 'Get started with Professional' }),
    ).toBeInTheDocument();
    expect(screen.getByText('$79.50')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('marks Account as the active step of Account, Payment, Confirmation', () => {
    mockFetch({});
    renderRoutes(routes, { pathname: '/purchase/starter', state: { plan: makePlan() } });

    const steps = within(screen.getByRole('list', { name: 'Purchase steps' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual(['1Account', '2Payment', '3Confirmation']);
    expect(steps[0]).toHaveAttribute('aria-current', 'step');
    expect(steps[1]).not.toHaveAttribute('aria-current');
  });

  it('looks the plan up in the plans list on a direct visit', async () => {
    mockFetch({ 'GET /api/business/plans': jsonResponse(PLANS) });
    renderRoutes(routes, '/purchase/enterprise');

    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('heading', { name: 'Get started with Enterprise' })).toBeInTheDocument();
    expect(screen.getByText('$199')).toBeInTheDocument();
  });

  it('redirects to /pricing for an unknown plan', async () => {
    mockFetch({ 'GET /api/business/plans': jsonResponse(PLANS) });
    const { router } = renderRoutes(routes, '/purchase/no-such-plan');

    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
    expect(screen.getByTestId('location')).toHaveTextContent('/pricing');
  });

  it('redirects to /pricing when the plans cannot be loaded', async () => {
    mockFetch({
      'GET /api/business/plans': jsonResponse(
        { error: { code: 'internal_error', reason: 'internal_error', message: 'Boom' } },
        500,
      ),
    });
    const { router } = renderRoutes(routes, '/purchase/starter');

    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
  });

  it('ignores navigation state carrying a different plan than the URL', async () => {
    mockFetch({ 'GET /api/business/plans': jsonResponse(PLANS) });
    renderRoutes(routes, { pathname: '/purchase/starter', state: { plan: makePlan({ id: 'other' }) } });

    expect(await screen.findByRole('heading', { name: 'Get started with Starter' })).toBeInTheDocument();
  });
});
