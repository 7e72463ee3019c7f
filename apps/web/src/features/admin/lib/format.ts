/** A date in the user's locale date format (spec section 9). */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleDateString();
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleString();
}

/** A day such as '2025-03-01' (UTC) in the locale date format, without shifting it by the time zone. */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) ? day : date.toLocaleDateString(undefined, { timeZone: 'UTC' });
}

/** An amount in a currency code such as 'usd' or 'EUR'. */
export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency: currency.toUpperCase() }).format(
      amount,
    );
  } catch {
    return `${amount.toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/** Revenue split by currency, e.g. '€120.00 · $40.00'; a plain total when no currency is known. */
export function formatRevenue(total: number, byCurrency: Record<string, number>): string {
  const entries = Object.entries(byCurrency);
  if (entries.length === 0) return formatMoney(total, 'USD');
  return entries.map(([currency, amount]) => formatMoney(amount, currency)).join(' · ');
}

/** A duration in seconds as '4m 05s', or '45s' under a minute. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.round(totalSeconds);
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}m ${String(seconds % 60).padStart(2, '0')}s`;
}

/** A rate from 0 to 1 as a whole percentage. */
export function formatPercent(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}

/** Time left as '4:59', or '1:04:59' from an hour; never below '0:00'. */
export function formatCountdown(milliseconds: number): string {
  const totalSeconds = Math.max(0, Math.ceil(milliseconds / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = String(totalSeconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
