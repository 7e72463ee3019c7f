import type { Plan } from '@wheelmeet/contracts';

const formatters = new Map<string, Intl.NumberFormat>();

/** A price such as `€29` or `$29.50`; whole amounts drop the cents. */
export function formatPrice(amount: number, currency: 'EUR' | 'USD'): string {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      trailingZeroDisplay: 'stripIfInteger',
    });
    formatters.set(currency, formatter);
  }
  return formatter.format(amount);
}

/** What a plan's price is paid per; plans that name no period are billed monthly. */
export function billingPeriod(plan: Pick<Plan, 'period'>): string {
  return plan.period ?? 'month';
}

// The page's language is English; the time zone is the person's own.
const dayFormat = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long' });
const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

/** A time of day in the person's time zone, such as `18:05`. */
export function formatTime(iso: string): string {
  return timeFormat.format(new Date(iso));
}

/** A day and time in the person's time zone, such as `Saturday 28 November, 18:00`. */
export function formatDayAndTime(iso: string): string {
  const date = new Date(iso);
  return `${dayFormat.format(date)}, ${timeFormat.format(date)}`;
}

/** A countdown's time left: `4:59`, `1:04:59`, or whole days when more than one is left. */
export function formatTimeLeft(totalSeconds: number): string {
  const days = Math.floor(totalSeconds / 86_400);
  if (days > 1) return `${days} days`;
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = String(totalSeconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
