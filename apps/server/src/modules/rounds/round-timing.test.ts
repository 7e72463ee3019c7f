import { describe, expect, it } from 'vitest';
import { dueAction, isPairable, type RoundState, spinSchedule } from './round-timing';

const T0 = Date.parse('2026-11-22T10:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms);
const iso = (ms: number) => at(ms).toISOString();

const idle: RoundState = {
  status: 'Active',
  roundsPaused: false,
  nextSpinAt: null,
  spinStartedAt: null,
  matchesRevealedAt: null,
};

describe('dueAction', () => {
  it('waits while nobody has scheduled a spin', () => {
    expect(dueAction(idle, at(10 * 60_000))).toBe('none');
  });

  it('spins exactly when the countdown ends', () => {
    const counting = { ...idle, nextSpinAt: iso(60_000) };
    expect(dueAction(counting, at(59_999))).toBe('none');
    expect(dueAction(counting, at(60_000))).toBe('spin');
    expect(dueAction(counting, at(3_600_000))).toBe('spin');
  });

  it('does not spin a paused or inactive wheel', () => {
    expect(dueAction({ ...idle, nextSpinAt: iso(0), roundsPaused: true }, at(1_000))).toBe('none');
    expect(dueAction({ ...idle, nextSpinAt: iso(0), status: 'Expired' }, at(1_000))).toBe('none');
  });

  it('reveals the matches when the 4 s animation ends and resets 8 s later', () => {
    const spinning = { ...idle, spinStartedAt: iso(0) };
    expect(dueAction(spinning, at(3_999))).toBe('none');
    expect(dueAction(spinning, at(4_000))).toBe('reveal');
    const revealed = { ...spinning, matchesRevealedAt: iso(4_000) };
    expect(dueAction(revealed, at(11_999))).toBe('none');
    expect(dueAction(revealed, at(12_000))).toBe('reset');
  });

  it('tells clients the same reveal and reset times the server uses', () => {
    expect(spinSchedule(iso(0))).toEqual({ revealAt: iso(4_000), resetAt: iso(12_000) });
  });
});

describe('isPairable', () => {
  it('needs someone on each ring', () => {
    expect(isPairable([], 12)).toBe(false);
    expect(isPairable([0, 1, 5], 12)).toBe(false);
    expect(isPairable([6, 11], 12)).toBe(false);
    expect(isPairable([0, 6], 12)).toBe(true);
  });

  it('ignores the odd slot out of a wheel with an odd slot count', () => {
    expect(isPairable([0, 10], 11)).toBe(false);
    expect(isPairable([0, 9], 11)).toBe(true);
  });
});
