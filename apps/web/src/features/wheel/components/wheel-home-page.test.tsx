import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makePublicWheel, WHEEL_ID } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderRoutes } from '@/test/render';
import { WheelHomePage } from './wheel-home-page';

const routes = [{ path: '/', element: <WheelHomePage /> }];

describe('wheel home page', () => {
  it('lists the public wheels, each linking to its page', async () => {
    mockFetch({ 'GET /api/wheels/public': jsonResponse([makePublicWheel()]) });
    renderRoutes(routes, '/');

    expect(
      screen.getByRole('heading', { level: 1, name: 'Connect Anywhere, Instantly.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    const link = await screen.findByRole('link', { name: /Friday Mixer/ });
    expect(link).toHaveAttribute('href', `/wheel/${WHEEL_ID}`);
    expect(within(link).getByText('12 slots')).toBeInTheDocument();
  });

  it('says so when there are no public wheels', async () => {
    mockFetch({ 'GET /api/wheels/public': jsonResponse([]) });
    renderRoutes(routes, '/');

    expect(await screen.findByText('No public wheels right now.')).toBeInTheDocument();
  });

  it('shows an error state with a retry when the list cannot be loaded', async () => {
    mockFetch({ 'GET /api/wheels/public': () => Promise.reject(new TypeError('offline')) });
    renderRoutes(routes, '/');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Network error. Please try again.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
