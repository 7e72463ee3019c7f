import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeHub } from '@/test/fake-hub';
import { makeLockedWheel, makeOpenWheel, makePublicWheel, makeSnapshot, WHEEL_ID } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderRoutes } from '@/test/render';
import { WheelHomePage } from './wheel-home-page';

const routes = [{ path: '/', element: <WheelHomePage /> }];
const OTHER_ID = '11111111-2222-4333-8444-555555555555';

function liveHub() {
  const hub = new FakeHub();
  hub.handle('JoinWheel', () => ({ data: makeSnapshot() }));
  hub.handle('LeaveWheel', () => ({ data: null }));
  return { hub, realtime: hub.client() };
}

describe('wheel home page', () => {
  it('shows the current wheel live under the header, with the other public wheels below', async () => {
    mockFetch({
      'GET /api/wheels/current': jsonResponse(makeOpenWheel()),
      'GET /api/wheels/public': jsonResponse([
        makePublicWheel(),
        makePublicWheel({ id: OTHER_ID, name: 'Lunch Roulette' }),
      ]),
    });
    const { hub, realtime } = liveHub();
    renderRoutes(routes, '/', { realtime });

    expect(
      screen.getByRole('heading', { level: 1, name: 'Connect Anywhere, Instantly.' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('Loading...');

    expect(await screen.findByRole('heading', { level: 2, name: 'Board Room' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Inner ring' })).toBeInTheDocument();
    expect(hub.callsOf('JoinWheel')).toEqual([{ wheelId: WHEEL_ID }]);

    const others = screen.getByRole('region', { name: 'Other public wheels' });
    const link = await within(others).findByRole('link', { name: /Lunch Roulette/ });
    expect(link).toHaveAttribute('href', `/wheel/${OTHER_ID}`);
    // The wheel already on screen is not listed again.
    expect(within(others).queryByRole('link', { name: /Friday Mixer/ })).not.toBeInTheDocument();
  });

  it('says so when no wheel is running', async () => {
    mockFetch({
      'GET /api/wheels/current': jsonResponse(
        { error: { code: 'not_found', reason: 'not_found', message: 'No wheel.' } },
        404,
      ),
      'GET /api/wheels/public': jsonResponse([]),
    });
    renderRoutes(routes, '/');

    expect(await screen.findByText('No wheel is running right now.')).toBeInTheDocument();
    expect(await screen.findByText('No public wheels right now.')).toBeInTheDocument();
  });

  it('shows an error state with a retry when the wheel cannot be loaded', async () => {
    mockFetch({
      'GET /api/wheels/current': () => Promise.reject(new TypeError('offline')),
      'GET /api/wheels/public': jsonResponse([]),
    });
    renderRoutes(routes, '/');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Network error. Please try again.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('puts a private current wheel behind its access-code form', async () => {
    mockFetch({
      'GET /api/wheels/current': jsonResponse(makeLockedWheel()),
      [`GET /api/wheels/${WHEEL_ID}`]: jsonResponse(makeLockedWheel()),
      'GET /api/wheels/public': jsonResponse([]),
    });
    renderRoutes(routes, '/');

    expect(await screen.findByRole('button', { name: 'Unlock Wheel' })).toBeInTheDocument();
  });
});
