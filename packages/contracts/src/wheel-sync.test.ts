import { describe, expect, it } from 'vitest';
import {
  createPushSequence,
  nextPushDueAt,
  PUSH_OVERDUE_MS,
  PUSH_REORDER_GRACE_MS,
  quietLimitMs,
  shouldResync,
} from './wheel-sync';

describe('a wheel’s push numbers as a client receives them', () => {
  it('applies the next numbers and drops those the snapshot or an earlier push had', () => {
    const sequence = createPushSequence();
    sequence.reset(10);
    expect(sequence.receive(9, 0)).toBe('duplicate');
    expect(sequence.receive(10, 0)).toBe('duplicate');
    expect(sequence.receive(11, 0)).toBe('apply');
    expect(sequence.receive(11, 0)).toBe('duplicate');
    expect(sequence.missingSince()).toBeNull();
  });

  it('notes a gap from the moment it shows, and forgets it when the late push arrives', () => {
    const sequence = createPushSequence();
    sequence.reset(3);
    expect(sequence.receive(6, 1_000)).toBe('apply');
    expect(sequence.missingSince()).toBe(1_000);
    expect(sequence.receive(4, 1_200)).toBe('apply');
    expect(sequence.missingSince()).toBe(1_000);
    expect(sequence.receive(5, 1_300)).toBe('apply');
    expect(sequence.missingSince()).toBeNull();
  });

  it('forgets the gaps a fresh snapshot covers', () => {
    const sequence = createPushSequence();
    sequence.reset(1);
    sequence.receive(5, 0);
    sequence.reset(5);
    expect(sequence.missingSince()).toBeNull();
  });

  it('applies unnumbered pushes and anything before the first snapshot', () => {
    const sequence = createPushSequence();
    expect(sequence.receive(7, 0)).toBe('apply');
    sequence.reset(8);
    expect(sequence.receive(undefined, 0)).toBe('apply');
  });
});

describe('when a wheel’s next push is due', () => {
  const spin = { revealAt: 14_000, resetAt: 22_000 };

  it('is the next spin during the countdown, then the reveal, then the reset', () => {
    expect(nextPushDueAt({ nextSpinAt: 10_000, spin: null }, 0)).toBe(10_000);
    expect(nextPushDueAt({ nextSpinAt: 10_000, spin }, 10_000)).toBe(14_000);
    expect(nextPushDueAt({ nextSpinAt: 10_000, spin }, 14_000)).toBe(22_000);
  });

  it('counts a push that comes a moment early as the step’s own', () => {
    expect(nextPushDueAt({ nextSpinAt: 10_000, spin: null }, 9_950)).toBeNull();
  });

  it('is a pending match’s answer deadline, when that comes first', () => {
    expect(nextPushDueAt({ nextSpinAt: null, spin, answerBy: 30_000 }, 22_000)).toBe(30_000);
    expect(nextPushDueAt({ nextSpinAt: null, spin, answerBy: 16_000 }, 14_000)).toBe(16_000);
  });

  it('is nothing while the wheel waits for people or is paused', () => {
    expect(nextPushDueAt({ nextSpinAt: null, spin }, 22_000)).toBeNull();
  });
});

describe('when a client asks for a fresh snapshot', () => {
  const heard = { missingSince: null, dueAt: null, lastHeardAt: 0, quietLimitMs: null };

  it('after a push number has been missing for the reorder grace', () => {
    expect(shouldResync({ ...heard, missingSince: 5_000 }, 5_000 + PUSH_REORDER_GRACE_MS - 1)).toBe(false);
    expect(shouldResync({ ...heard, missingSince: 5_000 }, 5_000 + PUSH_REORDER_GRACE_MS)).toBe(true);
  });

  it('when a round step’s push is overdue', () => {
    expect(shouldResync({ ...heard, dueAt: 10_000 }, 10_000 + PUSH_OVERDUE_MS - 1)).toBe(false);
    expect(shouldResync({ ...heard, dueAt: 10_000 }, 10_000 + PUSH_OVERDUE_MS)).toBe(true);
  });

  it('when a running wheel has been quiet for longer than a round, never when it is paused', () => {
    const limit = quietLimitMs(60);
    expect(limit).toBe(72_000);
    expect(shouldResync({ ...heard, quietLimitMs: limit }, limit - 1)).toBe(false);
    expect(shouldResync({ ...heard, quietLimitMs: limit }, limit)).toBe(true);
    expect(shouldResync(heard, 10 * limit)).toBe(false);
  });
});
