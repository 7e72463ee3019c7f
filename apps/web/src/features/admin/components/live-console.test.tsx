import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ANNOUNCEMENT_TOO_SOON_MESSAGE,
  aliasOf,
  type Participant,
  type WheelLive,
} from '@wheelmeet/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, mockFetch, renderRoutes, requestBodies } from '@/test/render';
import { formatDateTime } from '../lib/format';
import { makeAdminWheel, makeWheelLive, WHEEL_A } from '../test-utils';
import { LiveConsole } from './live-console';

const URL = `/api/admin/wheels/${WHEEL_A}`;
const SAM = '77777777-7777-4777-8777-777777777777';
const NAMELESS = '88888888-8888-4888-8888-888888888888';

const participant = (id: string, username: string | null): Participant => ({
  id,
  username,
  age: null,
  gender: null,
  shortBio: null,
  whoAmI: null,
  interests: null,
});

/**
 * Mounts the console on a server whose live figures are `live` (changed by the test through
 * `setLive`) and whose clock runs `serverAheadMs` ahead of this computer's.
 */
function open(live: Partial<WheelLive> = {}, extra: Parameters<typeof mockFetch>[0] = {}, serverAheadMs = 0) {
  let current = live;
  const fetchMock = mockFetch({
    [`GET ${URL}/live`]: () =>
      jsonResponse(
        makeWheelLive({ ...current, serverTime: new Date(Date.now() + serverAheadMs).toISOString() }),
      ),
    [`POST ${URL}/rounds`]: jsonResponse(makeAdminWheel()),
    ...extra,
  });
  renderRoutes([{ path: '/', element: <LiveConsole wheel={makeAdminWheel()} /> }], '/');
  const setLive = (next: Partial<WheelLive>) => {
    current = next;
  };
  return { fetchMock, setLive, console: () => screen.findByRole('region', { name: 'Live console' }) };
}

const figure = (region: HTMLElement, label: string) =>
  within(region).getByText(label, { selector: 'dt' }).nextElementSibling;

afterEach(() => {
  vi.useRealTimers();
});

describe('live console', () => {
  it('shows where the event stands: round, seats, calls, answers, who sat out and the latest announcement', async () => {
    const sentAt = '2026-05-01T18:00:00.000Z';
    const { console } = open({
      roundCount: 8,
      satOutLastRound: [participant(SAM, 'Sam'), participant(NAMELESS, null)],
      announcement: { message: 'Five minutes to the break', sentAt },
    });
    const region = await console();
    expect(await within(region).findByText('Running')).toBeInTheDocument();
    expect(within(region).getByText('Round 3 of 8')).toBeInTheDocument();
    expect(figure(region, 'Next spin')).toHaveTextContent('Waiting for people on both rings');
    expect(figure(region, 'Seated')).toHaveTextContent('6');
    expect(figure(region, 'In calls')).toHaveTextContent('4');
    expect(figure(region, 'Waiting for an answer')).toHaveTextContent('1');
    expect(figure(region, 'Sat out last round')).toHaveTextContent(`Sam, ${aliasOf(NAMELESS)}`);
    expect(figure(region, 'Latest announcement')).toHaveTextContent(
      `Five minutes to the break (sent at ${formatDateTime(sentAt)})`,
    );
    expect(within(region).queryByRole('button', { name: 'Start now' })).not.toBeInTheDocument();
  });

  it("says 'Round N' for an endless wheel, 'Nobody' sat out and 'Paused' while paused", async () => {
    const { console } = open({ roundsPaused: true, nextSpinAt: new Date(Date.now() + 60_000).toISOString() });
    const region = await console();
    expect(await within(region).findByText('Round 3')).toBeInTheDocument();
    expect(figure(region, 'Next spin')).toHaveTextContent('Paused');
    expect(figure(region, 'Sat out last round')).toHaveTextContent('Nobody');
    expect(figure(region, 'Latest announcement')).toHaveTextContent('None yet');
    expect(within(region).getByRole('button', { name: 'Resume' })).toBeInTheDocument();
  });

  it("says 'Spinning now' while the rings turn and people answer, before the next countdown", async () => {
    const { console } = open({ spinning: true });
    const region = await console();
    await waitFor(() => expect(figure(region, 'Next spin')).toHaveTextContent('Spinning now'));
  });

  it("counts down to the start and the next spin by the server's clock, asking again every 2 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const serverAheadMs = 3_600_000;
    const serverNow = Date.now() + serverAheadMs;
    const { console, fetchMock } = open(
      {
        phase: 'before',
        currentRound: 0,
        startsAt: new Date(serverNow + 300_000).toISOString(),
        nextSpinAt: new Date(serverNow + 330_000).toISOString(),
      },
      {},
      serverAheadMs,
    );
    const region = await console();
    expect(await within(region).findByText('Starts in 5:00')).toBeInTheDocument();
    expect(figure(region, 'Next spin')).toHaveTextContent('5:30');

    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(within(region).getByText('Starts in 4:59')).toBeInTheDocument();
    expect(figure(region, 'Next spin')).toHaveTextContent('5:29');
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(fetchMock.mock.calls.filter(([url]) => url === `${URL}/live`).length).toBeGreaterThanOrEqual(2);
    expect(within(region).getByText('Starts in 4:57')).toBeInTheDocument();
  });

  it('starts the event now before its start, and has no spin then', async () => {
    const { console, fetchMock } = open({
      phase: 'before',
      startsAt: new Date(Date.now() + 60_000).toISOString(),
    });
    const region = await console();
    await userEvent.click(await within(region).findByRole('button', { name: 'Start now' }));
    expect(within(region).queryByRole('button', { name: 'Spin now' })).not.toBeInTheDocument();
    expect(await within(region).findByText('The event has started.')).toBeInTheDocument();
    expect(requestBodies(fetchMock, `${URL}/rounds`)).toEqual([{ action: 'start-now' }]);
  });

  it('spins now, pauses and resumes, each with its own action', async () => {
    const { console, fetchMock, setLive } = open();
    const region = await console();
    await userEvent.click(await within(region).findByRole('button', { name: 'Spin now' }));
    expect(await within(region).findByText('The wheel is spinning now.')).toBeInTheDocument();

    setLive({ roundsPaused: true });
    await userEvent.click(within(region).getByRole('button', { name: 'Pause' }));
    await userEvent.click(await within(region).findByRole('button', { name: 'Resume' }));
    await waitFor(() =>
      expect(requestBodies(fetchMock, `${URL}/rounds`)).toEqual([
        { action: 'spin-now' },
        { action: 'pause' },
        { action: 'resume' },
      ]),
    );
  });

  it('asks before ending the event, and hides the controls once it has ended', async () => {
    const { console, fetchMock, setLive } = open();
    const region = await console();
    await userEvent.click(await within(region).findByRole('button', { name: 'End event' }));
    let dialog = await screen.findByRole('dialog', { name: 'End event' });
    expect(dialog).toHaveTextContent('End the event now? Nobody can take a seat afterwards.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestBodies(fetchMock, `${URL}/rounds`)).toEqual([]);

    const endedAt = '2026-05-01T20:00:00.000Z';
    setLive({ phase: 'ended', eventEndedAt: endedAt });
    await userEvent.click(within(region).getByRole('button', { name: 'End event' }));
    dialog = await screen.findByRole('dialog', { name: 'End event' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'End event' }));

    expect(await within(region).findByText(`Ended at ${formatDateTime(endedAt)}`)).toBeInTheDocument();
    expect(requestBodies(fetchMock, `${URL}/rounds`)).toEqual([{ action: 'end-event' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    for (const name of ['Spin now', 'Pause', 'End event', 'Start now', 'Apply now']) {
      expect(within(region).queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(within(region).queryByText('Next spin')).not.toBeInTheDocument();
  });

  it('sends an announcement with a counter, clears it and says it was sent', async () => {
    const sentAt = '2026-05-01T18:00:00.000Z';
    const { console, fetchMock } = open(
      {},
      { [`POST ${URL}/announcements`]: jsonResponse({ message: 'Break in 5', sentAt }, 201) },
    );
    const region = await console();
    const form = within(region).getByRole('form', { name: 'Announce' });
    const message = within(form).getByLabelText('Announcement');
    expect(message).toHaveAccessibleDescription('0 / 280');

    await userEvent.click(within(form).getByRole('button', { name: 'Send announcement' }));
    expect(await within(form).findByText('Write the announcement first')).toBeInTheDocument();

    await userEvent.type(message, 'Break in 5');
    expect(message).toHaveAccessibleDescription(/^10 \/ 280/);
    await userEvent.click(within(form).getByRole('button', { name: 'Send announcement' }));
    expect(await within(form).findByText('Announcement sent.')).toBeInTheDocument();
    expect(message).toHaveValue('');
    expect(requestBodies(fetchMock, `${URL}/announcements`)).toEqual([{ message: 'Break in 5' }]);
    expect(figure(region, 'Latest announcement')).toHaveTextContent('Break in 5');
  });

  it("shows the server's message when announcements come too fast", async () => {
    const tooSoon = errorResponse(429, 'too_many_requests', ANNOUNCEMENT_TOO_SOON_MESSAGE);
    tooSoon.headers.set('Retry-After', '7');
    const { console } = open({}, { [`POST ${URL}/announcements`]: tooSoon });
    const form = within(await console()).getByRole('form', { name: 'Announce' });
    await userEvent.type(within(form).getByLabelText('Announcement'), 'Again');
    await userEvent.click(within(form).getByRole('button', { name: 'Send announcement' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(ANNOUNCEMENT_TOO_SOON_MESSAGE);
    expect(within(form).getByLabelText('Announcement')).toHaveValue('Again');
  });
});
