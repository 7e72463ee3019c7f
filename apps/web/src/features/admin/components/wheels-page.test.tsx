import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, mockFetch } from '@/test/render';
import {
  makeAdminWheel,
  makeWheelRow,
  profileRoute,
  renderAdminPage,
  signIn,
  WHEEL_A,
  WHEEL_B,
} from '../test-utils';
import { WheelCreatePage } from './wheel-create-page';
import { WheelDetailPage } from './wheel-detail-page';
import { WheelsPage } from './wheels-page';

const pages = [
  { path: 'wheels', element: <WheelsPage /> },
  { path: 'wheels/new', element: <WheelCreatePage /> },
  { path: 'wheels/:wheelId', element: <WheelDetailPage /> },
];

const ROWS = [
  makeWheelRow(),
  makeWheelRow({ id: WHEEL_B, name: 'Board Room', status: 'Inactive', isPrivate: true }),
];

afterEach(() => {
  vi.useRealTimers();
});

describe('wheels list', () => {
  it('lists the wheels in a table with their status', async () => {
    signIn('admin');
    mockFetch({ ...profileRoute('admin'), 'GET /api/admin/wheels': jsonResponse(ROWS) });
    renderAdminPage('/admin/wheels', pages);

    const table = await screen.findByRole('table', { name: 'Wheels' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByText('Active')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('Inactive')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Board Room' })).toHaveAttribute(
      'href',
      `/admin/wheels/${WHEEL_B}`,
    );
  });

  it("filters by name and says 'No wheels match your search'", async () => {
    signIn('admin');
    mockFetch({ ...profileRoute('admin'), 'GET /api/admin/wheels': jsonResponse(ROWS) });
    renderAdminPage('/admin/wheels', pages);

    const search = await screen.findByLabelText('Search wheels by name');
    await userEvent.type(search, 'board');
    expect(screen.getAllByRole('row')).toHaveLength(2);
    await userEvent.type(search, 'xyz');
    expect(screen.getByText('No wheels match your search')).toBeInTheDocument();
  });

  it("says 'No wheels found' for an empty list and 'Failed to load wheels data' on failure", async () => {
    signIn('admin');
    mockFetch({ ...profileRoute('admin'), 'GET /api/admin/wheels': jsonResponse([]) });
    const first = renderAdminPage('/admin/wheels', pages);
    expect(await screen.findByText('No wheels found')).toBeInTheDocument();
    first.unmount();

    mockFetch({
      ...profileRoute('admin'),
      'GET /api/admin/wheels': errorResponse(500, 'internal_error', 'Boom'),
    });
    renderAdminPage('/admin/wheels', pages);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load wheels data');
  });

  it("calls a business user's list 'My Wheels'", async () => {
    signIn('business');
    mockFetch({ ...profileRoute('business'), 'GET /api/admin/wheels': jsonResponse([]) });
    renderAdminPage('/admin/wheels', pages);
    expect(await screen.findByRole('heading', { level: 1, name: 'My Wheels' })).toBeInTheDocument();
  });

  it('asks before deleting, then shows a banner naming the wheel for 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    signIn('admin');
    let rows = ROWS;
    const fetchMock = mockFetch({
      ...profileRoute('admin'),
      'GET /api/admin/wheels': () => jsonResponse(rows),
      [`DELETE /api/admin/wheels/${WHEEL_B}`]: () => {
        rows = [ROWS[0] ?? makeWheelRow()];
        return new Response(null, { status: 204 });
      },
    });
    renderAdminPage('/admin/wheels', pages);

    await user.click(await screen.findByRole('button', { name: 'Delete Board Room' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete wheel' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this wheel?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    const banner = await screen.findByText('Wheel "Board Room" was deleted successfully.');
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/admin/wheels/${WHEEL_B}`,
      expect.objectContaining({ method: 'DELETE' }),
    );
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Board Room' })).not.toBeInTheDocument());

    act(() => vi.advanceTimersByTime(4_000));
    expect(banner).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1_100));
    expect(screen.queryByText('Wheel "Board Room" was deleted successfully.')).not.toBeInTheDocument();
  });

  it("keeps the dialog open with 'Failed to delete wheel. Please try again.' when deleting fails", async () => {
    signIn('admin');
    mockFetch({
      ...profileRoute('admin'),
      'GET /api/admin/wheels': jsonResponse(ROWS),
      [`DELETE /api/admin/wheels/${WHEEL_A}`]: errorResponse(409, 'conflict', 'Busy'),
    });
    renderAdminPage('/admin/wheels', pages);

    await userEvent.click(await screen.findByRole('button', { name: 'Delete Friday Mixer' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to delete wheel. Please try again.',
    );
  });

  it('creates a wheel, then opens it with a banner that goes after 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    signIn('admin');
    const created = makeAdminWheel({ id: WHEEL_B, name: 'Launch Party' });
    const fetchMock = mockFetch({
      ...profileRoute('admin'),
      'GET /api/admin/wheels': jsonResponse([]),
      'POST /api/admin/wheels': jsonResponse(created, 201),
      [`GET /api/admin/wheels/${WHEEL_B}`]: jsonResponse(created),
    });
    const { router } = renderAdminPage('/admin/wheels/new', pages);

    await user.type(await screen.findByLabelText(/^Name/), 'Launch Party');
    await user.type(screen.getByLabelText(/^Description/), 'Celebrate');
    await user.click(screen.getByRole('button', { name: 'Create Wheel' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/wheels/${WHEEL_B}`));
    expect(await screen.findByText('Wheel "Launch Party" was created successfully.')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ name: 'Launch Party', slotCount: 12 });

    act(() => vi.advanceTimersByTime(5_100));
    expect(screen.queryByText('Wheel "Launch Party" was created successfully.')).not.toBeInTheDocument();
  });
});
