import { act, renderHook } from '@testing-library/react';
import {
  type OpenWheel,
  PUSH_OVERDUE_MS,
  PUSH_REORDER_GRACE_MS,
  quietLimitMs,
  RESYNC_SPREAD_MS,
  type WheelSnapshot,
} from '@wheelmeet/contracts';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeClientContext } from '@/lib/realtime-client';
import { FakeHub } from '@/test/fake-hub';
import {
  makeMatch,
  makeOpenWheel,
  ME_ID,
  makeParticipant,
  makeSnapshot,
  PARTICIPANT_ID,
  slotId,
  WHEEL_ID,
} from '@/test/fixtures';
import { SYNC_CHECK_MS, useWheelHub } from './use-wheel-hub';

/** Issue 36: the screen's picture of the wheel catches up when a push of its wheel went missing. */

const NOW = Date.parse('2025-03-01T12:00:00.000Z');
const at = (msFromStart: number) => new Date(NOW + msFromStart).toISOString();

/**
 * The hook on a fake hub whose JoinWheel answers with `snapshots` in turn (the last one again
 * once they are used up), each made when asked for, so its server time is that moment.
 */
function setup(wheel: OpenWheel, ...snapshots: Partial<WheelSnapshot>[]) {
  return setupAs(null, wheel, ...snapshots);
}

/** setup, for a participant of the wheel rather than a visitor. */
function setupAs(
  me: { id: string; token: string } | null,
  wheel: OpenWheel,
  ...snapshots: Partial<WheelSnapshot>[]
) {
  const hub = new FakeHub();
  let answered = 0;
  hub.handle('JoinWheel', () => {
    const snapshot = snapshots[Math.min(answered, snapshots.length - 1)];
    answered += 1;
    return { data: makeSnapshot({ wheel, ...snapshot }) };
  });
  hub.handle('LeaveWheel', () => ({ data: null }));
  const client = hub.client();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <RealtimeClientContext value={client}>{children}</RealtimeClientContext>
  );
  const view = renderHook(() => useWheelHub({ wheel, accessGrant: null, me }), { wrapper });
  return { hub, ...view };
}

const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

/** A seat change of the wheel, numbered `seq`: alice (slot 2 in the fixtures) gets up. */
const aliceLeaves = (seq: number) => ({
  wheelId: WHEEL_ID,
  changes: [{ kind: 'left' as const, userId: PARTICIPANT_ID, slotId: slotId(2) }],
  seq,
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('pushes the snapshot already had', () => {
  it('are not applied a second time', async () => {
    const { hub, result } = setup(makeOpenWheel(), { seq: 5 });
    await advance(0);
    const seatOfAlice = () => result.current.state.wheel.slots[2]?.userId;
    expect(seatOfAlice()).toBe(PARTICIPANT_ID);

    // Push 5 is in the snapshot already (alice sat down again since, say): again, it would unseat her.
    act(() => hub.push('SlotsChanged', aliceLeaves(5)));
    expect(seatOfAlice()).toBe(PARTICIPANT_ID);

    act(() => hub.push('SlotsChanged', aliceLeaves(6)));
    expect(seatOfAlice()).toBeNull();
  });
});

describe('a push number that goes missing', () => {
  it('makes the screen join again once the reorder grace is over', async () => {
    const { hub } = setup(makeOpenWheel(), { seq: 5 });
    await advance(0);
    act(() => hub.push('SlotsChanged', aliceLeaves(7)));

    await advance(PUSH_REORDER_GRACE_MS - SYNC_CHECK_MS);
    expect(hub.callsOf('JoinWheel')).toHaveLength(1);
    await advance(2 * SYNC_CHECK_MS);
    expect(hub.callsOf('JoinWheel')).toHaveLength(2);
  });

  it('does not while the missing push comes within the grace (numbered elsewhere a moment before)', async () => {
    const { hub } = setup(makeOpenWheel(), { seq: 5 });
    await advance(0);
    act(() => hub.push('SlotsChanged', aliceLeaves(7)));
    await advance(PUSH_REORDER_GRACE_MS / 2);
    act(() => hub.push('UserJoined', { wheelId: WHEEL_ID, user: makeParticipant(), seq: 6 }));
    await advance(PUSH_REORDER_GRACE_MS + SYNC_CHECK_MS);
    expect(hub.callsOf('JoinWheel')).toHaveLength(1);

    // The next gap that stays open is still noticed.
    act(() => hub.push('UserLeft', { wheelId: WHEEL_ID, user: makeParticipant(), seq: 9 }));
    await advance(PUSH_REORDER_GRACE_MS + SYNC_CHECK_MS);
    expect(hub.callsOf('JoinWheel')).toHaveLength(2);
  });
});

describe('a round step whose push does not come', () => {
  it('makes the screen join again, once, and shows what the fresh snapshot says', async () => {
    const wheel = makeOpenWheel({ nextSpinAt: at(10_000) });
    const spin = {
      round: 3,
      startedAt: at(10_000),
      innerOffset: 1,
      outerOffset: 2,
      revealAt: at(14_000),
      resetAt: at(22_000),
    };
    const { hub, result } = setup(wheel, { seq: 5 }, { seq: 8, spin, wheel: { ...wheel, currentRound: 3 } });
    await advance(0);

    await advance(10_000 + PUSH_OVERDUE_MS - SYNC_CHECK_MS);
    expect(hub.callsOf('JoinWheel')).toHaveLength(1);
    await advance(SYNC_CHECK_MS);
    expect(hub.callsOf('JoinWheel')).toHaveLength(2);
    expect(result.current.state.spin).toMatchObject({ round: 3, revealAt: spin.revealAt, animate: false });
    expect(result.current.state.wheel.currentRound).toBe(3);

    // The spin has been under way for a while already: the reveal is what comes next.
    await advance(1_500);
    expect(hub.callsOf('JoinWheel')).toHaveLength(2);
  });
});

describe('a seat change heard just before the spin', () => {
  it('does not pass for the spin’s push, which is still awaited', async () => {
    const wheel = makeOpenWheel({ nextSpinAt: at(10_000) });
    const { hub } = setup(wheel, { seq: 5 });
    await advance(0);

    await advance(9_500);
    act(() => hub.push('SlotsChanged', aliceLeaves(6)));
    await advance(500 + PUSH_OVERDUE_MS);
    expect(hub.callsOf('JoinWheel')).toHaveLength(2);
  });
});

describe('a partner’s answer that never arrives', () => {
  it('makes the screen join again once the match’s answer deadline is overdue', async () => {
    const wheel = makeOpenWheel({ nextSpinAt: null });
    const pending = makeMatch({ answerBy: at(20_000), acceptedByUser1: true });
    const accepted = { ...pending, status: 'Accepted' as const, acceptedByUser2: true };
    const { hub, result } = setupAs(
      { id: ME_ID, token: 'token' },
      wheel,
      { seq: 5, myMatches: [pending] },
      { seq: 6, myMatches: [accepted] },
    );
    await advance(0);

    await advance(20_000 + PUSH_OVERDUE_MS - SYNC_CHECK_MS);
    expect(hub.callsOf('JoinWheel')).toHaveLength(1);
    await advance(SYNC_CHECK_MS);
    expect(hub.callsOf('JoinWheel')).toHaveLength(2);
    expect(result.current.state.matches[0]?.status).toBe('Accepted');
  });
});

describe('Resync from the server', () => {
  it('makes the screen join again within RESYNC_SPREAD_MS, not at once', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.9);
    const { hub } = setup(makeOpenWheel(), { seq: 5 });
    await advance(0);

    act(() => hub.push('Resync', { reason: 'server_reconnected' }));
    await advance(0);
    expect(hub.callsOf('JoinWheel')).toHaveLength(1);
    await advance(RESYNC_SPREAD_MS);
    expect(hub.callsOf('JoinWheel')).toHaveLength(2);
  });
});

describe('a quiet wheel', () => {
  it('is not asked about while paused, but is once its rounds run again and stay quiet for a round', async () => {
    const wheel = makeOpenWheel({ roundsPaused: true, nextSpinAt: null });
    const { hub } = setup(wheel, { seq: 5 });
    await advance(0);

    await advance(10 * 60_000);
    expect(hub.callsOf('JoinWheel')).toHaveLength(1);

    act(() =>
      hub.push('RoundScheduled', {
        wheelId: WHEEL_ID,
        currentRound: wheel.currentRound,
        lastSpinDate: null,
        nextSpinAt: null,
        roundsPaused: false,
        slotsCleared: false,
        seq: 6,
      }),
    );
    await advance(quietLimitMs(wheel.roundSeconds) - SYNC_CHECK_MS);
    expect(hub.callsOf('JoinWheel')).toHaveLength(1);
    await advance(2 * SYNC_CHECK_MS);
    expect(hub.callsOf('JoinWheel')).toHaveLength(2);
  });
});
