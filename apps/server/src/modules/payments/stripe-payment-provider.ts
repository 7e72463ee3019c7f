import type Stripe from 'stripe';
import { AppError } from '../../lib/errors';
import type { PaymentEvent, PaymentProvider } from './payment-provider';

/** Where the Stripe client sends its requests; tests point it at a local stand-in. */
export type StripeClientOptions = Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'>;

export const INVALID_SIGNATURE_MESSAGE = 'The Stripe signature of this webhook is not valid.';
const DEFAULT_FAILURE_MESSAGE = 'Your payment was not successful. Please try another card.';
/** An intent in these states has not been paid or cancelled, and nobody is paying it right now. */
const REUSABLE_STATUSES: ReadonlySet<Stripe.PaymentIntent.Status> = new Set([
  'requires_payment_method',
  'requires_confirmation',
]);

/**
 * Stripe PaymentIntents, confirmed in the browser by Stripe.js and reported to us by webhook.
 * Stripe's SDK is loaded here, so a server in test mode never holds it.
 */
export async function createStripePaymentProvider(options: {
  secretKey: string;
  webhookSecret: string;
  clientOptions?: StripeClientOptions | undefined;
}): Promise<PaymentProvider> {
  const { default: Stripe } = await import('stripe');
  const stripe = new Stripe(options.secretKey, {
    ...options.clientOptions,
    // Creating an intent is idempotent (we send a key), so a retry cannot charge twice.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });

  return {
    name: 'stripe',

    async createIntent(request) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency,
          metadata: request.metadata,
          automatic_payment_methods: { enabled: true },
        },
        { idempotencyKey: `payment-intent-${request.paymentId}` },
      );
      if (!intent.client_secret)
        throw new Error(`Stripe answered intent ${intent.id} without a client secret`);
      return { id: intent.id, clientSecret: intent.client_secret };
    },

    async reuseIntent(id) {
      const intent = await stripe.paymentIntents.retrieve(id);
      const payable = REUSABLE_STATUSES.has(intent.status) && intent.client_secret;
      return payable ? { id: intent.id, clientSecret: intent.client_secret as string } : undefined;
    },

    webhooks: {
      verify(rawBody, signature, receivedAt) {
        if (!signature) throw new AppError('bad_request', INVALID_SIGNATURE_MESSAGE);
        let event: Stripe.Event;
        try {
          event = stripe.webhooks.constructEvent(
            rawBody,
            signature,
            options.webhookSecret,
            undefined,
            undefined,
            receivedAt.getTime(),
          );
        } catch {
          throw new AppError('bad_request', INVALID_SIGNATURE_MESSAGE);
        }
        return toPaymentEvent(event);
      },
    },
  };
}

function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  if (event.type === 'payment_intent.succeeded') {
    return {
      eventId: event.id,
      type: event.type,
      outcome: 'succeeded',
      providerPaymentId: event.data.object.id,
    };
  }
  if (event.type === 'payment_intent.payment_failed') {
    const intent = event.data.object;
    return {
      eventId: event.id,
      type: event.type,
      outcome: 'failed',
      providerPaymentId: intent.id,
      message: intent.last_payment_error?.message || DEFAULT_FAILURE_MESSAGE,
    };
  }
  return { eventId: event.id, type: event.type, outcome: 'ignored' };
}
