import { describe, expect, it } from 'vitest';
import { hasSubscriptionEnded, nextPeriodStart, subscriptionCoverage } from './subscription-coverage';

const period = (starts_at: string, ends_at: string | null) => ({ starts_at, ends_at });
const JAN = period('2027-01-10T00:00:00.000Z', '2027-02-10T00:00:00.000Z');
const FEB = period('2027-02-10T00:00:00.000Z', '2027-03-10T00:00:00.000Z');
const MAY = period('2027-05-01T00:00:00.000Z', '2027-06-01T00:00:00.000Z');

describe('subscription coverage', () => {
  it('is nothing for an account that never paid', () => {
    expect(subscriptionCoverage([])).toBeUndefined();
    expect(hasSubscriptionEnded(undefined, new Date())).toBe(false);
  });

  it('runs from the start of the chain of back-to-back periods to the last end', () => {
    expect(subscriptionCoverage([FEB, JAN])).toEqual({ startsAt: JAN.starts_at, endsAt: FEB.ends_at });
    // A gap starts a new chain: the renewal after it is what counts.
    expect(subscriptionCoverage([JAN, MAY, FEB])).toEqual({ startsAt: MAY.starts_at, endsAt: MAY.ends_at });
    expect(subscriptionCoverage([JAN, period('2027-02-01T00:00:00.000Z', null)])).toEqual({
      startsAt: JAN.starts_at,
      endsAt: null,
    });
  });

  it('has ended once its end is reached, never when it has no end', () => {
    const coverage = subscriptionCoverage([JAN]);
    expect(hasSubscriptionEnded(coverage, new Date('2027-02-09T23:59:59.999Z'))).toBe(false);
    expect(hasSubscriptionEnded(coverage, new Date('2027-02-10T00:00:00.000Z'))).toBe(true);
    expect(
      hasSubscriptionEnded(subscriptionCoverage([period(JAN.starts_at, null)]), new Date('2099-01-01')),
    ).toBe(false);
  });

  it('starts a new period now, or where the paid time still running ends', () => {
    const now = new Date('2027-02-01T00:00:00.000Z');
    expect(nextPeriodStart([], now)).toEqual(now);
    expect(nextPeriodStart([JAN, FEB], now).toISOString()).toBe(FEB.ends_at);
    expect(nextPeriodStart([JAN], new Date('2027-04-01T00:00:00.000Z')).toISOString()).toBe(
      '2027-04-01T00:00:00.000Z',
    );
  });
});
