// The "pure" entry point loads Stripe.js only when asked: nothing reaches Stripe in test mode.
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

export type { Stripe };

/** Where Stripe sends the browser back after a redirect-based confirmation (spec section 7). */
export const PAYMENT_RETURN_PATH = '/payment-success';

export function paymentReturnUrl(): string {
  return `${window.location.origin}${PAYMENT_RETURN_PATH}`;
}

const loaded = new Map<string, Promise<Stripe | null>>();

/** Stripe.js for a publishable key, loaded once; a failed load is forgotten so a later call retries. */
export function getStripe(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch((error: unknown) => {
      loaded.delete(publishableKey);
      throw error;
    });
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

/** Stripe amounts are in the currency's smallest unit (cents for eur and usd). */
export function toMinorUnits(amount: number): number {
  return Math.round(amount * 100);
}
