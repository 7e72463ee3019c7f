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
