import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { PLANS } from '@/test/fixtures';
import { jsonResponse, LocationProbe, mockFetch, renderRoutes } from '@/test/render';
import { BusinessPage } from './business-page';

function PurchaseProbe() {
  return <LocationProbe />;
}

const routes = [
  { path: '/business', element: <BusinessPage /> },
  { path: '/purchase/:planId', element: <PurchaseProbe /> },
];

let scrollIntoView: Mock<Element['scrollIntoView']>;

beforeEach(() => {
  scrollIntoView = vi.fn<Element['scrollIntoView']>();
  vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(scrollIntoView);
});

describe('business landing page', () => {
  it('shows the hero, whose Get Started scrolls to the pricing section', async () => {
    mockFetch({ 'GET /api/business/plans': jsonResponse(PLANS) });
    renderRoutes(routes, '/business');

    expect(
      screen.getByRole('heading', { level: 1, name: 'Transform Your Events with Interactive Networking' }),
    ).toBeInTheDocument();
    await screen.findByRole('article', { name: 'Starter' });
    expect(scrollIntoView).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Get Started' }));
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toHaveAttribute('id', 'pricing-section');
    expect(screen.getByRole('heading', { name: 'Simple, transparent pricing' })).toHaveFocus();
  });

  it('renders a card per plan with its euro price and highlights the featured plan', async () => {
    mockFetch({ 'GET /api/business/plans': jsonResponse(PLANS) });
    renderRoutes(routes, '/business');

    const starter = await screen.findByRole('article', { name: 'Starter' });
    expect(within(starter).getByText('€29')).toBeInTheDocument();
    expect(within(starter).getByText('/month')).toBeInTheDocument();
    expect(within(starter).getByText('Up to 50 participants')).toBeInTheDocument();
    expect(within(starter).queryByText('Most popular')).not.toBeInTheDocument();

    const professional = screen.getByRole('article', { name: 'Professional' });
    expect(within(professional).getByText('€79.50')).toBeInTheDocument();
    expect(within(professional).getByText('Most popular')).toBeInTheDocument();
    expect(professional).toHaveAttribute('data-featured', 'true');

    expect(screen.getAllByText('Most popular')).toHaveLength(1);
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it("goes to /purchase/{planId} from a plan's Get Started", async () => {
    mockFetch({ 'GET /api/business/plans': jsonResponse(PLANS) });
    const { router } = renderRoutes(routes, '/business');

    await userEvent.click(await screen.findByRole('button', { name: 'Get Started with Professional' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/purchase/professional');
    expect(router.state.location.state).toEqual({ plan: PLANS[1] });
  });

  it('scrolls the pricing section into view once plans load when the hash asks for it', async () => {
    mockFetch({ 'GET /api/business/plans': jsonResponse(PLANS) });
    renderRoutes(routes, '/business#pricing-section');

    await screen.findByRole('article', { name: 'Starter' });
    await waitFor(() => expect(scrollIntoView).toHaveBeenCalled());
  });

  it("shows 'Loading...' and then an error state when the plans cannot be loaded", async () => {
    mockFetch({
      'GET /api/business/plans': jsonResponse(
        { error: { code: 'service_unavailable', message: 'Plans are unavailable right now.' } },
        503,
      ),
    });
    renderRoutes(routes, '/business');

    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the plans');
    expect(alert).toHaveTextContent('Plans are unavailable right now.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
