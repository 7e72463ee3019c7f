import { describe, expect, it } from 'vitest';
import { formatDayAndTime, formatTimeLeft } from './format';

describe('date and time formats', () => {
  it("writes an event's start as day, date and time in the person's time zone", () => {
    const start = new Date(2026, 10, 28, 18, 0);
    expect(formatDayAndTime(start.toISOString())).toBe('Saturday 28 November, 18:00');
  });

  it('writes a countdown in minutes and seconds, hours when there are some, days beyond one', () => {
    expect(formatTimeLeft(299)).toBe('4:59');
    expect(formatTimeLeft(3_899)).toBe('1:04:59');
    expect(formatTimeLeft(3 * 86_400 + 5)).toBe('3 days');
  });
});
