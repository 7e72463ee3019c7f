import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  aliasOf,
  type OpenWheel,
  REMOVED_FROM_WHEEL,
  STAYING_ENDED_TEXTS,
  type WheelSnapshot,
  wrongRingMessage,
} from '@wheelmeet/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getStoredParticipant, type StoredParticipant, saveParticipant } from '@/lib/auth-storage';
import { RealtimeClientContext } from '@/lib/realtime-client';
import { FakeHub } from '@/test/fake-hub';
import {
  ME_ID,
  makeEmptyWheel,
  makeMatch,
  makeOpenWheel,
  makeParticipant,
  makeSnapshot,
  makeStoredParticipant,
  PARTICIPANT_ID,
  PARTNER_ID,
  slotId,
  WHEEL_ID,
} from '@/test/fixtures';
import { createTestQueryClient, jsonResponse, mockFetch, stubAlert } from '@/test/render';
import { SESSION_ID_STORAGE_KEY } from '../api/session-id';
import {
  ANY_SEAT_LABEL,
  FIND_ANOTHER_WHEEL_LABEL,
  PAUSED_STATUS,
  SEAT_KEPT_STATUS,
  STAY_LABEL,
  WATCHING_STATUS,
  WHEEL_FULL_CHOICES,
  WHEEL_FULL_STATUS,
  type WheelCallHooks,
  WheelExperience,
} from './wheel-experience';

interface SetupOptions extends WheelCallHooks {
  wheel?: OpenWheel;
  accessGrant?: string | null;
  me?: StoredParticipant | null;
  snapshot?: Partial<WheelSnapshot>;
  hub?: FakeHub;
}

function setup({
  wheel = makeOpenWheel(),
  accessGrant = null,
  me = null,
  snapshot = {},
  hub = new FakeHub(),
  ...call
}: SetupOptions = {}) {
  hub.handle('JoinWheel', () => ({ data: makeSnapshot({ wheel, ...snapshot }) }));
  hub.handle('TakeSlot', () => ({ data: null }));
  hub.handle('LeaveWheel', () => ({ data: null }));
  if (me) saveParticipant(me);
  const client = hub.client();
  const view = render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RealtimeClientContext value={client}>
        <WheelExperience wheel={wheel} accessGrant={accessGrant} {...call} />
      </RealtimeClientContext>
    </QueryClientProvider>,
  );
  return { hub, client, ...view };
}

/** Lets the fake hub's acknowledgements (promises) settle. */
const settle = () => act(async () => {});

const seat = (name: string | RegExp) => screen.getByRole('button', { name });
const ring = (name: 'Inner ring' | 'Outer ring') => screen.getByRole('list', { name });
const seatNames = (name: 'Inner ring' | 'Outer ring') =>
  within(ring(name))
    .getAllByRole('button')
    .map((button) => button.getAttribute('aria-label'));

afterEach(() => {
  vi.useRealTimers();
});

describe('wheel experience', () => {
  it('joins the wheel live and shows both rings of seats, each named by ring, seat and holder', async () => {
    const { hub } = setup();
    await settle();

    expect(hub.callsOf('JoinWheel')).toEqual([{ wheelId: WHEEL_ID }]);
    expect(screen.getByTestId('connection-state')).toHaveTextContent('Connected');
    expect(screen.getByRole('heading', { level: 1, name: 'Board Room' })).toBeInTheDocument();
    expect(seatNames('Inner ring')).toEqual(['Inner ring, seat 1, free', 'Inner ring, seat 2, free']);
    expect(seatNames('Outer ring')).toEqual([
      'Outer ring, seat 1, taken by alice',
      'Outer ring, seat 2, free',
    ]);
    expect(screen.getByTestId('countdown')).toHaveTextContent('Wait');
  });

  it('moves a person when a SlotTaken event arrives', async () => {
    const { hub } = setup();
    await settle();
    const wheel = makeOpenWheel();
    const slot = wheel.slots[0];
    if (!slot) throw new Error('fixture has slots');

    act(() =>
      hub.push('SlotTaken', {
        wheelId: WHEEL_ID,
        userId: PARTICIPANT_ID,
        slotId: slot.id,
        occupiedAt: wheel.createdAt,
      }),
    );
    expect(seatNames('Inner ring')).toEqual([
      'Inner ring, seat 1, taken by alice',
      'Inner ring, seat 2, free',
    ]);
    expect(seatNames('Outer ring')).toEqual(['Outer ring, seat 1, free', 'Outer ring, seat 2, free']);

    act(() => hub.push('SlotLeft', { wheelId: WHEEL_ID, userId: PARTICIPANT_ID, slotId: slot.id }));
    expect(seatNames('Inner ring')).toEqual(['Inner ring, seat 1, free', 'Inner ring, seat 2, free']);

    // Another wheel's events change nothing here.
    act(() =>
      hub.push('SlotTaken', {
        wheelId: '11111111-2222-4333-8444-555555555555',
        userId: PARTICIPANT_ID,
        slotId: slot.id,
        occupiedAt: wheel.createdAt,
      }),
    );
    expect(seat('Inner ring, seat 1, free')).toBeInTheDocument();
  });

  it('names someone a seat change brings before their arrival, by asking the hub for the wheel once', async () => {
    const { hub } = setup();
    await settle();
    const newcomer = makeParticipant({ id: PARTNER_ID, username: 'Bo' });
    const wheel = makeOpenWheel();
    const seatedNewcomer = {
      ...wheel,
      activeUsers: [newcomer],
      slots: wheel.slots.map((slot) =>
        slot.position === 0
          ? { ...slot, userId: PARTNER_ID, user: newcomer, occupiedAt: wheel.createdAt }
          : slot,
      ),
    };
    hub.handle('JoinWheel', () => ({ data: makeSnapshot({ wheel: seatedNewcomer }) }));
    const change = {
      kind: 'taken' as const,
      userId: PARTNER_ID,
      slotId: slotId(0),
      occupiedAt: wheel.createdAt,
    };

    // Their UserJoined is still on its way (another server process sent it).
    act(() => hub.push('SlotsChanged', { wheelId: WHEEL_ID, changes: [change] }));
    expect(seat(`Inner ring, seat 1, taken by ${aliasOf(PARTNER_ID)}`)).toBeInTheDocument();
    await settle();
    expect(hub.callsOf('JoinWheel')).toHaveLength(2);
    expect(seat('Inner ring, seat 1, taken by Bo')).toBeInTheDocument();

    // Known now, they are named at once; nobody is asked for twice.
    act(() => hub.push('SlotsChanged', { wheelId: WHEEL_ID, changes: [{ ...change, slotId: slotId(1) }] }));
    expect(seat('Inner ring, seat 2, taken by Bo')).toBeInTheDocument();
    await settle();
    expect(hub.callsOf('JoinWheel')).toHaveLength(2);
  });

  it("highlights the current user's own seat", async () => {
    const me = makeStoredParticipant();
    const wheel = makeEmptyWheel();
    const slots = wheel.slots.map((slot) =>
      slot.position === 1 ? { ...slot, userId: ME_ID, user: me, occupiedAt: wheel.createdAt } : slot,
    );
    setup({ wheel: { ...wheel, slots }, me });
    await settle();

    expect(seat('Inner ring, seat 2, taken by Grace (you)')).toHaveAttribute('data-mine', 'true');
    expect(
      screen.getByText('You are in seat 2 on the inner ring. Stay for the spin to meet your match.'),
    ).toBeInTheDocument();
  });

  it("moves a seated user to another free seat with ChangeSlot, and says 'You are already in a slot!' on their own", async () => {
    const alert = stubAlert();
    const me = makeStoredParticipant();
    const wheel = makeEmptyWheel();
    const slots = wheel.slots.map((slot) =>
      slot.position === 0 ? { ...slot, userId: ME_ID, user: me, occupiedAt: wheel.createdAt } : slot,
    );
    const { hub } = setup({ wheel: { ...wheel, slots }, me });
    hub.handle('ChangeSlot', () => ({ data: null }));
    await settle();

    await userEvent.click(seat('Outer ring, seat 2, free'));
    expect(hub.callsOf('ChangeSlot')).toEqual([{ wheelId: WHEEL_ID, slotId: slotId(3) }]);
    expect(hub.callsOf('TakeSlot')).toEqual([]);

    await userEvent.click(seat('Inner ring, seat 1, taken by Grace (you)'));
    expect(screen.getByText('You are already in a slot!')).toBeInTheDocument();
    expect(hub.callsOf('ChangeSlot')).toHaveLength(1);
    expect(alert).not.toHaveBeenCalled();
  });

  it('takes a free seat for a registered user, ignores taken seats, and shows a refusal', async () => {
    const { hub } = setup({ me: makeStoredParticipant() });
    await settle();

    await userEvent.click(seat('Outer ring, seat 1, taken by alice'));
    expect(hub.callsOf('TakeSlot')).toEqual([]);

    await userEvent.click(seat('Inner ring, seat 2, free'));
    expect(hub.callsOf('TakeSlot')).toEqual([{ wheelId: WHEEL_ID, userId: ME_ID, slotId: slotId(1) }]);
    // The seat fills when the hub says so, not before.
    expect(seat('Inner ring, seat 2, free')).toBeInTheDocument();

    hub.handle('TakeSlot', () => ({
      error: { code: 'conflict', reason: 'slot_taken', message: 'That slot is already taken.' },
    }));
    await userEvent.click(seat('Inner ring, seat 1, free'));
    expect(await screen.findByRole('alert')).toHaveTextContent('That slot is already taken.');
  });

  it('asks an unregistered visitor to register, then takes the chosen seat as the new user', async () => {
    const registered = makeStoredParticipant({
      id: 'c0ffee00-1234-4abc-8def-0123456789ab',
      token: 'new-token',
    });
    const { token, ...user } = registered;
    const fetchMock = mockFetch({ 'POST /api/users/anonymous': jsonResponse({ user, token }, 201) });
    // Someone registered on another wheel is a visitor here.
    const { hub } = setup({ me: makeStoredParticipant({ wheelId: '11111111-2222-4333-8444-555555555555' }) });
    await settle();
    expect(hub.socket.token).toBeUndefined();

    await userEvent.click(seat('Outer ring, seat 2, free'));
    const dialog = screen.getByRole('dialog', { name: 'Register to Join' });
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Age' }), '40');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Gender' }), 'Female');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Join Wheel' }));

    await waitFor(() =>
      expect(hub.callsOf('TakeSlot')).toEqual([
        { wheelId: WHEEL_ID, userId: registered.id, slotId: slotId(3) },
      ]),
    );
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)).connectionId).toBe('socket-1');
    // The seat is taken on a connection that carries the new participant's token, after joining again.
    expect(hub.calls.at(-1)?.token).toBe('new-token');
    expect(hub.callsOf('JoinWheel')).toHaveLength(2);
    // Kept with the answers they registered with, which the wheel's ring rule reads.
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual({
      ...registered,
      answers: { age: 40, gender: 'female' },
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says the organiser removed them when registering again from this browser is refused, and asks no more', async () => {
    const fetchMock = mockFetch({
      'POST /api/users/anonymous': jsonResponse(
        { error: { code: 'forbidden', reason: 'removed_from_wheel', message: REMOVED_FROM_WHEEL } },
        403,
      ),
    });
    const { hub } = setup();
    await settle();

    await userEvent.click(seat('Outer ring, seat 2, free'));
    const dialog = screen.getByRole('dialog', { name: 'Register to Join' });
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Age' }), '40');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Gender' }), 'Male');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Join Wheel' }));

    // The wheel page says why, announced at once; the form is gone rather than shown again.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${REMOVED_FROM_WHEEL} You can still watch the wheel.`,
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // It registered with the browser's own sessionId, the one the server recognised.
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)).sessionId).toBe(
      localStorage.getItem(SESSION_ID_STORAGE_KEY),
    );
    // The free seats are locked: clicking one asks for no form and takes nothing.
    expect(seat('Inner ring, seat 1, free')).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(seat('Inner ring, seat 1, free'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(hub.callsOf('TakeSlot')).toEqual([]);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    // The line above the wheel no longer invites them to choose a seat.
    expect(screen.getByTestId('participant-status')).toHaveTextContent(WATCHING_STATUS);
  });

  it('locks the seats once the hub says the organiser removed them, rather than offering to register again', async () => {
    const fetchMock = mockFetch({});
    const { hub } = setup({ me: makeStoredParticipant() });
    await settle();

    act(() => hub.push('RemovedFromWheel', { wheelId: WHEEL_ID, message: REMOVED_FROM_WHEEL }));
    expect(screen.getByText(REMOVED_FROM_WHEEL, { exact: false })).toBeInTheDocument();
    expect(getStoredParticipant()).toBeNull();

    await userEvent.click(seat('Inner ring, seat 1, free'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByTestId('participant-status')).toHaveTextContent(WATCHING_STATUS);
  });

  it('spins the rings three turns, then to the angles of the geometry, and locks the seats', async () => {
    vi.useFakeTimers();
    const wheel = makeEmptyWheel({ slotCount: 6 });
    const { hub } = setup({ wheel, me: makeStoredParticipant() });
    await settle();
    expect(ring('Inner ring').style.transform).toBe('rotate(0deg)');

    act(() =>
      hub.push('WheelSpinStarted', {
        wheelId: WHEEL_ID,
        round: 3,
        startedAt: new Date().toISOString(),
        innerOffset: 2,
        outerOffset: 1,
        revealAt: new Date(Date.now() + 4_000).toISOString(),
        resetAt: new Date(Date.now() + 12_000).toISOString(),
      }),
    );
    expect(ring('Inner ring').style.transform).toBe('rotate(1080deg)');
    expect(ring('Outer ring').style.transform).toBe('rotate(1080deg)');
    expect(ring('Inner ring').style.transition).toContain('2000ms');

    act(() => vi.advanceTimersByTime(2_000));
    // 1800° plus the offset in slot steps of 360/half (half = 3).
    expect(ring('Inner ring').style.transform).toBe('rotate(2040deg)');
    expect(ring('Outer ring').style.transform).toBe('rotate(1920deg)');
    expect(ring('Inner ring').style.transition).toContain('2000ms');

    // Seats are locked while the wheel spins.
    fireEvent.click(seat('Inner ring, seat 1, free'));
    expect(hub.callsOf('TakeSlot')).toEqual([]);
    expect(seat('Inner ring, seat 1, free')).toHaveAttribute('aria-disabled', 'true');
  });

  it('puts the rings straight at their resting place, with no turns, for users who prefer reduced motion', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query === '(prefers-reduced-motion: reduce)',
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      })),
    );
    const { hub } = setup({ wheel: makeEmptyWheel({ slotCount: 6 }) });
    await settle();
    act(() =>
      hub.push('WheelSpinStarted', {
        wheelId: WHEEL_ID,
        round: 3,
        startedAt: new Date().toISOString(),
        innerOffset: 2,
        outerOffset: 1,
        revealAt: new Date().toISOString(),
        resetAt: new Date().toISOString(),
      }),
    );
    // 2040° and 1920° less the five whole turns; nothing animates on the way.
    expect(ring('Inner ring').style.transform).toBe('rotate(240deg)');
    expect(ring('Outer ring').style.transform).toBe('rotate(120deg)');
    expect(ring('Inner ring').style.transition).toBe('none');
    expect(ring('Outer ring').style.transition).toBe('none');
  });

  it('shows the matches when the spin completes, and resets when the round is scheduled', async () => {
    // A still clock (timers stay real for userEvent) so the countdown reads exactly.
    vi.useFakeTimers({ toFake: ['Date'] });
    const me = makeStoredParticipant();
    const wheel = makeEmptyWheel();
    const slots = wheel.slots.map((slot) =>
      slot.position === 0 ? { ...slot, userId: ME_ID, user: me, occupiedAt: wheel.createdAt } : slot,
    );
    const onMatchReady = vi.fn();
    const onMatchAccepted = vi.fn();
    const onMatchOffered = vi.fn();
    const { hub } = setup({ wheel: { ...wheel, slots }, me, onMatchReady, onMatchAccepted, onMatchOffered });
    await settle();
    const match = makeMatch();

    act(() =>
      hub.push('WheelSpinStarted', {
        wheelId: WHEEL_ID,
        round: 3,
        startedAt: new Date().toISOString(),
        innerOffset: 1,
        outerOffset: 0,
        revealAt: new Date().toISOString(),
        resetAt: new Date().toISOString(),
      }),
    );
    act(() =>
      hub.push('WheelSpinCompleted', {
        wheelId: WHEEL_ID,
        matches: [match, makeMatch({ id: '2d6c5b4a-3928-4170-8e9f-a1b2c3d4e5f6', user1: makeMatch().user2 })],
        currentRound: 3,
        lastSpinDate: new Date().toISOString(),
        unmatchedUserIds: [],
        resetAt: new Date().toISOString(),
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'You have a match!' });
    expect(within(dialog).getByRole('heading', { name: 'Ada' })).toBeInTheDocument();
    expect(screen.getByText('Round 3')).toBeInTheDocument();
    // Shown, not answered yet: the call fetches what needs no camera, once per match.
    expect(onMatchOffered).toHaveBeenCalledWith(expect.objectContaining({ id: match.id }), me);
    const offeredOnce = onMatchOffered.mock.calls.length;

    hub.handle('AcceptMatch', ({ matchId }) => ({ data: { ...match, id: matchId, acceptedByUser1: true } }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(hub.callsOf('AcceptMatch')).toEqual([{ matchId: match.id }]);
    // The call gets the camera ready from this Accept, before the partner has answered.
    expect(onMatchAccepted).toHaveBeenCalledWith(expect.objectContaining({ id: match.id }), me);
    expect(await within(dialog).findByText('Waiting for other person...')).toBeInTheDocument();
    expect(onMatchReady).not.toHaveBeenCalled();
    expect(onMatchOffered).toHaveBeenCalledTimes(offeredOnce);

    act(() =>
      hub.push('MatchAccepted', {
        matchId: match.id,
        userId: PARTNER_ID,
        acceptedByUser1: true,
        acceptedByUser2: true,
        status: 'Accepted',
      }),
    );
    expect(within(dialog).getByText(/You both accepted! The video call will open/)).toBeInTheDocument();
    // Seen pending here first, so not a call to rejoin.
    expect(onMatchReady).toHaveBeenCalledWith(
      expect.objectContaining({ id: match.id, status: 'Accepted' }),
      me,
      false,
    );

    // Closed, the matches stay one click away.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Your matches (1)' })).toBeInTheDocument();

    act(() =>
      hub.push('RoundScheduled', {
        wheelId: WHEEL_ID,
        currentRound: 3,
        lastSpinDate: new Date().toISOString(),
        nextSpinAt: new Date(Date.now() + 60_000).toISOString(),
        roundsPaused: false,
        slotsCleared: true,
      }),
    );
    expect(seatNames('Inner ring')).toEqual(['Inner ring, seat 1, free', 'Inner ring, seat 2, free']);
    expect(ring('Inner ring').style.transform).toBe('rotate(0deg)');
    expect(screen.getByTestId('countdown')).toHaveTextContent('60s');
    expect(seat('Inner ring, seat 1, free')).not.toHaveAttribute('aria-disabled');
  });

  it('tells a user left without a partner that they come first next round', async () => {
    const { hub } = setup({ me: makeStoredParticipant() });
    await settle();
    act(() =>
      hub.push('WheelSpinCompleted', {
        wheelId: WHEEL_ID,
        matches: [],
        currentRound: 3,
        lastSpinDate: new Date().toISOString(),
        unmatchedUserIds: [ME_ID],
        resetAt: new Date().toISOString(),
      }),
    );
    expect(
      screen
        .getByText("No partner this round — you'll be first in line next round.")
        .closest('[role="status"]'),
    ).not.toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a spin already under way at rest at its final angles, without replaying it', async () => {
    const now = new Date().toISOString();
    setup({
      wheel: makeEmptyWheel(),
      snapshot: {
        wheel: makeEmptyWheel(),
        spin: { round: 2, startedAt: now, innerOffset: 1, outerOffset: 0, revealAt: now, resetAt: now },
      },
    });
    await settle();
    expect(ring('Inner ring').style.transform).toBe('rotate(1980deg)');
    expect(ring('Outer ring').style.transform).toBe('rotate(1800deg)');
    expect(ring('Inner ring').style.transition).toBe('none');
    expect(seat('Inner ring, seat 1, free')).toHaveAttribute('aria-disabled', 'true');
    // Past the reveal the status says so, instead of 'spinning' until the slots clear.
    expect(screen.getByTestId('participant-status')).toHaveTextContent("This round's matches are out.");
  });

  it("says 'spinning' while the rings turn, and that the matches are out once they rest", async () => {
    vi.useFakeTimers();
    const start = Date.now();
    const at = (ms: number) => new Date(start + ms).toISOString();
    const { hub } = setup({
      wheel: makeEmptyWheel(),
      snapshot: { wheel: makeEmptyWheel(), serverTime: at(0) },
    });
    await settle();
    act(() =>
      hub.push('WheelSpinStarted', {
        wheelId: makeEmptyWheel().id,
        round: 2,
        startedAt: at(0),
        innerOffset: 1,
        outerOffset: 0,
        revealAt: at(4_000),
        resetAt: at(10_000),
      }),
    );
    expect(screen.getByTestId('participant-status')).toHaveTextContent('The wheel is spinning.');
    act(() => vi.advanceTimersByTime(4_000));
    expect(screen.getByTestId('participant-status')).toHaveTextContent("This round's matches are out.");
    expect(screen.getByTestId('countdown')).toHaveTextContent('6s');
  });

  it('hands a match already accepted in the snapshot (a reload mid-call) to the call as one to rejoin', async () => {
    const me = makeStoredParticipant();
    const onMatchReady = vi.fn();
    const accepted = makeMatch({ status: 'Accepted', acceptedByUser1: true, acceptedByUser2: true });
    setup({ me, onMatchReady, snapshot: { myMatches: [accepted] } });
    await settle();
    expect(onMatchReady).toHaveBeenCalledTimes(1);
    expect(onMatchReady).toHaveBeenCalledWith(expect.objectContaining({ id: accepted.id }), me, true);
  });

  it('opens no call for a match whose call ended, after a reload (issue 33)', async () => {
    const me = makeStoredParticipant();
    const onMatchReady = vi.fn();
    const ended = makeMatch({
      status: 'Accepted',
      acceptedByUser1: true,
      acceptedByUser2: true,
      callEnded: true,
    });
    setup({ me, onMatchReady, snapshot: { myMatches: [ended] } });
    await settle();
    expect(onMatchReady).not.toHaveBeenCalled();
  });

  it('joins again after a reconnect and takes the fresh snapshot', async () => {
    vi.useFakeTimers();
    const { hub } = setup();
    await settle();
    expect(seat('Outer ring, seat 1, taken by alice')).toBeInTheDocument();

    hub.handle('JoinWheel', () => ({ data: makeSnapshot({ wheel: makeEmptyWheel({ currentRound: 7 }) }) }));
    act(() => hub.socket.serverDrop());
    expect(screen.getByTestId('connection-state')).toHaveTextContent('Reconnecting...');
    act(() => vi.advanceTimersByTime(0));
    await settle();

    expect(screen.getByTestId('connection-state')).toHaveTextContent('Connected');
    expect(hub.callsOf('JoinWheel')).toHaveLength(2);
    expect(seat('Outer ring, seat 1, free')).toBeInTheDocument();
    expect(screen.getByText('Round 7')).toBeInTheDocument();
  });

  it("retries joining once after 1 s, then reports 'Failed to establish SignalR connection'", async () => {
    vi.useFakeTimers();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const hub = new FakeHub();
    hub.autoConnect = false;
    setup({ hub });
    expect(screen.getByTestId('connection-state')).toHaveTextContent('Connecting...');

    act(() => vi.advanceTimersByTime(999));
    expect(error).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(error).toHaveBeenCalledWith('Failed to establish SignalR connection');
    expect(screen.getByRole('alert')).toHaveTextContent('Could not connect to the live wheel.');

    // When the connection does come up, the screen joins and the message goes away.
    act(() => hub.socket.serverAccept());
    await settle();
    expect(hub.callsOf('JoinWheel')).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("keeps reconnecting after the spec's delays and rejoins within 2 s of the hub coming back", async () => {
    vi.useFakeTimers();
    const { hub } = setup();
    await settle();
    hub.autoConnect = false;
    act(() => hub.socket.serverDrop());
    for (const delay of [0, 2_000, 10_000, 30_000]) {
      act(() => vi.advanceTimersByTime(delay));
      act(() => hub.socket.serverRefuse());
    }
    expect(screen.getByTestId('connection-state')).toHaveTextContent('Reconnecting');

    hub.autoConnect = true;
    act(() => vi.advanceTimersByTime(2_000));
    await settle();
    expect(screen.getByTestId('connection-state')).toHaveTextContent('Connected');
    expect(hub.callsOf('JoinWheel')).toHaveLength(2);
  });

  it('goes back to watching as a visitor when the hub refuses the stored token', async () => {
    const me = makeStoredParticipant({ token: 'expired-token' });
    const hub = new FakeHub();
    hub.autoConnect = false;
    setup({ me, hub });
    expect(hub.socket.token).toBe('expired-token');

    hub.autoConnect = true;
    act(() => hub.socket.serverRejectToken());
    await settle();

    expect(getStoredParticipant()).toBeNull();
    expect(hub.socket.token).toBeUndefined();
    expect(hub.calls.filter((call) => call.event === 'JoinWheel').map((call) => call.token)).toEqual([
      undefined,
    ]);
    expect(screen.getByTestId('connection-state')).toHaveTextContent('Connected');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('wheel experience: private, full and paused wheels (issue 33)', () => {
  const status = () => screen.getByTestId('participant-status');
  /** A two-seat wheel with someone else on each ring. */
  const fullWheel = (overrides: Partial<OpenWheel> = {}) => {
    const wheel = makeEmptyWheel({ slotCount: 2, ...overrides });
    const people = [makeParticipant({ id: PARTICIPANT_ID, username: 'alice' }), makeParticipant()];
    return {
      ...wheel,
      slots: wheel.slots.map((slot, index) => {
        const person = people[index] ?? null;
        return { ...slot, userId: person?.id ?? null, user: person, occupiedAt: wheel.createdAt };
      }),
    };
  };
  const seatedOn = (wheel: OpenWheel, me: StoredParticipant, position = 0) => ({
    ...wheel,
    slots: wheel.slots.map((slot) =>
      slot.position === position ? { ...slot, userId: me.id, user: me, occupiedAt: wheel.createdAt } : slot,
    ),
  });

  it("sends a private wheel's access grant with the registration as with JoinWheel", async () => {
    const registered = makeStoredParticipant({ token: 'new-token' });
    const { token, ...user } = registered;
    const fetchMock = mockFetch({ 'POST /api/users/anonymous': jsonResponse({ user, token }, 201) });
    const { hub } = setup({ accessGrant: 'grant-1' });
    await settle();
    expect(hub.callsOf('JoinWheel')).toEqual([{ wheelId: WHEEL_ID, accessGrant: 'grant-1' }]);

    await userEvent.click(seat('Inner ring, seat 1, free'));
    const dialog = screen.getByRole('dialog', { name: 'Register to Join' });
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Age' }), '40');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Gender' }), 'Female');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Join Wheel' }));

    await waitFor(() => expect(hub.callsOf('TakeSlot')).toHaveLength(1));
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('x-wheel-access')).toBe('grant-1');
  });

  it('tells someone without a seat that a full wheel is full and what they can do instead', async () => {
    setup({ wheel: fullWheel() });
    await settle();

    expect(screen.queryByRole('button', { name: /, free$/ })).not.toBeInTheDocument();
    expect(status()).toHaveTextContent(`${WHEEL_FULL_STATUS} ${WHEEL_FULL_CHOICES} find another wheel.`);
    expect(status()).not.toHaveTextContent('Choose a free seat');
    const link = within(status()).getByRole('link', { name: FIND_ANOTHER_WHEEL_LABEL });
    expect(link).toHaveAttribute('href', '/#public-wheels');
    // On the app's own page the link stays in this tab.
    expect(link).not.toHaveAttribute('target');
  });

  it('asks to choose a seat again once one frees up on a full wheel', async () => {
    const { hub } = setup({ wheel: fullWheel() });
    await settle();
    act(() => hub.push('SlotLeft', { wheelId: WHEEL_ID, userId: PARTICIPANT_ID, slotId: slotId(0) }));
    expect(status()).toHaveTextContent('Choose a free seat to join this round.');
    expect(screen.queryByRole('link', { name: FIND_ANOTHER_WHEEL_LABEL })).not.toBeInTheDocument();
  });

  it('does not call the wheel full to someone who sits on it', async () => {
    const me = makeStoredParticipant();
    setup({ wheel: seatedOn(fullWheel(), me, 1), me });
    await settle();
    expect(status()).toHaveTextContent(
      'You are in seat 1 on the outer ring. Stay for the spin to meet your match.',
    );
    expect(status()).not.toHaveTextContent(WHEEL_FULL_STATUS);
  });

  it('says the organiser paused the wheel to the seated, from the snapshot, and stops once RoundScheduled resumes it', async () => {
    const me = makeStoredParticipant();
    const wheel = seatedOn(makeEmptyWheel({ roundsPaused: true }), me);
    const { hub } = setup({ wheel, me });
    await settle();

    expect(status()).toHaveTextContent(`You are in seat 1 on the inner ring. ${PAUSED_STATUS}`);
    expect(screen.getByTestId('countdown')).toHaveTextContent('Paused');
    expect(screen.getByText('The organiser has paused the wheel.')).toHaveAttribute('aria-live', 'polite');

    act(() =>
      hub.push('RoundScheduled', {
        wheelId: WHEEL_ID,
        currentRound: 2,
        lastSpinDate: null,
        nextSpinAt: new Date(Date.now() + 60_000).toISOString(),
        roundsPaused: false,
        slotsCleared: false,
      }),
    );
    expect(status()).toHaveTextContent(
      'You are in seat 1 on the inner ring. Stay for the spin to meet your match.',
    );
    expect(status()).not.toHaveTextContent('paused');
    expect(screen.getByTestId('countdown')).toHaveTextContent(/^\d+s$/);
  });

  it('says so when the organiser pauses while people wait, and that a free seat can still be taken', async () => {
    const { hub } = setup({ wheel: makeEmptyWheel() });
    await settle();
    expect(status()).toHaveTextContent('Choose a free seat to join this round.');

    act(() =>
      hub.push('RoundScheduled', {
        wheelId: WHEEL_ID,
        currentRound: 2,
        lastSpinDate: null,
        nextSpinAt: null,
        roundsPaused: true,
        slotsCleared: false,
      }),
    );
    expect(status()).toHaveTextContent(`${PAUSED_STATUS} You can take a free seat meanwhile.`);
    expect(screen.getByTestId('countdown')).toHaveTextContent('Paused');
  });
});

/** An empty wheel with the current user in seat `position`. */
function seatedAt(position: number, me: StoredParticipant, overrides: Partial<OpenWheel> = {}): OpenWheel {
  const wheel = makeEmptyWheel(overrides);
  return {
    ...wheel,
    slots: wheel.slots.map((slot) =>
      slot.position === position ? { ...slot, userId: me.id, user: me, occupiedAt: wheel.createdAt } : slot,
    ),
  };
}

const stayToggle = () => screen.getByRole('switch', { name: STAY_LABEL });

describe('wheel experience: staying, any seat and named rings (issue 38)', () => {
  it('turns staying on once the person sits, and asks the hub to change it', async () => {
    const here = makeEmptyWheel({ activeUsers: [makeParticipant({ id: ME_ID, username: 'Grace' })] });
    const { hub } = setup({ wheel: here, me: makeStoredParticipant() });
    hub.handle('SetStaying', ({ staying }) => ({ data: { staying } }));
    await settle();
    // Nothing to keep before they sit.
    expect(screen.queryByRole('switch', { name: STAY_LABEL })).not.toBeInTheDocument();

    await userEvent.click(seat('Inner ring, seat 2, free'));
    await settle();
    expect(stayToggle()).toBeChecked();
    act(() =>
      hub.push('SlotTaken', {
        wheelId: WHEEL_ID,
        userId: ME_ID,
        slotId: slotId(1),
        occupiedAt: '2025-01-01T10:05:00.000Z',
      }),
    );

    await userEvent.click(stayToggle());
    expect(hub.callsOf('SetStaying')).toEqual([{ wheelId: WHEEL_ID, staying: false }]);
    await waitFor(() => expect(stayToggle()).not.toBeChecked());

    hub.handle('SetStaying', () => ({
      error: { code: 'conflict', reason: 'not_seated', message: 'Take a seat first.' },
    }));
    await userEvent.click(stayToggle());
    expect(await screen.findByRole('alert')).toHaveTextContent('Take a seat first.');
    expect(stayToggle()).not.toBeChecked();
  });

  it('shows the kept seat of someone away in their call, from the snapshot', async () => {
    setup({ wheel: makeEmptyWheel(), me: makeStoredParticipant(), snapshot: { staying: true } });
    await settle();
    expect(stayToggle()).toBeChecked();
    expect(screen.getByTestId('participant-status')).toHaveTextContent(SEAT_KEPT_STATUS);
  });

  it('says why when the server stops keeping the seat, until the person dismisses it', async () => {
    const me = makeStoredParticipant();
    const { hub } = setup({ wheel: seatedAt(1, me), me, snapshot: { staying: true } });
    await settle();
    expect(stayToggle()).toBeChecked();

    act(() =>
      hub.push('StayingEnded', {
        wheelId: WHEEL_ID,
        reason: 'no_show',
        message: STAYING_ENDED_TEXTS.no_show,
      }),
    );
    expect(stayToggle()).not.toBeChecked();
    const notice = screen.getByText(STAYING_ENDED_TEXTS.no_show);
    // Announced politely, like the other news about the round.
    expect(notice.closest('[role="status"]')).toHaveAttribute('aria-live', 'polite');
    await userEvent.click(
      within(notice.closest('p') as HTMLElement).getByRole('button', { name: 'Dismiss' }),
    );
    expect(screen.queryByText(STAYING_ENDED_TEXTS.no_show)).not.toBeInTheDocument();
  });

  it("takes any seat for a registered person, shows the hub's refusal, and is off once they sit", async () => {
    const me = makeStoredParticipant();
    const { hub } = setup({ wheel: makeEmptyWheel(), me });
    hub.handle('TakeAnySeat', () => ({
      error: { code: 'conflict', reason: 'wheel_full', message: 'Every seat on your ring is taken.' },
    }));
    await settle();
    // A wheel that names neither ring shows no legend.
    expect(screen.queryByRole('list', { name: 'Rings' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: ANY_SEAT_LABEL }));
    expect(hub.callsOf('TakeAnySeat')).toEqual([{ wheelId: WHEEL_ID }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Every seat on your ring is taken.');

    hub.handle('TakeAnySeat', () => ({ data: { slotId: slotId(0) } }));
    await userEvent.click(screen.getByRole('button', { name: ANY_SEAT_LABEL }));
    await settle();
    expect(stayToggle()).toBeChecked();
    act(() =>
      hub.push('SlotTaken', {
        wheelId: WHEEL_ID,
        userId: ME_ID,
        slotId: slotId(0),
        occupiedAt: '2025-01-01T10:05:00.000Z',
      }),
    );
    expect(screen.getByRole('button', { name: ANY_SEAT_LABEL })).toBeDisabled();
  });

  it('asks a visitor to register first, then takes any seat as the new user', async () => {
    const registered = makeStoredParticipant({
      id: 'c0ffee00-1234-4abc-8def-0123456789ab',
      token: 'new-token',
    });
    const { token, ...user } = registered;
    mockFetch({ 'POST /api/users/anonymous': jsonResponse({ user, token }, 201) });
    const { hub } = setup({ wheel: makeEmptyWheel() });
    hub.handle('TakeAnySeat', () => ({ data: { slotId: slotId(2) } }));
    await settle();

    await userEvent.click(screen.getByRole('button', { name: ANY_SEAT_LABEL }));
    const dialog = screen.getByRole('dialog', { name: 'Register to Join' });
    expect(hub.callsOf('TakeAnySeat')).toEqual([]);
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Age' }), '40');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Gender' }), 'Female');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Join Wheel' }));

    await waitFor(() => expect(hub.callsOf('TakeAnySeat')).toEqual([{ wheelId: WHEEL_ID }]));
    expect(hub.calls.at(-1)?.token).toBe('new-token');
    expect(hub.callsOf('TakeSlot')).toEqual([]);
  });

  it("names the rings, marks the other ring's seats as not theirs, and says why the hub refuses one", async () => {
    const rings = {
      innerRingLabel: 'Mentors',
      outerRingLabel: 'Mentees',
      ringRule: { field: 'role', inner: ['mentor'], outer: ['mentee'] },
    };
    const me = makeStoredParticipant({ answers: { role: 'Mentor' } });
    const { hub } = setup({ wheel: makeEmptyWheel(rings), me });
    await settle();

    const legend = screen.getByRole('list', { name: 'Rings' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Inner ring: Mentors', 'Outer ring: Mentees']);
    expect(screen.getByText('You sit among the Mentors, on the inner ring.')).toBeInTheDocument();
    expect(seat('Mentors (inner ring), seat 1, free')).not.toHaveAttribute('aria-disabled');
    const elsewhere = seat('Mentees (outer ring), seat 2, free, not your ring');
    expect(elsewhere).toHaveAttribute('aria-disabled', 'true');

    // Still asked, so the person hears the server's reason.
    hub.handle('TakeSlot', () => ({
      error: { code: 'forbidden', reason: 'wrong_ring', message: wrongRingMessage(rings, 'inner') },
    }));
    await userEvent.click(elsewhere);
    expect(hub.callsOf('TakeSlot')).toEqual([{ wheelId: WHEEL_ID, userId: ME_ID, slotId: slotId(3) }]);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your answers place you among the Mentors, on the inner ring. Pick a seat there.',
    );
  });
});
