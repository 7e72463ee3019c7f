import { useQuery } from '@tanstack/react-query';
import { clientConfigQuery } from './business-api';
import { getStripe, type Stripe } from './stripe';

/** What a card form needs before it can be shown: the provider's mode and, for Stripe, Stripe.js. */
export type PaymentSetup =
  | { status: 'pending' }
  | { status: 'error'; retry: () => void }
  | { status: 'ready'; mode: 'test'; stripe: null }
  | { status: 'ready'; mode: 'stripe'; stripe: Stripe };

export type ReadyPaymentSetup = Extract<PaymentSetup, { status: 'ready' }>;

/**
 * Loads the client configuration and, in Stripe mode, Stripe.js with the server's publishable
 * key. Any failure (no configuration, no key, Stripe.js not loading) is one `error` state: the
 * card form cannot be prepared.
 */
export function usePaymentSetup(): PaymentSetup {
  const config = useQuery({ ...clientConfigQuery(), retry: false });
  const payments = config.data?.payments;
  const publishableKey = payments?.mode === 'stripe' ? payments.publishableKey : null;
  const stripe = useQuery({
    queryKey: ['stripe-js', publishableKey],
    queryFn: () => (publishableKey ? getStripe(publishableKey) : null),
    enabled: publishableKey !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    // A Stripe instance is not plain data: keep the very object Stripe.js returned.
    structuralSharing: false,
  });

  const retry = () => {
    void (config.isError ? config.refetch() : stripe.refetch());
  };
  // A retry shows the loading state again rather than the old failure.
  if (config.isPending || (config.isError && config.isFetching)) return { status: 'pending' };
  if (config.isError || !payments) return { status: 'error', retry };
  if (payments.mode === 'test') return { status: 'ready', mode: 'test', stripe: null };
  if (!publishableKey) return { status: 'error', retry };
  if (stripe.isPending || (stripe.isError && stripe.isFetching)) return { status: 'pending' };
  if (stripe.isError || !stripe.data) return { status: 'error', retry };
  return { status: 'ready', mode: 'stripe', stripe: stripe.data };
}
