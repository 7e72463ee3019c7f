import { describe, expect, it } from 'vitest';
import { subscriptionEnd } from './subscription-period';

describe('subscriptionEnd', () => {
  const at = (iso: string) => new Date(iso);

  it('ends a monthly plan on the same day and time a month later', () => {
    expect(subscriptionEnd(at('2026-11-22T10:00:00.000Z'), 'month')?.toISOString()).toBe(
      '2026-12-22T10:00:00.000Z',
    );
    expect(subscriptionEnd(at('2026-12-15T08:30:00.000Z'), 'month')?.toISOString()).toBe(
      '2027-01-15T08:30:00.000Z',
    );
  });

  it("uses the month's last day when the next month is shorter", () => {
    expect(subscriptionEnd(at('2027-01-31T12:00:00.000Z'), 'month')?.toISOString()).toBe(
      '2027-02-28T12:00:00.000Z',
    );
    expect(subscriptionEnd(at('2028-01-31T12:00:00.000Z'), 'month')?.toISOString()).toBe(
      '2028-02-29T12:00:00.000Z',
    );
  });

  it('ends a yearly plan a year later and leaves a plan without a period open', () => {
    expect(subscriptionEnd(at('2028-02-29T00:00:00.000Z'), 'year')?.toISOString()).toBe(
      '2029-02-28T00:00:00.000Z',
    );
    expect(subscriptionEnd(at('2026-11-22T10:00:00.000Z'), null)).toBeUndefined();
    expect(subscriptionEnd(at('2026-11-22T10:00:00.000Z'), 'fortnight')).toBeUndefined();
  });
});
