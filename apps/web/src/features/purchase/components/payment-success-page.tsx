import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { LoadingState } from '@/components/ui/loading-state';
import { PageTitle } from '@/components/ui/page-title';
import { cn } from '@/lib/cn';
import { usePaymentSetup } from '@/lib/payment-setup';
import { clearPurchaseAccount } from '../lib/purchase-account-storage';

type Outcome = 'succeeded' | 'processing' | 'failed' | 'unknown';

const PRICING_PATH = '/business#pricing-section';

/** Stripe's `redirect_status` and PaymentIntent statuses, reduced to what the visitor needs to know. */
function toOutcome(status: string | null | undefined): Outcome {
  switch (status) {
    case 'succeeded':
      return 'succeeded';
    case 'processing':
      return 'processing';
    case 'failed':
    case 'canceled':
    case 'requires_payment_method':
      return 'failed';
    default:
      return 'unknown';
  }
}

/**
 * `/payment-success`: where Stripe returns the browser after a redirect-based confirmation
 * (`payment_intent_client_secret`, `redirect_status`). The account itself is activated by the
 * server's webhook; this page only tells the visitor how the payment went.
 */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const clientSecret = params.get('payment_intent_client_secret');
  const redirectStatus = params.get('redirect_status');
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
      <PageTitle title="Payment confirmation" />
      {clientSecret ? (
        <StripeReturn clientSecret={clientSecret} redirectStatus={redirectStatus} />
      ) : (
        <PaymentOutcome outcome={toOutcome(redirectStatus)} />
      )}
    </div>
  );
}

function StripeReturn({
  clientSecret,
  redirectStatus,
}: {
  clientSecret: string;
  redirectStatus: string | null;
}) {
  const setup = usePaymentSetup();
  const stripe = setup.status === 'ready' && setup.mode === 'stripe' ? setup.stripe : null;
  const retrieved = useQuery({
    queryKey: ['stripe-payment-intent', clientSecret],
    queryFn: async () => {
      if (!stripe) throw new Error('Stripe is not available.');
      const { paymentIntent, error } = await stripe.retrievePaymentIntent(clientSecret);
      if (error || !paymentIntent) throw new Error(error?.message ?? 'No payment intent.');
      return paymentIntent.status;
    },
    enabled: stripe !== null,
    retry: false,
  });

  if (setup.status === 'pending' || (stripe && retrieved.isPending)) {
    return <LoadingState label="Checking your payment..." />;
  }
  // Without Stripe (test mode, or it failed to load) the status in the address is all there is.
  return <PaymentOutcome outcome={toOutcome(retrieved.data ?? redirectStatus)} />;
}

const OUTCOMES: Record<Outcome, { title: string; text: string; tone: 'good' | 'wait' | 'bad' }> = {
  succeeded: {
    title: 'Payment confirmed',
    text: 'Thank you! Your payment went through. Your business account is activated as soon as our payment provider confirms it, usually within seconds, and you can then sign in to create your first wheel.',
    tone: 'good',
  },
  processing: {
    title: 'Payment processing',
    text: 'Your payment is being processed. Your business account is activated as soon as it is confirmed; this can take a few minutes for some payment methods.',
    tone: 'wait',
  },
  failed: {
    title: 'Payment not completed',
    text: 'Your payment did not go through and nothing was charged. Please choose your plan again and try another card or payment method.',
    tone: 'bad',
  },
  unknown: {
    title: 'No payment to confirm',
    text: 'We could not find a completed payment for this page. If you were buying a plan, please start again from the pricing section.',
    tone: 'bad',
  },
};

function PaymentOutcome({ outcome }: { outcome: Outcome }) {
  const { title, text, tone } = OUTCOMES[outcome];
  const paid = outcome === 'succeeded' || outcome === 'processing';
  // A purchase paid through Stripe's redirect is over too: a later visit starts with a new account.
  useEffect(() => {
    if (paid) clearPurchaseAccount();
  }, [paid]);
  return (
    <section className="text-center" aria-labelledby="payment-outcome-heading">
      <span
        aria-hidden="true"
        className={cn(
          'mx-auto flex size-14 items-center justify-center rounded-full text-2xl',
          tone === 'good' && 'bg-emerald-100 text-emerald-700',
          tone === 'wait' && 'bg-amber-100 text-amber-800',
          tone === 'bad' && 'bg-red-100 text-red-700',
        )}
      >
        {tone === 'good' ? '✓' : tone === 'wait' ? '…' : '!'}
      </span>
      <h1 id="payment-outcome-heading" className="mt-6 text-3xl font-bold tracking-tight text-slate-900">
        {title}
      </h1>
      <p className="mt-4 text-lg text-slate-600">{text}</p>
      {paid ? (
        <ButtonLink to="/admin/login" size="lg" className="mt-8">
          Go to Admin Login
        </ButtonLink>
      ) : (
        <ButtonLink to={PRICING_PATH} size="lg" className="mt-8">
          Back to pricing
        </ButtonLink>
      )}
    </section>
  );
}
