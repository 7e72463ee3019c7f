import { useQuery } from '@tanstack/react-query';
import type { PaymentIntentResponse, Plan } from '@wheelmeet/contracts';
import { type FormEvent, type ReactNode, type Ref, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, SubmitButton } from '@/components/ui/button';
import { type CardPayer, CardPaymentFields } from '@/components/ui/card-payment-fields';
import { LoadingState } from '@/components/ui/loading-state';
import { ApiError } from '@/lib/api-client';
import { createPaymentIntent } from '@/lib/business-api';
import { formatPrice } from '@/lib/format';
import { type ReadyPaymentSetup, usePaymentSetup } from '@/lib/payment-setup';
import { serverMessage } from '@/lib/server-field-errors';
import type { PurchaseAccount } from '../lib/purchase-account-storage';
import { StepSection } from './step-section';

export const PREPARING_PAYMENT_MESSAGE = 'Preparing payment form...';
export const PAYMENT_INTENT_FAILED_MESSAGE = 'Failed to create payment intent';
export const PAYMENT_INIT_FAILED_MESSAGE = 'Failed to initialize payment. Please try again.';
export const START_OVER_LABEL = 'Enter your details again';
const CARD_MESSAGES = {
  failed: 'An error occurred with your payment',
  unexpected: 'An unexpected error occurred',
};

// The purchase flow pays in US dollars (spec section 9); the landing page's modal in euros.
const CURRENCY = 'usd';

interface PaymentStepProps {
  plan: Plan;
  account: PurchaseAccount;
  onPaid: () => void;
  /** The account comes from an earlier visit (a reload): offer to use a different one. */
  resumed?: boolean;
  /** Drops the account and goes back to step 1. */
  onStartOver: () => void;
  headingRef?: Ref<HTMLHeadingElement>;
}

/** The server no longer takes this browser's sign-up (it expired): only registering again helps. */
const isSignUpRefused = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.status === 403);

/**
 * Step 2: a payment intent in USD is opened for the new account as the step starts, then paid
 * by card. The account's sign-up token goes with it: the server opens intents only for the
 * browser that created the account.
 */
export function PaymentStep({
  plan,
  account,
  onPaid,
  resumed = false,
  onStartOver,
  headingRef,
}: PaymentStepProps) {
  const setup = usePaymentSetup();
  // A query rather than a mutation: one intent per account, however often the step renders.
  const intent = useQuery({
    queryKey: ['business', 'payment-intent', account.id, CURRENCY],
    queryFn: () =>
      createPaymentIntent({
        planId: plan.id,
        currency: CURRENCY,
        businessUserId: account.id,
        signupToken: account.signupToken,
      }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  let body: ReactNode;
  if (intent.isError && !intent.isFetching) {
    const message = serverMessage(intent.error, PAYMENT_INTENT_FAILED_MESSAGE);
    body = isSignUpRefused(intent.error) ? (
      <Failure message={message} action={START_OVER_LABEL} onAction={onStartOver} />
    ) : (
      <Failure message={message} onAction={() => void intent.refetch()} />
    );
  } else if (setup.status === 'error') {
    body = <Failure message={PAYMENT_INIT_FAILED_MESSAGE} onAction={setup.retry} />;
  } else if (setup.status === 'pending' || !intent.data) {
    body = <LoadingState label={PREPARING_PAYMENT_MESSAGE} />;
  } else {
    body = <PaymentForm setup={setup} intent={intent.data} onPaid={onPaid} />;
  }

  return (
    <StepSection
      id="payment-step-heading"
      title="Payment"
      intro={
        resumed ? (
          `Continuing the purchase for ${account.email}.`
        ) : (
          <>
            Your account for <span className="font-medium text-slate-900">{account.email}</span> is created.
            Pay for {plan.name} to activate it.
          </>
        )
      }
      headingRef={headingRef}
    >
      {resumed ? (
        <Button variant="ghost" className="mt-2 -ml-4" onClick={onStartOver}>
          Use a different account
        </Button>
      ) : null}
      <div className="mt-6">{body}</div>
    </StepSection>
  );
}

function Failure({
  message,
  action = 'Try again',
  onAction,
}: {
  message: string;
  action?: string;
  onAction: () => void;
}) {
  return (
    <div className="space-y-4">
      <Alert>{message}</Alert>
      <Button variant="secondary" onClick={onAction}>
        {action}
      </Button>
    </div>
  );
}

interface PaymentFormProps {
  setup: ReadyPaymentSetup;
  intent: PaymentIntentResponse;
  onPaid: () => void;
}

function PaymentForm({ setup, intent, onPaid }: PaymentFormProps) {
  const payerRef = useRef<CardPayer>(null);
  const [cardReady, setCardReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const amount = formatPrice(intent.amount, 'USD');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const payer = payerRef.current;
    if (busy || !payer) return;
    setBusy(true);
    try {
      if ((await payer.validate()) && (await payer.confirm(intent))) onPaid();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-6">
      <p className="flex items-baseline justify-between rounded-lg bg-slate-50 px-4 py-3 text-slate-700">
        <span>Total due today</span>
        <span className="text-lg font-semibold text-slate-900">{amount}</span>
      </p>
      <CardPaymentFields
        payerRef={payerRef}
        setup={setup}
        stripeIntent={{ clientSecret: intent.clientSecret }}
        messages={CARD_MESSAGES}
        disabled={busy}
        onReadyChange={setCardReady}
      />
      <div className="flex justify-end">
        <SubmitButton size="lg" pending={busy} disabled={!cardReady} className="w-full sm:w-auto">
          {busy ? 'Processing...' : `Pay ${amount}`}
        </SubmitButton>
      </div>
    </form>
  );
}
