import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeLockedWheel, makeOpenWheel, WHEEL_ID } from '@/test/fixtures';
import { jsonResponse, LocationProbe, mockFetch, renderRoutes } from '@/test/render';
import { WheelPage } from './wheel-page';
import { splitRings } from './wheel-rings';

const routes = [
  { path: '/wheel/:wheelId', element: <WheelPage /> },
  { path: '/', element: <LocationProbe /> },
];
const WHEEL_URL = `/api/wheels/${WHEEL_ID}`;

describe('wheel page', () => {
  it("shows 'Error' with a way home when the wheel cannot be loaded", async () => {
    mockFetch({
      [`GET ${WHEEL_URL}`]: jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404),
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
        { error: { code: 'forbidden', message: 'Invalid access code. Please try again.' } },
        403,
      ),
    });
    renderRoutes(routes, `/wheel/${WHEEL_ID}`);

    await userEvent.type(await screen.findByLabelText('Access code'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Unlock Wheel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid access code. Please try again.');
  });

  it('opens the wheel returned by a correct access code', async () => {
    const fetchMock = mockFetch({
      [`GET ${WHEEL_URL}`]: jsonResponse(makeLockedWheel()),
      [`POST ${WHEEL_URL}/access`]: jsonResponse(makeOpenWheel()),
    });
    renderRoutes(routes, `/wheel/${WHEEL_ID}`);

    await userEvent.type(await screen.findByLabelText('Access code'), '  s3cret ');
    await userEvent.click(screen.getByRole('button', { name: 'Unlock Wheel' }));

    expect(await screen.findByRole('list', { name: 'Inner ring' })).toBeInTheDocument();
    expect(fetchMock.mock.calls[1]?.[1]?.body).toBe('{"accessCode":"s3cret"}');
  });

  it('shows an open wheel as two rings of occupants and free slots', async () => {
    mockFetch({ [`GET ${WHEEL_URL}`]: jsonResponse(makeOpenWheel({ currentRound: 5 })) });
    renderRoutes(routes, `/wheel/${WHEEL_ID}`);

    expect(await screen.findByRole('heading', { name: 'Board Room' })).toBeInTheDocument();
    expect(screen.getByText('Round 5')).toBeInTheDocument();
    const inner = screen.getByRole('list', { name: 'Inner ring' });
    const outer = screen.getByRole('list', { name: 'Outer ring' });
    expect(
      within(inner)
        .getAllByRole('listitem')
        .map((slot) => slot.textContent),
    ).toEqual(['Slot 1: Free', 'Slot 2: Free']);
    expect(
      within(outer)
        .getAllByRole('listitem')
        .map((slot) => slot.textContent),
    ).toEqual(['Slot 3: alice', 'Slot 4: Free']);
    expect(screen.getByText(/joining live comes with the real-time wheel/i)).toBeInTheDocument();
  });
});

describe('splitRings', () => {
  it('puts positions 0..half-1 on the inner ring and the rest on the outer ring', () => {
    const { inner, outer } = splitRings(6, []);
    expect(inner.map((seat) => seat.position)).toEqual([0, 1, 2]);
    expect(outer.map((seat) => seat.position)).toEqual([3, 4, 5]);
    expect(inner.every((seat) => !seat.occupied)).toBe(true);
  });
});
