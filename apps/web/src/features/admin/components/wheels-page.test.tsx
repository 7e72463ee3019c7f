import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminWheel } from '@wheelmeet/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, mockFetch, requestBodies } from '@/test/render';
import {
  BUSINESS_ID,
  makeAdminWheel,
  makeBusinessUser,
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

const OTHER_BUSINESS_ID = '77777777-7777-4777-8777-777777777777';
const BUSINESS_USERS = [
  makeBusinessUser(),
  makeBusinessUser({ id: OTHER_BUSINESS_ID, companyName: 'Globex', firstName: 'Hank', lastName: 'Scorpio' }),
];
/** An admin's session and the business users an admin's wheel screens look up. */
const adminServer = () => ({
  ...profileRoute('admin'),
  'GET /api/admin/business-users': jsonResponse(BUSINESS_USERS),
});

/** A server a wheel is created on: no wheels yet, then `created`, which its page loads. */
const creationServer = (created: AdminWheel, session: object = adminServer()) => ({
  ...session,
  'GET /api/admin/wheels': jsonResponse([]),
  'POST /api/admin/wheels': jsonResponse(created, 201),
  [`GET /api/admin/wheels/${created.id}`]: jsonResponse(created),
});

afterEach(() => {
  vi.useRealTimers();
});

describe('wheels list', () => {
  it('lists the wheels in a table with their status', async () => {
    signIn('admin');
    mockFetch({ ...adminServer(), 'GET /api/admin/wheels': jsonResponse(ROWS) });
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

  it('marks the wheels with reports nobody has handled yet', async () => {
    signIn('admin');
    mockFetch({
      ...adminServer(),
      'GET /api/admin/wheels': jsonResponse([
        makeWheelRow({ openReportCount: 2 }),
        makeWheelRow({ id: WHEEL_B, name: 'Board Room', openReportCount: 0 }),
      ]),
    });
    renderAdminPage('/admin/wheels', pages);

    const table = await screen.findByRole('table', { name: 'Wheels' });
    const [, reported, quiet] = within(table).getAllByRole('row') as HTMLElement[];
    expect(within(reported as HTMLElement).getByText('2 open reports')).toBeInTheDocument();
    expect(within(quiet as HTMLElement).queryByText(/open report/)).not.toBeInTheDocument();
  });

  it('shows who is seated now apart from everyone registered, each cell labelled for a phone', async () => {
    signIn('admin');
    mockFetch({
      ...adminServer(),
      'GET /api/admin/wheels': jsonResponse([makeWheelRow({ seatedCount: 0, participantCount: 7 })]),
    });
    renderAdminPage('/admin/wheels', pages);

    const table = await screen.findByRole('table', { name: 'Wheels' });
    expect(within(table).queryByRole('columnheader', { name: 'Participants' })).not.toBeInTheDocument();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Seated now', 'Registered']));
    const [, row] = within(table).getAllByRole('row') as HTMLElement[];
    expect(within(row as HTMLElement).getByRole('cell', { name: '0 of 12' })).toHaveAttribute(
      'data-label',
      'Seated now',
    );
    expect(within(row as HTMLElement).getByRole('cell', { name: '7' })).toHaveAttribute(
      'data-label',
      'Registered',
    );
    // On a phone the row is a card whose actions stay with it.
    expect(within(row as HTMLElement).getByRole('link', { name: 'Edit Friday Mixer' })).toBeInTheDocument();
    expect(
      within(row as HTMLElement).getByRole('button', { name: 'Delete Friday Mixer' }),
    ).toBeInTheDocument();
  });

  it("shows admins each wheel's owner: the business user's company, else WheelMeet", async () => {
    signIn('admin');
    mockFetch({
      ...adminServer(),
      'GET /api/admin/wheels': jsonResponse([
        makeWheelRow(),
        makeWheelRow({ id: WHEEL_B, name: 'Board Room', businessUserId: OTHER_BUSINESS_ID }),
      ]),
    });
    renderAdminPage('/admin/wheels', pages);

    const table = await screen.findByRole('table', { name: 'Wheels' });
    expect(within(table).getByRole('columnheader', { name: 'Owner' })).toBeInTheDocument();
    const [, mixer, boardRoom] = within(table).getAllByRole('row') as HTMLElement[];
    expect(await within(boardRoom as HTMLElement).findByRole('cell', { name: 'Globex' })).toBeInTheDocument();
    expect(within(mixer as HTMLElement).getByRole('cell', { name: 'WheelMeet' })).toBeInTheDocument();
  });

  it('shows a business user no Owner column and does not ask for the business users', async () => {
    signIn('business');
    const fetchMock = mockFetch({
      ...profileRoute('business'),
      'GET /api/admin/wheels': jsonResponse([makeWheelRow({ businessUserId: BUSINESS_ID })]),
    });
    renderAdminPage('/admin/wheels', pages);

    const table = await screen.findByRole('table', { name: 'My Wheels' });
    expect(within(table).queryByRole('columnheader', { name: 'Owner' })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith('/api/admin/business-users', expect.anything());
  });

  it("filters by name and says 'No wheels match your search'", async () => {
    signIn('admin');
    mockFetch({ ...adminServer(), 'GET /api/admin/wheels': jsonResponse(ROWS) });
    renderAdminPage('/admin/wheels', pages);

    const search = await screen.findByLabelText('Search wheels by name');
    await userEvent.type(search, 'board');
    expect(screen.getAllByRole('row')).toHaveLength(2);
    await userEvent.type(search, 'xyz');
    expect(screen.getByText('No wheels match your search')).toBeInTheDocument();
  });

  it("says 'No wheels found' for an empty list and 'Failed to load wheels data' on failure", async () => {
    signIn('admin');
    mockFetch({ ...adminServer(), 'GET /api/admin/wheels': jsonResponse([]) });
    const first = renderAdminPage('/admin/wheels', pages);
    expect(await screen.findByText('No wheels found')).toBeInTheDocument();
    first.unmount();

    mockFetch({
      ...adminServer(),
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
      ...adminServer(),
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
      ...adminServer(),
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
    const fetchMock = mockFetch(creationServer(created));
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

  it("lets an admin pick the owner, sent as businessUserId, WheelMeet's as null", async () => {
    signIn('admin');
    const created = makeAdminWheel({ id: WHEEL_B, name: 'Launch Party', businessUserId: BUSINESS_ID });
    const fetchMock = mockFetch(creationServer(created));
    const { router } = renderAdminPage('/admin/wheels/new', pages);

    const owner = await screen.findByLabelText('Owner');
    expect(owner).toHaveValue('');
    await within(owner).findByRole('option', { name: 'Acme — Bea Baker' });
    expect(
      within(owner)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['WheelMeet (no business user)', 'Acme — Bea Baker', 'Globex — Hank Scorpio']);

    await userEvent.type(screen.getByLabelText(/^Name/), 'Launch Party');
    await userEvent.type(screen.getByLabelText(/^Description/), 'Celebrate');
    await userEvent.selectOptions(owner, 'Acme — Bea Baker');
    await userEvent.click(screen.getByRole('button', { name: 'Create Wheel' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/wheels/${WHEEL_B}`));
    expect(requestBodies(fetchMock, '/api/admin/wheels')).toEqual([
      expect.objectContaining({ name: 'Launch Party', businessUserId: BUSINESS_ID }),
    ]);
  });

  it('sends null as the owner when an admin keeps WheelMeet', async () => {
    signIn('admin');
    const created = makeAdminWheel({ id: WHEEL_B, name: 'Launch Party' });
    const fetchMock = mockFetch(creationServer(created));
    const { router } = renderAdminPage('/admin/wheels/new', pages);

    await userEvent.type(await screen.findByLabelText(/^Name/), 'Launch Party');
    await userEvent.type(screen.getByLabelText(/^Description/), 'Celebrate');
    await userEvent.click(screen.getByRole('button', { name: 'Create Wheel' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/wheels/${WHEEL_B}`));
    expect(requestBodies(fetchMock, '/api/admin/wheels')).toEqual([
      expect.objectContaining({ businessUserId: null }),
    ]);
  });

  it('offers a business user no Owner select: their wheels are their own', async () => {
    signIn('business');
    const created = makeAdminWheel({ id: WHEEL_B, name: 'Launch Party', businessUserId: BUSINESS_ID });
    const fetchMock = mockFetch(creationServer(created, profileRoute('business')));
    const { router } = renderAdminPage('/admin/wheels/new', pages);

    await userEvent.type(await screen.findByLabelText(/^Name/), 'Launch Party');
    expect(screen.queryByLabelText('Owner')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Description/), 'Celebrate');
    await userEvent.click(screen.getByRole('button', { name: 'Create Wheel' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/wheels/${WHEEL_B}`));
    const [body] = requestBodies(fetchMock, '/api/admin/wheels');
    expect(body).not.toHaveProperty('businessUserId');
    expect(fetchMock).not.toHaveBeenCalledWith('/api/admin/business-users', expect.anything());
  });

  it("shows the plan's participant limit the server answers", async () => {
    signIn('admin');
    const limit = 'Your plan admits at most 50 participants per wheel, so a wheel can have at most 50 slots.';
    mockFetch({
      ...adminServer(),
      'GET /api/admin/wheels': jsonResponse([]),
      'POST /api/admin/wheels': errorResponse(400, 'bad_request', limit),
    });
    renderAdminPage('/admin/wheels/new', pages);

    const owner = await screen.findByLabelText('Owner');
    await within(owner).findByRole('option', { name: 'Acme — Bea Baker' });
    await userEvent.type(screen.getByLabelText(/^Name/), 'Huge');
    await userEvent.type(screen.getByLabelText(/^Description/), 'Everyone');
    const slots = screen.getByLabelText(/^Slot count/);
    await userEvent.clear(slots);
    await userEvent.type(slots, '52');
    await userEvent.selectOptions(owner, 'Acme — Bea Baker');
    await userEvent.click(screen.getByRole('button', { name: 'Create Wheel' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(limit);
  });
});
