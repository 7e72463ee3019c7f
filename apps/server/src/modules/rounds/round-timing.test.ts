import { describe, expect, it } from 'vitest';
import { countdownEnd, dueAction, isPairable, type RoundState, spinSchedule } from './round-timing';

const T0 = Date.parse('2026-11-22T10:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms);
const iso = (ms: number) => at(ms).toISOString();

const idle: RoundState = {
  status: 'Active',
  roundsPaused: false,
  nextSpinAt: null,
  spinStartedAt: null,
  matchesRevealedAt: null,
  currentRound: 0,
  startsAt: null,
  roundCount: null,
  eventEndedAt: null,
};

describe('an event (issue 35)', () => {
  const counting = { ...idle, nextSpinAt: iso(0) };

  it('spins no round before its start, even with a countdown due', () => {
    expect(dueAction({ ...counting, startsAt: iso(60_000) }, at(59_999))).toBe('none');
    expect(dueAction({ ...counting, startsAt: iso(60_000) }, at(60_000))).toBe('spin');
  });

  it('spins exactly roundCount rounds', () => {
    expect(dueAction({ ...counting, roundCount: 3, currentRound: 2 }, at(0))).toBe('spin');
    expect(dueAction({ ...counting, roundCount: 3, currentRound: 3 }, at(0))).toBe('none');
  });

  it('spins no more once ended, but finishes the round under way', () => {
    expect(dueAction({ ...counting, eventEndedAt: iso(0) }, at(1_000))).toBe('none');
    const spinning = { ...idle, spinStartedAt: iso(0), eventEndedAt: iso(0) };
    expect(dueAction(spinning, at(4_000))).toBe('reveal');
  });

  it('counts down to the start, or a round from now once it has come', () => {
    expect(countdownEnd(at(0), 60, iso(600_000))).toBe(iso(600_000));
    expect(countdownEnd(at(0), 60, iso(30_000))).toBe(iso(30_000));
    expect(countdownEnd(at(0), 60, iso(-30_000))).toBe(iso(60_000));
    expect(countdownEnd(at(0), 60, null)).toBe(iso(60_000));
  });
});

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

  it('after a reveal that came late, tells clients the reset the ticker will run', () => {
    const schedule = spinSchedule(iso(0), iso(19_000));
    expect(schedule).toEqual({ revealAt: iso(19_000), resetAt: iso(27_000) });
    const revealed: RoundState = { ...idle, spinStartedAt: iso(0), matchesRevealedAt: iso(19_000) };
    expect(dueAction(revealed, at(26_999))).toBe('none');
    expect(dueAction(revealed, new Date(schedule.resetAt))).toBe('reset');
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
