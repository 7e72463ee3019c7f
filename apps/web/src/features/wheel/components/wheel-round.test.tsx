import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aliasOf, MATCH_EXPIRED_TEXTS, type OpenWheel, type WheelSnapshot } from '@wheelmeet/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type StoredParticipant, saveParticipant } from '@/lib/auth-storage';
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
  PARTNER_ID,
  slotId,
  WHEEL_ID,
} from '@/test/fixtures';
import { createTestQueryClient, jsonResponse, mockFetch } from '@/test/render';
import { WheelExperience } from './wheel-experience';

/** Issue 12: what a round looks like from one seat, across reloads, expiries and seat changes. */

function setup({
  wheel = makeEmptyWheel(),
  me = makeStoredParticipant(),
  snapshot = {},
  hub = new FakeHub(),
}: {
  wheel?: OpenWheel;
  me?: StoredParticipant | null;
  snapshot?: Partial<WheelSnapshot>;
  hub?: FakeHub;
} = {}) {
  hub.handle('JoinWheel', () => ({ data: makeSnapshot({ wheel, ...snapshot }) }));
  hub.handle('TakeSlot', () => ({ data: null }));
  hub.handle('ChangeSlot', () => ({ data: null }));
  hub.handle('LeaveSlot', () => ({ data: null }));
  hub.handle('LeaveWheel', () => ({ data: null }));
  if (me) saveParticipant(me);
  const view = render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RealtimeClientContext value={hub.client()}>
        <WheelExperience wheel={wheel} />
      </RealtimeClientContext>
    </QueryClientProvider>,
  );
  return { hub, ...view };
}

const settle = () => act(async () => {});
const seat = (name: string | RegExp) => screen.getByRole('button', { name });
const matchDialog = (name: string | RegExp = 'You have a match!') => screen.getByRole('dialog', { name });
const toasts = () => within(screen.getByRole('region', { name: 'Match updates' }));

/** A wheel where the current user holds the first inner seat. */
function seatedWheel(position = 0): OpenWheel {
  const wheel = makeEmptyWheel();
  return {
    ...wheel,
    slots: wheel.slots.map((slot) =>
      slot.position === position
        ? { ...slot, userId: ME_ID, user: makeStoredParticipant(), occupiedAt: wheel.createdAt }
        : slot,
    ),
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('after a reload', () => {
  it('brings the matches dialog back from the snapshot with both flags, and Accept still works', async () => {
    const match = makeMatch({ acceptedByUser2: true });
    const { hub } = setup({ snapshot: { myMatches: [match] } });
    await settle();

    const dialog = matchDialog();
    expect(
      within(within(dialog).getByRole('list', { name: 'Who has accepted' }))
        .getAllByRole('listitem')
        .map((dot) => dot.textContent),
    ).toEqual(['You: not accepted yet', '✓Match: accepted']);

    hub.handle('AcceptMatch', () => ({
      data: { ...match, acceptedByUser1: true, status: 'Accepted' as const },
    }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(hub.callsOf('AcceptMatch')).toEqual([{ matchId: match.id }]);
    expect(await within(dialog).findByText(/You both accepted!/)).toBeInTheDocument();
  });

  it("shows 'Waiting for other person...' until the partner's accept arrives", async () => {
    const match = makeMatch({ acceptedByUser1: true });
    const { hub } = setup({ snapshot: { myMatches: [match] } });
    await settle();
    const dialog = matchDialog();
    expect(within(dialog).getByText('Waiting for other person...')).toBeInTheDocument();

    act(() =>
      hub.push('MatchAccepted', {
        matchId: match.id,
        userId: PARTNER_ID,
        acceptedByUser1: true,
        acceptedByUser2: true,
        status: 'Accepted',
      }),
    );
    expect(within(dialog).queryByText('Waiting for other person...')).not.toBeInTheDocument();
    expect(within(dialog).getByText(/You both accepted!/)).toBeInTheDocument();
  });

  it("does not reopen a dialog the user closed when the connection comes back, but keeps 'Your matches (1)'", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { hub } = setup({ snapshot: { myMatches: [makeMatch()] } });
    await settle();
    await act(async () => {
      within(matchDialog()).getByRole('button', { name: 'Close' }).click();
    });
    act(() => hub.socket.serverDrop());
    act(() => vi.advanceTimersByTime(0));
    await settle();
    expect(hub.callsOf('JoinWheel')).toHaveLength(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Your matches (1)' })).toBeInTheDocument();
  });
});

describe('time to answer', () => {
  it("counts down to answerBy by the server's clock", async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(Date.parse('2025-03-01T12:00:00.000Z'));
    // The server's clock is 10 s ahead of the browser's: 30 s by the server is 20 s from now.
    const match = makeMatch({ answerBy: '2025-03-01T12:00:40.000Z' });
    setup({ snapshot: { serverTime: '2025-03-01T12:00:10.000Z', myMatches: [match] } });
    await settle();
    expect(within(matchDialog()).getByText(/Time left to answer/)).toHaveTextContent(
      'Time left to answer: 30s',
    );
    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.getByTestId('answer-countdown')).toHaveTextContent('25s');
  });
});

describe('a match the server closed', () => {
  it("closes the dialog and says 'Your match didn't answer in time' to someone who had accepted", async () => {
    const match = makeMatch({ acceptedByUser1: true });
    const { hub } = setup({ snapshot: { myMatches: [match] } });
    await settle();
    expect(matchDialog()).toBeInTheDocument();

    act(() => hub.push('MatchExpired', { wheelId: WHEEL_ID, matchId: match.id, reason: 'unanswered' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const status = toasts().getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent(MATCH_EXPIRED_TEXTS.partnerDidNotAnswer);
    // Nothing left to open.
    expect(screen.queryByRole('button', { name: /Your matches/ })).not.toBeInTheDocument();
    expect(toasts().queryByRole('button', { name: 'Open matches' })).not.toBeInTheDocument();

    // Heard once, even if the hub says it again.
    act(() => hub.push('MatchExpired', { wheelId: WHEEL_ID, matchId: match.id, reason: 'unanswered' }));
    expect(toasts().getAllByTestId('toast')).toHaveLength(1);
  });

  it.each([
    ['unanswered', false, MATCH_EXPIRED_TEXTS.expired],
    ['callNotStarted', true, MATCH_EXPIRED_TEXTS.expired],
    ['partnerLeft', true, MATCH_EXPIRED_TEXTS.partnerLeft],
    ['partnerLeft', false, MATCH_EXPIRED_TEXTS.partnerLeft],
    // A block or a removal (decision 016): the same neutral words, whoever had accepted.
    ['ended', true, MATCH_EXPIRED_TEXTS.ended],
    ['ended', false, MATCH_EXPIRED_TEXTS.ended],
  ] as const)('says the text for %s (accepted: %s)', async (reason, accepted, text) => {
    const match = makeMatch({
      acceptedByUser1: accepted,
      acceptedByUser2: reason === 'callNotStarted',
      status: reason === 'callNotStarted' ? 'Accepted' : 'Pending',
    });
    const { hub } = setup({ snapshot: { myMatches: [match] } });
    await settle();
    act(() => hub.push('MatchExpired', { wheelId: WHEEL_ID, matchId: match.id, reason }));
    expect(toasts().getByRole('status')).toHaveTextContent(text);
  });

  it('keeps the dialog open for the other matches and says it inside', async () => {
    const first = makeMatch();
    const second = makeMatch({
      id: '2d6c5b4a-3928-4170-8e9f-a1b2c3d4e5f6',
      user2: makeParticipant({ id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f', username: 'Lin' }),
    });
    const { hub } = setup({ snapshot: { myMatches: [first, second] } });
    await settle();
    const dialog = matchDialog('Your matches');
    act(() => hub.push('MatchExpired', { wheelId: WHEEL_ID, matchId: first.id, reason: 'partnerLeft' }));

    expect(within(dialog).queryByRole('listitem', { name: 'Match with Ada' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('listitem', { name: 'Match with Lin' })).toBeInTheDocument();
    expect(within(dialog).getAllByRole('status')[0]).toHaveTextContent(MATCH_EXPIRED_TEXTS.partnerLeft);
  });

  it("treats an 'Expired' match in a snapshot the same way: no dialog, the message", async () => {
    setup({ snapshot: { myMatches: [makeMatch({ status: 'Expired' })] } });
    await settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toasts().getByRole('status')).toHaveTextContent(MATCH_EXPIRED_TEXTS.expired);
  });

  it("treats a 'conflict' answer to Accept as the match having expired", async () => {
    const match = makeMatch();
    const { hub } = setup({ snapshot: { myMatches: [match] } });
    await settle();
    hub.handle('AcceptMatch', () => ({
      error: { code: 'conflict', reason: 'match_expired', message: 'This match expired.' },
    }));
    await userEvent.click(within(matchDialog()).getByRole('button', { name: 'Accept' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toasts().getByRole('status')).toHaveTextContent(MATCH_EXPIRED_TEXTS.expired);
    expect(screen.queryByText('Failed to accept match. Please try again.')).not.toBeInTheDocument();
  });

  it('closes a declined match when the next spin starts', async () => {
    const { hub } = setup({ snapshot: { myMatches: [makeMatch({ status: 'Rejected' })] } });
    await settle();
    await userEvent.click(screen.getByRole('button', { name: 'Your matches (1)' }));
    expect(matchDialog('Match declined')).toBeInTheDocument();
    act(() =>
      hub.push('WheelSpinStarted', {
        wheelId: WHEEL_ID,
        round: 4,
        startedAt: new Date().toISOString(),
        innerOffset: 0,
        outerOffset: 1,
        revealAt: new Date().toISOString(),
        resetAt: new Date().toISOString(),
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /Your matches/ })).not.toBeInTheDocument();
  });
});

describe('a declined match', () => {
  it("no longer says 'You have a match!'", async () => {
    const match = makeMatch();
    const { hub } = setup({ snapshot: { myMatches: [match] } });
    await settle();
    hub.handle('DeclineMatch', () => ({ data: { ...match, status: 'Rejected' as const } }));
    await userEvent.click(within(matchDialog()).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Match declined' });
    expect(within(dialog).getByText('This match was declined.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'You have a match!' })).not.toBeInTheDocument();
  });
});

describe('toasts while the dialog is closed', () => {
  async function withClosedDialog() {
    const match = makeMatch({ acceptedByUser1: true });
    const view = setup({ snapshot: { myMatches: [match] } });
    await settle();
    await userEvent.click(within(matchDialog()).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    return { ...view, match };
  }

  it('tells of the partner accepting, with a button that opens the dialog', async () => {
    const { hub, match } = await withClosedDialog();
    act(() =>
      hub.push('MatchAccepted', {
        matchId: match.id,
        userId: PARTNER_ID,
        acceptedByUser1: true,
        acceptedByUser2: false,
        status: 'Pending',
      }),
    );
    // The partner accepted, the user's own accept (1) is not news.
    const status = toasts().getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('Ada accepted your match.');

    await userEvent.click(toasts().getByRole('button', { name: 'Open matches' }));
    expect(matchDialog()).toBeInTheDocument();
    expect(screen.queryAllByTestId('toast')).toHaveLength(0);
  });

  it('tells of the partner declining, and can be dismissed', async () => {
    const { hub, match } = await withClosedDialog();
    act(() => hub.push('MatchDeclined', { matchId: match.id, userId: PARTNER_ID }));
    expect(toasts().getByRole('status')).toHaveTextContent('Ada declined the match.');
    await userEvent.click(toasts().getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryAllByTestId('toast')).toHaveLength(0);
  });

  it('says nothing about the user’s own answers', async () => {
    const { hub, match } = await withClosedDialog();
    act(() =>
      hub.push('MatchAccepted', {
        matchId: match.id,
        userId: ME_ID,
        acceptedByUser1: true,
        acceptedByUser2: false,
        status: 'Pending',
      }),
    );
    expect(screen.queryAllByTestId('toast')).toHaveLength(0);
  });
});

describe('seats', () => {
  it("leaves the seat with 'Leave seat' and shows the hub's refusal", async () => {
    const { hub } = setup({ wheel: seatedWheel() });
    await settle();
    await userEvent.click(screen.getByRole('button', { name: 'Leave seat' }));
    expect(hub.callsOf('LeaveSlot')).toEqual([{ wheelId: WHEEL_ID }]);

    act(() => hub.push('SlotLeft', { wheelId: WHEEL_ID, userId: ME_ID, slotId: slotId(0) }));
    expect(seat('Inner ring, seat 1, free')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave seat' })).not.toBeInTheDocument();
    expect(screen.getByText('Choose a free seat to join this round.')).toBeInTheDocument();
  });

  it('shows the message of a refused LeaveSlot or ChangeSlot', async () => {
    const { hub } = setup({ wheel: seatedWheel() });
    await settle();
    const spinning = 'The wheel is spinning. Pick a slot when the next round opens.';
    hub.handle('LeaveSlot', () => ({
      error: { code: 'conflict', reason: 'wheel_spinning', message: spinning },
    }));
    await userEvent.click(screen.getByRole('button', { name: 'Leave seat' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(spinning);

    hub.handle('ChangeSlot', () => ({
      error: { code: 'conflict', reason: 'slot_taken', message: 'That slot is already taken.' },
    }));
    await userEvent.click(seat('Outer ring, seat 1, free'));
    expect(await screen.findByRole('alert')).toHaveTextContent('That slot is already taken.');
    // Still in the old seat.
    expect(seat('Inner ring, seat 1, taken by Grace (you)')).toBeInTheDocument();
  });

  it('moves the highlighted seat when the hub confirms the change', async () => {
    const { hub } = setup({ wheel: seatedWheel() });
    await settle();
    await userEvent.click(seat('Outer ring, seat 2, free'));
    expect(hub.callsOf('ChangeSlot')).toEqual([{ wheelId: WHEEL_ID, slotId: slotId(3) }]);
    act(() => {
      hub.push('SlotLeft', { wheelId: WHEEL_ID, userId: ME_ID, slotId: slotId(0) });
      hub.push('SlotTaken', {
        wheelId: WHEEL_ID,
        userId: ME_ID,
        slotId: slotId(3),
        occupiedAt: seatedWheel().createdAt,
      });
    });
    expect(seat('Outer ring, seat 2, taken by Grace (you)')).toHaveAttribute('data-mine', 'true');
    expect(seat('Inner ring, seat 1, free')).toBeInTheDocument();
    expect(
      screen.getByText('You are in seat 2 on the outer ring. Stay for the spin to meet your match.'),
    ).toBeInTheDocument();
  });

  it('names people by username or alias, never by age', async () => {
    const wheel = makeOpenWheel();
    const slots = wheel.slots.map((slot) =>
      slot.user ? { ...slot, user: { ...slot.user, username: null } } : slot,
    );
    setup({ wheel: { ...wheel, slots }, me: null });
    await settle();
    const alias = aliasOf(slots[2]?.userId ?? '');
    const taken = seat(`Outer ring, seat 1, taken by ${alias}`);
    expect(taken).toHaveTextContent(alias);
    expect(document.body.textContent).not.toMatch(/Guest|\(30\)/);
  });

  it('lists the seats as full-size buttons when the wheel is too small to tap them', async () => {
    vi.stubGlobal('innerWidth', 390);
    vi.stubGlobal('innerHeight', 844);
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query === '(pointer: coarse)',
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      })),
    );
    setup({ wheel: makeEmptyWheel({ slotCount: 40 }), me: null });
    await settle();
    const inner = screen.getByRole('list', { name: 'Inner ring' });
    expect(within(inner).getAllByRole('button')).toHaveLength(20);
    expect(within(inner).getAllByRole('button')[0]).toHaveClass('min-h-11');
    // The rings are only a picture now: one button per seat in all.
    expect(screen.getAllByRole('button', { name: /^(Inner|Outer) ring, seat/ })).toHaveLength(40);
    expect(screen.getByTestId('wheel').querySelector('[data-ring="inner"]')).toHaveAttribute(
      'aria-hidden',
      'true',
    );
  });
});

describe('focus', () => {
  it('goes from a seat to the first field of the registration dialog, and back to the seat on Escape', async () => {
    setup({ me: null });
    await settle();
    const chosen = seat('Outer ring, seat 2, free');
    chosen.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Register to Join' });
    expect(within(dialog).getByRole('spinbutton', { name: 'Age' })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(seat('Outer ring, seat 2, free')).toHaveFocus());
  });

  it('returns to the seat, now the new participant’s, after registering', async () => {
    const registered = makeStoredParticipant({ token: 'new-token' });
    const { token, ...user } = registered;
    mockFetch({ 'POST /api/users/anonymous': jsonResponse({ user, token }, 201) });
    setup({ me: null });
    await settle();
    seat('Inner ring, seat 2, free').focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('40');
    const dialog = screen.getByRole('dialog', { name: 'Register to Join' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Gender' }), 'Female');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Join Wheel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-slot-id', slotId(1)));
  });

  it("returns to 'Your matches (N)' after the matches dialog closes", async () => {
    setup({ snapshot: { myMatches: [makeMatch({ status: 'Rejected' })] } });
    await settle();
    await userEvent.click(screen.getByRole('button', { name: 'Your matches (1)' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Your matches (1)' })).toHaveFocus());
  });

  it("goes to the wheel's title when the server closes a dialog that opened by itself", async () => {
    const match = makeMatch();
    const { hub } = setup({ snapshot: { myMatches: [match] } });
    await settle();
    expect(matchDialog()).toBeInTheDocument();

    act(() => hub.push('MatchExpired', { wheelId: WHEEL_ID, matchId: match.id, reason: 'unanswered' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Not lost on the page's body: a keyboard or screen-reader user goes on from the wheel.
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: makeEmptyWheel().name })).toHaveFocus(),
    );
  });
});

describe('the wheel feature', () => {
  it('uses no native alert() or confirm()', () => {
    const sources = import.meta.glob(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }) as Record<string, string>;
    expect(Object.keys(sources).length).toBeGreaterThan(10);
    for (const [file, source] of Object.entries(sources)) {
      expect(source, file).not.toMatch(/\b(?:window\.)?(?:alert|confirm)\s*\(/);
    }
  });
});
