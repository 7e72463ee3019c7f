/**
 * When a subscription bought at `start` for a plan billed per `period` ends: one calendar
 * month (or year) later, on the same day or the month's last day when it has no such day
 * (31 January → 28 or 29 February). Undefined for a plan without a known period.
 */
export function subscriptionEnd(start: Date, period: string | null): Date | undefined {
  const months = period === 'month' ? 1 : period === 'year' ? 12 : undefined;
  if (months === undefined) return undefined;
  const end = new Date(start.getTime());
  const day = start.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}
