import type { PaymentCurrency, PaymentMode } from '@wheelmeet/contracts';

/** Which provider took a payment; stored with every payment and provider event. */
export type PaymentProviderName = PaymentMode;

export interface IntentRequest {
  /** Our payment row's id; also the idempotency key, so a retried call creates one intent. */
  paymentId: string;
  amountCents: number;
  currency: PaymentCurrency;
  metadata: { planId: string; businessUserId: string; paymentId: string };
}

export interface CreatedIntent {
  id: string;
  clientSecret: string;
}

/** What the provider reports about a payment. Only such reports activate or fail an account. */
export type PaymentEvent =
  | { eventId: string; type: string; outcome: 'succeeded'; providerPaymentId: string }
  | { eventId: string; type: string; outcome: 'failed'; providerPaymentId: string; message: string }
  | { eventId: string; type: string; outcome: 'ignored' };

export interface TestCard {
  /** Digits only. */
  cardNumber: string;
  /** MM/YY */
  expiry: string;
  cvc: string;
}

export type TestCharge = { outcome: 'succeeded' } | { outcome: 'declined'; message: string };

/**
 * A card payment provider. Both kinds create intents; how the provider then tells us a payment
 * went through differs: Stripe sends signed webhooks, the built-in test provider charges test
 * cards itself. Whichever it is, the result goes through the same settlement in the service.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createIntent(request: IntentRequest): Promise<CreatedIntent>;
  /**
   * An intent created before, again, if it can still be paid (nobody paid, cancelled or
   * started paying it); undefined otherwise. Lets a repeated request reuse one intent.
   */
  reuseIntent(id: string): Promise<CreatedIntent | undefined>;
  /** Stripe only: checks a webhook's signature on its raw body and reads the event. */
  readonly webhooks?: {
    verify(rawBody: Buffer, signature: string | undefined, receivedAt: Date): PaymentEvent;
  };
  /** Test mode only: charges one of Stripe's test cards. */
  readonly testCards?: {
    charge(card: TestCard, now: Date): TestCharge;
  };
}
