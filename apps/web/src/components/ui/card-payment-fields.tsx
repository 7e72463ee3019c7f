import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripeElementsOptions } from '@stripe/stripe-js';
import type { PaymentCurrency, PaymentIntentResponse } from '@wheelmeet/contracts';
import { type Ref, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { ApiError, errorMessage } from '@/lib/api-client';
import { confirmTestPayment } from '@/lib/business-api';
import type { ReadyPaymentSetup } from '@/lib/payment-setup';
import { applyServerFieldErrors } from '@/lib/server-field-errors';
import { paymentReturnUrl, type Stripe, toMinorUnits } from '@/lib/stripe';
import { Alert } from './alert';
import {
  EMPTY_TEST_CARD,
  TEST_CARD_FIELDS,
  type TestCard,
  type TestCardErrors,
  TestCardFields,
  validateTestCard,
} from './test-card-fields';

/** What the surrounding form drives: check the card first, confirm the payment once an intent exists. */
export interface CardPayer {
  /** Checks the card form; false (its errors shown beside it) when it is not complete. */
  validate(): Promise<boolean>;
  /** Pays `intent` with the card; false when the payment failed (its message shown with the card form). */
  confirm(intent: PaymentIntentResponse): Promise<boolean>;
}

export interface CardPaymentMessages {
  /** A failure the provider gave no message for. */
  failed: string;
  /** Something that is not a payment failure at all (a thrown exception). */
  unexpected: string;
}

/**
 * Stripe's Payment Element either renders for an existing intent (`clientSecret`) or before the
 * intent exists, from the amount and currency it will have (deferred intent creation).
 */
export type StripeIntentOptions = { clientSecret: string } | { amount: number; currency: PaymentCurrency };

interface CardPaymentFieldsProps {
  payerRef: Ref<CardPayer>;
  setup: ReadyPaymentSetup;
  stripeIntent: StripeIntentOptions;
  messages: CardPaymentMessages;
  disabled?: boolean;
  /** Told when the form can be submitted: Stripe.js and its Payment Element must be ready first. */
  onReadyChange?: (ready: boolean) => void;
}

/** The card part of a checkout: the built-in test-card form, or Stripe's Payment Element. */
export function CardPaymentFields({
  payerRef,
  setup,
  stripeIntent,
  messages,
  disabled,
  onReadyChange,
}: CardPaymentFieldsProps) {
  const clientSecret = 'clientSecret' in stripeIntent ? stripeIntent.clientSecret : null;
  const amount = 'amount' in stripeIntent ? toMinorUnits(stripeIntent.amount) : 0;
  const currency = 'currency' in stripeIntent ? stripeIntent.currency : 'eur';
  // Elements compares its options on every render; a stable object keeps it from re-checking them.
  const options = useMemo<StripeElementsOptions>(
    () => (clientSecret ? { clientSecret } : { mode: 'payment', amount, currency }),
    [clientSecret, amount, currency],
  );
  if (setup.mode === 'test') {
    return (
      <TestCardPayment
        payerRef={payerRef}
        messages={messages}
        disabled={disabled}
        onReadyChange={onReadyChange}
      />
    );
  }
  return (
    <Elements stripe={setup.stripe} options={options}>
      <StripePayment
        payerRef={payerRef}
        messages={messages}
        deferred={clientSecret === null}
        disabled={disabled}
        onReadyChange={onReadyChange}
      />
    </Elements>
  );
}

interface PaymentProps {
  payerRef: Ref<CardPayer>;
  messages: CardPaymentMessages;
  disabled?: boolean;
  onReadyChange?: (ready: boolean) => void;
}

function TestCardPayment({ payerRef, messages, disabled, onReadyChange }: PaymentProps) {
  useEffect(() => onReadyChange?.(true), [onReadyChange]);
  const [card, setCard] = useState<TestCard>(EMPTY_TEST_CARD);
  const [fieldErrors, setFieldErrors] = useState<TestCardErrors>({});
  const [error, setError] = useState<string | null>(null);
  // The handle is called from an async submit: it must read the card as typed, not as first rendered.
  const cardRef = useRef(card);
  cardRef.current = card;

  useImperativeHandle(
    payerRef,
    () => ({
      async validate() {
        const errors = validateTestCard(cardRef.current);
        setFieldErrors(errors);
        return Object.keys(errors).length === 0;
      },
      async confirm(intent) {
        setError(null);
        try {
          await confirmTestPayment({ paymentIntentId: intent.paymentIntentId, ...cardRef.current });
          return true;
        } catch (failure) {
          const placed: TestCardErrors = {};
          const landed = applyServerFieldErrors<TestCard>(
            failure,
            (name, { message }) => {
              placed[name as keyof TestCard] = message;
            },
            TEST_CARD_FIELDS,
          );
          if (landed) setFieldErrors(placed);
          else if (failure instanceof ApiError) setError(errorMessage(failure, messages.failed));
          else setError(messages.unexpected);
          return false;
        }
      },
    }),
    [messages],
  );

  return (
    <TestCardFields
      value={card}
      onChange={(next) => {
        setCard(next);
        setError(null);
      }}
      errors={fieldErrors}
      error={error}
      disabled={disabled}
    />
  );
}

function StripePayment({
  payerRef,
  messages,
  deferred,
  disabled,
  onReadyChange,
}: PaymentProps & { deferred: boolean }) {
  const stripe = useStripe();
  const elements = useElements();
  const [elementReady, setElementReady] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ready = stripe !== null && elements !== null && elementReady;
  useEffect(() => onReadyChange?.(ready), [onReadyChange, ready]);

  useImperativeHandle(
    payerRef,
    () => ({
      async validate() {
        setError(null);
        // The submit button waits for Stripe; this only guards a submit that raced it.
        if (!stripe || !elements) {
          setError(messages.unexpected);
          return false;
        }
        // Only a deferred intent needs this first step; it shows the Payment Element's own errors.
        if (!deferred) return true;
        const { error: submitError } = await elements.submit();
        if (submitError) setError(submitError.message ?? messages.failed);
        return !submitError;
      },
      async confirm(intent) {
        setError(null);
        if (!stripe || !elements) {
          setError(messages.unexpected);
          return false;
        }
        try {
          return await confirmWithStripe(stripe, elements, intent.clientSecret, messages, setError);
        } catch {
          setError(messages.unexpected);
          return false;
        }
      },
    }),
    [stripe, elements, deferred, messages],
  );

  return (
    <fieldset disabled={disabled} className="space-y-4">
      <legend className="text-sm font-semibold text-slate-900">Card details</legend>
      <PaymentElement onReady={() => setElementReady(true)} />
      {error ? <Alert>{error}</Alert> : null}
    </fieldset>
  );
}

async function confirmWithStripe(
  stripe: Stripe,
  elements: NonNullable<ReturnType<typeof useElements>>,
  clientSecret: string,
  messages: CardPaymentMessages,
  setError: (message: string) => void,
): Promise<boolean> {
  const { error, paymentIntent } = await stripe.confirmPayment({
    elements,
    clientSecret,
    confirmParams: { return_url: paymentReturnUrl() },
    redirect: 'if_required',
  });
  if (error) {
    setError(error.message ?? messages.failed);
    return false;
  }
  // 'processing' is accepted: the server's webhook activates the account once it settles.
  if (paymentIntent.status === 'succeeded' || paymentIntent.status === 'processing') return true;
  setError(messages.failed);
  return false;
}
