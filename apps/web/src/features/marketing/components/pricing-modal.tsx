import type {
  BusinessRegistrationForm,
  BusinessRegistrationResponse,
  PaymentIntentResponse,
  Plan,
} from '@wheelmeet/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import {
  BUSINESS_ACCOUNT_FIELDS,
  BusinessAccountFields,
  useBusinessAccountForm,
} from '@/components/ui/business-account-fields';
import { Button, SubmitButton } from '@/components/ui/button';
import { type CardPayer, CardPaymentFields } from '@/components/ui/card-payment-fields';
import { Dialog } from '@/components/ui/dialog';
import { LoadingState } from '@/components/ui/loading-state';
import { ApiError } from '@/lib/api-client';
import { createPaymentIntent, registerBusiness, toBusinessRegistration } from '@/lib/business-api';
import { billingPeriod, formatPrice } from '@/lib/format';
import { type ReadyPaymentSetup, usePaymentSetup } from '@/lib/payment-setup';
import { applyServerFieldErrors, serverMessage } from '@/lib/server-field-errors';

export const PREPARING_PAYMENT_MESSAGE = 'Preparing payment form...';
export const PAYMENT_INIT_FAILED_MESSAGE = 'Failed to initialize payment. Please try again.';
export const REGISTRATION_FAILED_MESSAGE = 'Registration failed';
export const PAYMENT_INTENT_FAILED_MESSAGE = 'Failed to create payment intent';
export const REGISTRATION_SUCCESS_MESSAGE = 'Registration successful! Redirecting...';
/** How long the success message shows before /registration-success (spec section 9). */
export const SUCCESS_REDIRECT_MS = 2_000;

// The landing page pays in euros (spec section 9); the purchase flow pays in dollars.
const CURRENCY = 'eur';
const CARD_MESSAGES = { failed: 'An error occurred', unexpected: 'An error occurred' };

interface PricingModalProps {
  plan: Plan;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * 'Get Started' on a plan card: account and card in one modal, paid in euros. The account (with
 * the sign-up token that lets this browser pay for it) and the payment intent outlive a closed
 * dialog, so a visitor whose card was declined pays for the account already registered instead
 * of registering again.
 */
export function PricingModal({ plan, open, onOpenChange }: PricingModalProps) {
  const navigate = useNavigate();
  const [account, setAccount] = useState<BusinessRegistrationResponse | null>(null);
  const [intent, setIntent] = useState<PaymentIntentResponse | null>(null);
  const [paid, setPaid] = useState(false);

  useEffect(() => {
    if (!paid) return;
    const timer = setTimeout(() => navigate('/registration-success'), SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [paid, navigate]);

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Get started with ${plan.name}`}
      description={`${formatPrice(plan.price, 'EUR')} per ${billingPeriod(plan)}. Create your business account and pay by card to activate it.`}
    >
      {paid ? (
        <Alert tone="success">{REGISTRATION_SUCCESS_MESSAGE}</Alert>
      ) : (
        <PricingModalBody
          plan={plan}
          account={account}
          onAccount={setAccount}
          intent={intent}
          onIntent={setIntent}
          onPaid={() => setPaid(true)}
          onClose={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}

interface BodyProps {
  plan: Plan;
  account: BusinessRegistrationResponse | null;
  /** Null forgets the account: its sign-up expired, so the visitor registers again. */
  onAccount: (account: BusinessRegistrationResponse | null) => void;
  intent: PaymentIntentResponse | null;
  onIntent: (intent: PaymentIntentResponse) => void;
  onPaid: () => void;
  onClose: () => void;
}

function PricingModalBody(props: BodyProps) {
  const setup = usePaymentSetup();
  if (setup.status === 'pending') return <LoadingState label={PREPARING_PAYMENT_MESSAGE} />;
  if (setup.status === 'error') {
    return (
      <div className="space-y-4">
        <Alert>{PAYMENT_INIT_FAILED_MESSAGE}</Alert>
        <div className="flex justify-end">
          <Button variant="secondary" onClick={props.onClose}>
            Close
          </Button>
        </div>
      </div>
    );
  }
  return <PricingForm {...props} setup={setup} />;
}

function PricingForm({
  plan,
  account,
  onAccount,
  intent,
  onIntent,
  onPaid,
  setup,
}: BodyProps & { setup: ReadyPaymentSetup }) {
  const payerRef = useRef<CardPayer>(null);
  const [cardReady, setCardReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useBusinessAccountForm(plan.id);

  async function registerAccount(
    values: BusinessRegistrationForm,
  ): Promise<BusinessRegistrationResponse | null> {
    try {
      const created = await registerBusiness(toBusinessRegistration(values));
      onAccount(created);
      return created;
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, BUSINESS_ACCOUNT_FIELDS)) {
        setFormError(serverMessage(error, REGISTRATION_FAILED_MESSAGE));
      }
      return null;
    }
  }

  async function pay(payer: CardPayer, owner: BusinessRegistrationResponse): Promise<void> {
    let current = intent;
    if (!current) {
      try {
        current = await createPaymentIntent({
          planId: plan.id,
          currency: CURRENCY,
          businessUserId: owner.id,
          signupToken: owner.signupToken,
        });
        onIntent(current);
      } catch (error) {
        setFormError(serverMessage(error, PAYMENT_INTENT_FAILED_MESSAGE));
        // The server no longer takes this sign-up (it expired): registering again renews it.
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) onAccount(null);
        return;
      }
    }
    if (await payer.confirm(current)) onPaid();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const payer = payerRef.current;
    if (busy || !payer) return;
    setBusy(true);
    setFormError(null);
    try {
      // The card is checked alongside the account, so every missing field shows at once.
      const cardComplete = await payer.validate();
      if (account) {
        if (cardComplete) await pay(payer, account);
        return;
      }
      await handleSubmit(async (values) => {
        if (!cardComplete) return;
        const created = await registerAccount(values);
        if (created) await pay(payer, created);
      })();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-6">
      {formError ? <Alert>{formError}</Alert> : null}
      {account ? (
        <Alert tone="info">
          Your account for {account.email} has been created. Complete the payment to activate it.
        </Alert>
      ) : (
        <BusinessAccountFields register={register} errors={errors} disabled={busy} />
      )}
      <CardPaymentFields
        payerRef={payerRef}
        setup={setup}
        stripeIntent={{ amount: plan.price, currency: CURRENCY }}
        messages={CARD_MESSAGES}
        disabled={busy}
        onReadyChange={setCardReady}
      />
      <div className="space-y-3">
        <SubmitButton size="lg" className="w-full" pending={busy} disabled={!cardReady}>
          {busy ? 'Processing...' : `Pay ${formatPrice(plan.price, 'EUR')} and register`}
        </SubmitButton>
        <p className="text-center text-sm text-slate-600">
          Prefer a step-by-step checkout?{' '}
          <Link
            to={`/purchase/${encodeURIComponent(plan.id)}`}
            state={{ plan }}
            className="rounded font-semibold text-indigo-700 underline hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            Buy with the full checkout
          </Link>
        </p>
      </div>
    </form>
  );
}
