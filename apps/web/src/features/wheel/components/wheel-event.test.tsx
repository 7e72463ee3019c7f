import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type Connection,
  EVENT_ENDED_MESSAGE,
  type OpenWheel,
  type WheelSnapshot,
} from '@wheelmeet/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANNOUNCEMENT_LABEL } from '@/components/event/announcement-banner';
import { SOUND_ALERTS_LABEL } from '@/components/event/sound-toggle';
import { type StoredParticipant, saveParticipant } from '@/lib/auth-storage';
import { formatDayAndTime } from '@/lib/format';
import { RealtimeClientContext } from '@/lib/realtime-client';
import { SOUNDS_STORAGE_KEY, SoundPlayerContext } from '@/lib/sounds';
import { FakeHub } from '@/test/fake-hub';
import {
  ME_ID,
  makeEmptyWheel,
  makeOpenWheel,
  makeSnapshot,
  makeStoredParticipant,
  slotId,
  WHEEL_ID,
} from '@/test/fixtures';
import { createTestQueryClient, jsonResponse, mockFetch } from '@/test/render';
import { CLOSING_TITLE, NOBODY_MET_MESSAGE, PEOPLE_MET_TITLE } from './event-closing-screen';
import { ADD_TO_CALENDAR_LABEL, EVENT_COUNTDOWN_LABEL } from './event-start-notice';
import { spinWarningText } from './spin-warning';
import { WheelExperience } from './wheel-experience';

interface SetupOptions {
  wheel?: OpenWheel;
  me?: StoredParticipant | null;
  snapshot?: Partial<WheelSnapshot>;
  inCall?: boolean;
}

function setup({ wheel = makeOpenWheel(), me = null, snapshot = {}, inCall = false }: SetupOptions = {}) {
  const hub = new FakeHub();
  hub.handle('JoinWheel', () => ({ data: makeSnapshot({ wheel, ...snapshot }) }));
  hub.handle('LeaveWheel', () => ({ data: null }));
  if (me) saveParticipant(me);
  const sound = { beep: vi.fn() };
  const client = hub.client();
  const queryClient = createTestQueryClient();
  const screenWith = (callOpen: boolean) => (
    <QueryClientProvider client={queryClient}>
      <RealtimeClientContext value={client}>
        <SoundPlayerContext value={sound}>
          <WheelExperience wheel={wheel} inCall={callOpen} />
        </SoundPlayerContext>
      </RealtimeClientContext>
    </QueryClientProvider>
  );
  const view = render(screenWith(inCall));
  return { hub, sound, setInCall: (callOpen: boolean) => view.rerender(screenWith(callOpen)) };
}

const settle = () => act(async () => {});
const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
const banner = () => screen.getByRole('status', { name: ANNOUNCEMENT_LABEL });

/** A wheel where the current user holds the first inner seat. */
function wheelWithMeSeated(overrides: Partial<OpenWheel> = {}): OpenWheel {
  const wheel = makeEmptyWheel(overrides);
  return {
    ...wheel,
    slots: wheel.slots.map((slot) =>
      slot.id === slotId(0) ? { ...slot, userId: ME_ID, occupiedAt: wheel.createdAt } : slot,
    ),
  };
}

function connection(overrides: Partial<Connection>): Connection {
  return {
    matchId: '9a8b7c6d-1111-4222-8333-444455556666',
    round: 1,
    partner: { id: 'a1b2c3d4-1111-4222-8333-444455556666', displayName: 'Ada' },
    metAt: '2026-11-28T18:05:00.000Z',
    declined: false,
    mine: null,
    partnerContact: null,
    ...overrides,
  };
}

function mockClosingApi(connections: Connection[]) {
  mockFetch({
    'GET /api/me/connections': jsonResponse({ wheelId: WHEEL_ID, contactFields: ['email'], connections }),
    'GET /api/me/summary-email': jsonResponse({ optIn: false, email: null, sentAt: null }),
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('an event on the wheel page (issue 35)', () => {
  it('before the start, shows when it starts, a countdown and the calendar file, and lets people sit', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const startsAt = inSeconds(5 * 60);
    setup({
      wheel: makeEmptyWheel({ startsAt, roundCount: 6, currentRound: 0 }),
      me: makeStoredParticipant(),
    });
    await settle();

    expect(screen.getByTestId('event-start')).toHaveTextContent(`Starts ${formatDayAndTime(startsAt)}`);
    const countdown = screen.getByRole('timer', { name: EVENT_COUNTDOWN_LABEL });
    expect(countdown).toHaveTextContent('The event starts in 5:00');
    // A timer is not read out every second.
    expect(countdown).not.toHaveAttribute('aria-live', 'polite');
    act(() => vi.advanceTimersByTime(1_000));
    expect(countdown).toHaveTextContent('The event starts in 4:59');

    const calendar = screen.getByRole('link', { name: ADD_TO_CALENDAR_LABEL });
    expect(calendar).toHaveAttribute('href', `/api/wheels/${WHEEL_ID}/event.ics`);
    expect(screen.getByText('6 rounds')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Inner ring, seat 1, free' })).toBeEnabled();

    act(() => vi.advanceTimersByTime(5 * 60_000));
    expect(screen.queryByRole('timer', { name: EVENT_COUNTDOWN_LABEL })).not.toBeInTheDocument();
  });

  it("shows the host's announcement in a live region, until dismissed, and a new one again", async () => {
    const user = userEvent.setup();
    const sentAt = '2026-11-28T18:05:00.000Z';
    const { hub } = setup({ snapshot: { announcement: { message: 'Welcome, everyone!', sentAt } } });
    await settle();

    expect(banner()).toHaveTextContent('Welcome, everyone!');
    expect(within(banner()).getByText(/\d\d:\d\d/)).toHaveAttribute('dateTime', sentAt);
    await user.click(within(banner()).getByRole('button', { name: 'Dismiss' }));
    // The region stays, empty, so the next announcement is heard.
    expect(banner()).toBeEmptyDOMElement();

    act(() =>
      hub.push('Announcement', {
        wheelId: WHEEL_ID,
        message: 'Last round coming up',
        sentAt: '2026-11-28T18:40:00.000Z',
      }),
    );
    expect(banner()).toHaveTextContent('Last round coming up');
  });

  describe('the spin warning', () => {
    it('tells a seated person 10 seconds before the spin, with a beep', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const { sound } = setup({
        wheel: wheelWithMeSeated({ nextSpinAt: inSeconds(15) }),
        me: makeStoredParticipant(),
      });
      await settle();
      expect(screen.queryByText(/^The wheel spins in/)).not.toBeInTheDocument();

      act(() => vi.advanceTimersByTime(5_000));
      expect(screen.getByText(spinWarningText(10))).toBeInTheDocument();
      expect(sound.beep).toHaveBeenCalledTimes(1);
      // Said once: the notice does not count down, nor beep again.
      act(() => vi.advanceTimersByTime(3_000));
      expect(screen.getByText(spinWarningText(10))).toBeInTheDocument();
      expect(sound.beep).toHaveBeenCalledTimes(1);
    });

    it('says how long is really left to someone seated with less than 10 seconds to go', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      setup({ wheel: wheelWithMeSeated({ nextSpinAt: inSeconds(4) }), me: makeStoredParticipant() });
      await settle();
      expect(screen.getByText(spinWarningText(4))).toBeInTheDocument();
    });

    it('stays silent once the person muted the sounds, and remembers it', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const { sound } = setup({
        wheel: wheelWithMeSeated({ nextSpinAt: inSeconds(15) }),
        me: makeStoredParticipant(),
      });
      await settle();
      const toggle = screen.getByRole('button', { name: SOUND_ALERTS_LABEL });
      expect(toggle).toHaveAttribute('aria-pressed', 'true');
      act(() => toggle.click());
      expect(toggle).toHaveAttribute('aria-pressed', 'false');
      expect(localStorage.getItem(SOUNDS_STORAGE_KEY)).toBe('off');

      act(() => vi.advanceTimersByTime(5_000));
      expect(screen.getByText(spinWarningText(10))).toBeInTheDocument();
      expect(sound.beep).not.toHaveBeenCalled();
    });
  });

  it('says why a seat cannot be taken once the event is over', async () => {
    const user = userEvent.setup();
    const { hub } = setup({ me: makeStoredParticipant() });
    await settle();
    hub.handle('TakeSlot', () => ({
      error: { code: 'conflict', reason: 'event_ended', message: EVENT_ENDED_MESSAGE },
    }));
    await user.click(screen.getByRole('button', { name: 'Inner ring, seat 1, free' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(EVENT_ENDED_MESSAGE);
  });

  describe('the closing screen', () => {
    it('thanks the participant and lists the people they had a call with', async () => {
      mockClosingApi([
        connection({}),
        connection({
          matchId: '9a8b7c6d-1111-4222-8333-777788889999',
          partner: { id: 'b1b2c3d4-1111-4222-8333-444455556666', displayName: 'Linus' },
          metAt: null,
          declined: true,
        }),
      ]);
      const { hub } = setup({ me: makeStoredParticipant() });
      await settle();
      act(() => hub.push('EventEnded', { wheelId: WHEEL_ID }));

      expect(await screen.findByRole('heading', { level: 1, name: CLOSING_TITLE })).toBeInTheDocument();
      expect(screen.getByText(EVENT_ENDED_MESSAGE)).toBeInTheDocument();
      const met = screen.getByRole('region', { name: PEOPLE_MET_TITLE });
      expect(await within(met).findByText('Ada')).toBeInTheDocument();
      expect(within(met).queryByText('Linus')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'My connections' })).toBeInTheDocument();
      expect(await screen.findByRole('checkbox', { name: /Email me this list/ })).toBeInTheDocument();
      // The wheel is gone.
      expect(screen.queryByRole('list', { name: 'Inner ring' })).not.toBeInTheDocument();
    });

    it('says so when the participant met nobody', async () => {
      mockClosingApi([]);
      setup({
        wheel: makeOpenWheel({ eventEndedAt: '2026-11-28T19:00:00.000Z' }),
        me: makeStoredParticipant(),
      });
      expect(await screen.findByText(NOBODY_MET_MESSAGE)).toBeInTheDocument();
    });

    it('thanks a visitor who never registered, without a list', async () => {
      setup({ wheel: makeOpenWheel({ eventEndedAt: '2026-11-28T19:00:00.000Z' }) });
      expect(await screen.findByRole('heading', { name: CLOSING_TITLE })).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: PEOPLE_MET_TITLE })).not.toBeInTheDocument();
    });

    it('waits for the call to end', async () => {
      mockClosingApi([connection({})]);
      const { hub, setInCall } = setup({ me: makeStoredParticipant(), inCall: true });
      await settle();
      act(() => hub.push('EventEnded', { wheelId: WHEEL_ID }));
      expect(screen.queryByRole('heading', { name: CLOSING_TITLE })).not.toBeInTheDocument();
      expect(screen.getByRole('list', { name: 'Inner ring' })).toBeInTheDocument();

      setInCall(false);
      expect(await screen.findByRole('heading', { name: CLOSING_TITLE })).toBeInTheDocument();
    });
  });
});
