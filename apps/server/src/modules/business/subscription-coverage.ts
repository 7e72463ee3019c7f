/** A paid subscription period as stored; `ends_at` null: it never ends. */
export interface SubscriptionPeriod {
  starts_at: string;
  ends_at: string | null;
}

/** The time an account has paid for, as one span. */
export interface SubscriptionCoverage {
  /** Where the run of back-to-back periods that ends with the latest one starts. */
  startsAt: string;
  /** The latest end of all periods; null when one of them never ends. */
  endsAt: string | null;
}

const time = (iso: string) => Date.parse(iso);

/**
 * What an account's subscription periods add up to. Renewals chain (each new period starts
 * where the one before ends), so the span runs from the start of that chain to its end.
 * Undefined for an account that never paid.
 */
export function subscriptionCoverage(
  periods: readonly SubscriptionPeriod[],
): SubscriptionCoverage | undefined {
  if (periods.length === 0) return undefined;
  const endsAt = periods.some((period) => period.ends_at === null)
    ? null
    : periods.map((period) => period.ends_at as string).reduce((a, b) => (time(a) >= time(b) ? a : b));
  const newestFirst = [...periods].sort((a, b) => time(b.starts_at) - time(a.starts_at));
  let startsAt = (newestFirst[0] as SubscriptionPeriod).starts_at;
  for (const period of newestFirst.slice(1)) {
    const reachesStart = period.ends_at === null || time(period.ends_at) >= time(startsAt);
    if (!reachesStart) break;
    if (time(period.starts_at) < time(startsAt)) startsAt = period.starts_at;
  }
  return { startsAt, endsAt };
}

/** True once paid time ran out: there was some, and it ended at or before `now`. */
export function hasSubscriptionEnded(coverage: SubscriptionCoverage | undefined, now: Date): boolean {
  return coverage?.endsAt != null && time(coverage.endsAt) <= now.getTime();
}

/** Where a newly paid period starts: now, or when the paid time still running ends (periods chain). */
export function nextPeriodStart(periods: readonly SubscriptionPeriod[], now: Date): Date {
  const runningUntil = periods
    .map((period) => (period.ends_at === null ? Number.NaN : time(period.ends_at)))
    .filter((end) => !Number.isNaN(end) && end > now.getTime());
  return runningUntil.length === 0 ? now : new Date(Math.max(...runningUntil));
}
