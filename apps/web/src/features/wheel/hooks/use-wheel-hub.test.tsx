import { act, renderHook } from '@testing-library/react';
import type { OpenWheel, WheelSnapshot } from '@wheelmeet/contracts';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeClientContext } from '@/lib/realtime-client';
import { FakeHub } from '@/test/fake-hub';
import { makeOpenWheel, makeSnapshot, PARTICIPANT_ID, slotId, WHEEL_ID } from '@/test/fixtures';
import { useWheelHub } from './use-wheel-hub';

/** Issue 36: the screen's picture of the wheel catches up when a push of its wheel went missing. */

const NOW = Date.parse('2025-03-01T12:00:00.000Z');

/**
 * The hook on a fake hub whose JoinWheel answers with `snapshots` in turn (the last one again
 * once they are used up), each made when asked for, so its server time is that moment.
 */
function setup(wheel: OpenWheel, ...snapshots: Partial<WheelSnapshot>[]) {
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
  const view = renderHook(() => useWheelHub({ wheel, accessGrant: null, me: null }), { wrapper });
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
