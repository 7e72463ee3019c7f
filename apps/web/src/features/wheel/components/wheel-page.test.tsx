import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeHub } from '@/test/fake-hub';
import { makeLockedWheel, makeOpenWheel, makeSnapshot, WHEEL_ID } from '@/test/fixtures';
import { jsonResponse, LocationProbe, mockFetch, renderRoutes } from '@/test/render';
import { WheelPage } from './wheel-page';

const routes = [
  { path: '/wheel/:wheelId', element: <WheelPage /> },
  { path: '/', element: <LocationProbe /> },
];
const WHEEL_URL = `/api/wheels/${WHEEL_ID}`;

/** A fake hub that answers JoinWheel with `wheel`, and a client on it for the screen. */
function liveHub(wheel = makeOpenWheel()) {
  const hub = new FakeHub();
  hub.handle('JoinWheel', () => ({ data: makeSnapshot({ wheel }) }));
  hub.handle('LeaveWheel', () => ({ data: null }));
  return { hub, realtime: hub.client() };
}

describe('wheel page', () => {
  it("shows 'Error' with a way home when the wheel cannot be loaded", async () => {
    mockFetch({
      [`GET ${WHEEL_URL}`]: jsonResponse(
        { error: { code: 'not_found', reason: 'not_found', message: 'Not found' } },
        404,
      ),
    });
    renderRoutes(routes, `/wheel/${WHEEL_ID}`);

    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('heading', { name: 'Error' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Could not fetch the wheel. It may not exist or you may not have permission to view it.',
      ),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Return to Home' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/');
  });

  it('shows a locked wheel with its details and the access-code form', async () => {
    mockFetch({ [`GET ${WHEEL_URL}`]: jsonResponse(makeLockedWheel()) });
    renderRoutes(routes, `/wheel/${WHEEL_ID}`);

    expect(await screen.findByRole('heading', { name: 'Board Room' })).toBeInTheDocument();
    expect(screen.getByText('Invitation only.')).toBeInTheDocument();
    expect(screen.getByText(WHEEL_ID)).toBeInTheDocument();
    expect(screen.getByText('Slots').nextElementSibling).toHaveTextContent('8');
    expect(screen.getByText('Current round').nextElementSibling).toHaveTextContent('2');
    expect(screen.getByLabelText('Access code')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unlock Wheel' })).toBeInTheDocument();
  });

  it('rejects an empty or blank access code without calling the API', async () => {
    const fetchMock = mockFetch({ [`GET ${WHEEL_URL}`]: jsonResponse(makeLockedWheel()) });
    renderRoutes(routes, `/wheel/${WHEEL_ID}`);
    const button = await screen.findByRole('button', { name: 'Unlock Wheel' });

    await userEvent.click(button);
    expect(await screen.findByText('Please enter the access code.')).toBeInTheDocument();
    expect(screen.getByLabelText('Access code')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(screen.getByLabelText('Access code'), '   ');
    await userEvent.click(button);
    expect(screen.getByText('Please enter the access code.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("shows the server's message for a wrong access code", async () => {
    mockFetch({
      [`GET ${WHEEL_URL}`]: jsonResponse(makeLockedWheel()),
      [`POST ${WHEEL_URL}/access`]: jsonResponse(
        {
          error: {
            code: 'forbidden',
            reason: 'access_code_invalid',
            message: 'Invalid access code. Please try again.',
          },
        },
        403,
      ),
    });
    renderRoutes(routes, `/wheel/${WHEEL_ID}`);

    await userEvent.type(await screen.findByLabelText('Access code'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Unlock Wheel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid access code. Please try again.');
  });

  it('opens the wheel returned by a correct access code and keeps its grant for this tab', async () => {
    const fetchMock = mockFetch({
      [`GET ${WHEEL_URL}`]: jsonResponse(makeLockedWheel()),
      [`POST ${WHEEL_URL}/access`]: jsonResponse({ wheel: makeOpenWheel(), accessGrant: 'grant-123' }),
    });
    const { hub, realtime } = liveHub();
    renderRoutes(routes, `/wheel/${WHEEL_ID}`, { realtime });

    await userEvent.type(await screen.findByLabelText('Access code'), '  s3cret ');
    await userEvent.click(screen.getByRole('button', { name: 'Unlock Wheel' }));

    expect(await screen.findByRole('list', { name: 'Inner ring' })).toBeInTheDocument();
    expect(fetchMock.mock.calls[1]?.[1]?.body).toBe('{"accessCode":"s3cret"}');
    expect(sessionStorage.getItem(`wheel_access:${WHEEL_ID}`)).toBe('grant-123');
    await waitFor(() =>
      expect(hub.callsOf('JoinWheel')).toEqual([{ wheelId: WHEEL_ID, accessGrant: 'grant-123' }]),
    );
  });

  it('opens a private wheel straight away with a stored grant', async () => {
    sessionStorage.setItem(`wheel_access:${WHEEL_ID}`, 'grant-123');
    const fetchMock = mockFetch({ [`GET ${WHEEL_URL}`]: jsonResponse(makeOpenWheel()) });
    const { realtime } = liveHub();
    renderRoutes(routes, `/wheel/${WHEEL_ID}`, { realtime });

    expect(await screen.findByRole('list', { name: 'Outer ring' })).toBeInTheDocument();
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('x-wheel-access')).toBe('grant-123');
  });

  it('forgets a stored grant the server no longer honours', async () => {
    sessionStorage.setItem(`wheel_access:${WHEEL_ID}`, 'expired');
    mockFetch({ [`GET ${WHEEL_URL}`]: jsonResponse(makeLockedWheel()) });
    renderRoutes(routes, `/wheel/${WHEEL_ID}`);

    expect(await screen.findByRole('button', { name: 'Unlock Wheel' })).toBeInTheDocument();
    await waitFor(() => expect(sessionStorage.getItem(`wheel_access:${WHEEL_ID}`)).toBeNull());
  });

  it('shows an open wheel live, with its name as the page heading and no home header', async () => {
    mockFetch({ [`GET ${WHEEL_URL}`]: jsonResponse(makeOpenWheel({ currentRound: 5 })) });
    const { realtime } = liveHub(makeOpenWheel({ currentRound: 5 }));
    renderRoutes(routes, `/wheel/${WHEEL_ID}`, { realtime });

    expect(await screen.findByRole('heading', { level: 1, name: 'Board Room' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Connect Anywhere, Instantly.' })).not.toBeInTheDocument();
    expect(screen.getByText('Round 5')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Outer ring, seat 1, taken by alice' })).toBeInTheDocument();
    expect(await screen.findByTestId('connection-state')).toHaveTextContent('Connected');
  });
});
