import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { PLANS } from '@/test/fixtures';
import { makeClientConfig } from '@/test/purchase';
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

  it("opens the payment modal from a plan's Get Started, which links to the full checkout", async () => {
    mockFetch({
      'GET /api/business/plans': jsonResponse(PLANS),
      'GET /api/config': jsonResponse(makeClientConfig()),
    });
    const { router } = renderRoutes(routes, '/business');

    await userEvent.click(await screen.findByRole('button', { name: 'Get Started with Professional' }));
    const dialog = await screen.findByRole('dialog', { name: 'Get started with Professional' });
    expect(router.state.location.pathname).toBe('/business');

    await userEvent.click(await within(dialog).findByRole('link', { name: 'Buy with the full checkout' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/purchase/professional');
    expect(router.state.location.state).toEqual({ plan: PLANS[1] });
  });

  it('presents features, use cases, four steps, testimonials and the FAQ', async () => {
    mockFetch({ 'GET /api/business/plans': jsonResponse(PLANS) });
    renderRoutes(routes, '/business');
    await screen.findByRole('article', { name: 'Starter' });

    const features = screen.getByRole('region', { name: 'Everything you need for memorable networking' });
    expect(
      within(features)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      'Customizable matching',
      'Analytics and insights',
      'Seamless integration',
      'Private and secure',
    ]);
    expect(within(features).getByRole('link', { name: 'Discover All Features' })).toHaveAttribute(
      'href',
      '/features',
    );

    const useCases = screen.getByRole('region', { name: 'Built for every kind of gathering' });
    expect(
      within(useCases)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      'Virtual events and conferences',
      'Educational institutions',
      'Professional networking',
      'Corporate team building',
    ]);

    const steps = within(screen.getByRole('region', { name: 'How it works' })).getAllByRole('listitem');
    expect(steps.map((step) => within(step).getByRole('heading').textContent)).toEqual([
      'Step 1: Easy setup',
      'Step 2: Invite participants',
      'Step 3: Start networking',
      'Step 4: Track results',
    ]);

    expect(screen.getAllByRole('figure')).toHaveLength(3);
    expect(screen.getByRole('region', { name: 'Frequently asked questions' })).toBeInTheDocument();
  });

  it("closes with 'Get Started Today' (to pricing) and 'Request Demo' (the demo dialog)", async () => {
    mockFetch({ 'GET /api/business/plans': jsonResponse(PLANS) });
    renderRoutes(routes, '/business');
    await screen.findByRole('article', { name: 'Starter' });

    await userEvent.click(screen.getByRole('button', { name: 'Get Started Today' }));
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toHaveAttribute('id', 'pricing-section');

    await userEvent.click(screen.getByRole('button', { name: 'Request Demo' }));
    expect(screen.getByRole('dialog', { name: 'Request a demo' })).toBeInTheDocument();
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
        {
          error: {
            code: 'service_unavailable',
            reason: 'service_unavailable',
            message: 'Plans are unavailable right now.',
          },
        },
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
