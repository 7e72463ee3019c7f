import { type ReactNode, useEffect } from 'react';
import { vi } from 'vitest';

/**
 * Stand-ins for @stripe/react-stripe-js, whose components need Stripe's servers. A test swaps them
 * in with `vi.mock('@stripe/react-stripe-js', () => import('@/test/stripe-stand-ins'))` and reads
 * what the card form asked of Stripe from the recorders below.
 */

export const confirmPayment = vi.fn();
/** What useElements returns; `submit` is the Payment Element's own completeness check. */
export const elements = { submit: vi.fn() };
/** Receives the options the card form gave <Elements>. */
export const elementsOptions = vi.fn();

export function Elements({ options, children }: { options: unknown; children: ReactNode }) {
  elementsOptions(options);
  return children;
}

export function PaymentElement({ onReady }: { onReady?: () => void }) {
  useEffect(() => onReady?.(), [onReady]);
  return <div data-testid="payment-element" />;
}

export const useStripe = () => ({ confirmPayment });
export const useElements = () => elements;

/** Forgets earlier calls and answers; the Payment Element starts out complete. */
export function resetStripeStandIns() {
  confirmPayment.mockReset();
  elementsOptions.mockReset();
  elements.submit.mockReset().mockResolvedValue({});
}
