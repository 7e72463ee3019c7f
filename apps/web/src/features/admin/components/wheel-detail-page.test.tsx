import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, mockFetch } from '@/test/render';
import { makeAdminWheel, makeWheelLive, profileRoute, renderAdminPage, signIn, WHEEL_A } from '../test-utils';
import { WheelDetailPage } from './wheel-detail-page';
import { WheelsPage } from './wheels-page';

const pages = [
  { path: 'wheels', element: <WheelsPage /> },
  { path: 'wheels/:wheelId', element: <WheelDetailPage /> },
];
const URL = `/api/admin/wheels/${WHEEL_A}`;
const PRIVATE = makeAdminWheel({ isPrivate: true, requiresAccessCode: true, accessCode: 'K7M2Q9XZ' });

function open(wheel = PRIVATE, extra: Parameters<typeof mockFetch>[0] = {}) {
  signIn('admin');
  const fetchMock = mockFetch({
    ...profileRoute('admin'),
    [`GET ${URL}`]: jsonResponse(wheel),
    [`GET ${URL}/embed`]: jsonResponse({
      wheelId: WHEEL_A,
      allowedOrigins: [],
      embedPath: `/embed/wheels/${WHEEL_A}`,
    }),
    [`GET ${URL}/safety/reports`]: jsonResponse([]),
    [`GET ${URL}/live`]: () => jsonResponse(makeWheelLive()),
    ...extra,
  });
  const rendered = renderAdminPage(`/admin/wheels/${WHEEL_A}`, pages);
  return { ...rendered, fetchMock };
}

function stubClipboard(writeText: (text: string) => Promise<void>) {
  const mock = vi.fn(writeText);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: mock }, configurable: true });
  return mock;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('wheel detail', () => {
  it("says 'Failed to load wheel details. Please try again.' when the wheel cannot be loaded", async () => {
    open(PRIVATE, { [`GET ${URL}`]: errorResponse(404, 'not_found', 'Wheel not found') });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load wheel details. Please try again.',
    );
  });

  it('shares a private wheel on four networks with its address, and shows the access code', async () => {
    open();
    const panel = await screen.findByRole('region', { name: 'Share this private wheel' });
    const url = `${window.location.origin}/wheel/${WHEEL_A}`;
    const encoded = encodeURIComponent(url);
    const href = (name: string) =>
      within(panel)
        .getByRole('link', { name: new RegExp(name) })
        .getAttribute('href');

    expect(href('WhatsApp')).toMatch(/^https:\/\/wa\.me\/\?text=/);
    expect(decodeURIComponent(href('WhatsApp') ?? '')).toContain(url);
    expect(href('Facebook')).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encoded}`);
    expect(href('Twitter')).toContain(`https://twitter.com/intent/tweet?url=${encoded}`);
    expect(href('LinkedIn')).toBe(`https://www.linkedin.com/sharing/share-offsite/?url=${encoded}`);
    expect(within(panel).getByRole('link', { name: /Facebook/ })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    expect(within(panel).getByText(url)).toBeInTheDocument();
    expect(within(panel).getByText('K7M2Q9XZ')).toBeInTheDocument();
  });

  it("links to the wheel's matching report", async () => {
    open();
    expect(await screen.findByRole('link', { name: 'Matching report' })).toHaveAttribute(
      'href',
      `/admin/wheels/${WHEEL_A}/report`,
    );
  });

  it('has no share panel for a public wheel', async () => {
    open(makeAdminWheel());
    expect(await screen.findByRole('heading', { level: 1, name: 'Friday Mixer' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Share this private wheel' })).not.toBeInTheDocument();
  });

  it("copies the link and says 'Copied!' for 2 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const writeText = stubClipboard(async () => undefined);
    open();

    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/wheel/${WHEEL_A}`);
    expect(await screen.findByText('Copied!')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1_500));
    expect(screen.getByText('Copied!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(600));
    expect(screen.queryByText('Copied!')).not.toBeInTheDocument();
  });

  it("says 'Failed to copy to clipboard' when copying fails", async () => {
    stubClipboard(async () => {
      throw new Error('denied');
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Copy access code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to copy to clipboard');
    expect(screen.queryByText('Copied!')).not.toBeInTheDocument();
  });

  it('says who is seated now and how many registered, as two figures', async () => {
    open(makeAdminWheel({ seatedCount: 0, participantCount: 7, slotCount: 12 }));
    expect(await screen.findByText(/Seated now: 0 of 12 · Registered: 7/)).toBeInTheDocument();
    expect(screen.queryByText(/seats taken/)).not.toBeInTheDocument();
  });

  it('has the live console with the round controls and the timing', async () => {
    open(makeAdminWheel());
    const live = await screen.findByRole('region', { name: 'Live console' });
    expect(await within(live).findByText('Running')).toBeInTheDocument();
    expect(within(live).getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(within(live).getByText('60 s (standard)')).toBeInTheDocument();
  });

  it('changes the round and call length live, and says everyone sees it', async () => {
    const { fetchMock } = open(makeAdminWheel(), {
      [`PUT ${URL}/timing`]: jsonResponse(
        makeAdminWheel({
          roundSeconds: 45,
          effectiveRoundSeconds: 45,
          callMinutes: 8,
          effectiveCallMinutes: 8,
        }),
      ),
    });
    const rounds = await screen.findByRole('region', { name: 'Live console' });
    const timing = within(rounds).getByRole('form', { name: 'Change timing now' });
    await userEvent.type(within(timing).getByLabelText('New round length (seconds)'), '5');
    await userEvent.click(within(timing).getByRole('button', { name: 'Apply now' }));
    expect(await within(timing).findByText('A round lasts at least 10 seconds')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === `${URL}/timing`)).toBe(false);

    await userEvent.type(within(timing).getByLabelText('New round length (seconds)'), '{Backspace}45');
    await userEvent.type(within(timing).getByLabelText('New call length (minutes)'), '8');
    await userEvent.click(within(timing).getByRole('button', { name: 'Apply now' }));
    expect(
      await within(timing).findByText('New timing applied: everyone on the wheel sees it now.'),
    ).toBeVisible();
    expect(within(rounds).getByText('45 s')).toBeInTheDocument();
    expect(within(rounds).getByText('8 min')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([url]) => url === `${URL}/timing`);
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ roundSeconds: 45, callMinutes: 8 });
  });

  it('shows the server’s refusal of a timing change beside the form', async () => {
    open(makeAdminWheel(), {
      [`PUT ${URL}/timing`]: errorResponse(404, 'not_found', 'Wheel not found'),
    });
    const timing = await screen.findByRole('form', { name: 'Change timing now' });
    await userEvent.type(within(timing).getByLabelText('New call length (minutes)'), '3');
    await userEvent.click(within(timing).getByRole('button', { name: 'Apply now' }));
    expect(await within(timing).findByRole('alert')).toHaveTextContent('Wheel not found');
  });

  it('saves changes with a banner naming the wheel for 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { fetchMock } = open(makeAdminWheel(), {
      [`PUT ${URL}`]: jsonResponse(makeAdminWheel({ name: 'Friday Social' })),
    });
    const name = await screen.findByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Friday Social');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Wheel "Friday Social" was updated successfully.')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    const body = JSON.parse(String(put?.[1]?.body));
    expect(body).toMatchObject({ name: 'Friday Social', status: 'Active' });
    expect(body).not.toHaveProperty('slotCount');

    act(() => vi.advanceTimersByTime(4_000));
    expect(screen.getByText('Wheel "Friday Social" was updated successfully.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1_100));
    expect(screen.queryByText('Wheel "Friday Social" was updated successfully.')).not.toBeInTheDocument();
  });

  it('deletes from the detail page and returns to the list with the banner', async () => {
    const { router } = open(makeAdminWheel(), {
      [`DELETE ${URL}`]: new Response(null, { status: 204 }),
      'GET /api/admin/wheels': jsonResponse([]),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete wheel' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this wheel?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/wheels'));
    // The list page loads its data first; on a busy machine that takes longer than the default second.
    expect(
      await screen.findByText('Wheel "Friday Mixer" was deleted successfully.', {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
  });
});
