import {
  errorBodySchema,
  paymentIntentRequestSchema,
  paymentIntentResponseSchema,
  stripeWebhookResponseSchema,
  testPaymentConfirmRequestSchema,
  testPaymentConfirmResponseSchema,
} from '@wheelmeet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { headerValue } from '../../lib/http';
import { publicFormLimit } from '../../plugins/form-rate-limit';
import type { PaymentsService } from './payments.service';

/**
 * Payment intents one client address may ask for per sign-up it may make: one per currency,
 * and a fresh one after a declined card. Each account has its own hourly limit besides.
 */
const PAYMENT_INTENTS_PER_SIGN_UP = 3;

/**
 * Card payment. Intents are created here; payments are confirmed only by the provider: Stripe's
 * signed webhook in Stripe mode, the test-card endpoint in test mode. Each mode's confirmation
 * route exists only in that mode, so the other answers 404.
 */
export const paymentsRoutes: FastifyPluginAsyncZod<{
  payments: PaymentsService;
  /** Sign-ups per client per 10 minutes (PUBLIC_FORM_LIMIT); intents get a few per sign-up. */
  formLimit: number;
}> = async (app, { payments, formLimit }) => {
  app.post(
    '/api/business/payment-intent',
    {
      onRequest: app.rateLimit(publicFormLimit('payment-intents', formLimit * PAYMENT_INTENTS_PER_SIGN_UP)),
      schema: {
        tags: ['business'],
        summary:
          'Start paying for the plan of the account this browser signed up (its signupToken): never paid, or its subscription ended. Answers the client secret for the card form; a pending intent for the same plan and currency is answered again',
        body: paymentIntentRequestSchema,
        response: {
          201: paymentIntentResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          429: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await payments.createPaymentIntent(request.body)),
  );

  if (payments.mode === 'test') {
    app.post(
      '/api/business/test-payments/confirm',
      {
        schema: {
          tags: ['business'],
          summary:
            "Test mode only: pay an intent with one of Stripe's test cards (4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined)",
          body: testPaymentConfirmRequestSchema,
          response: {
            200: testPaymentConfirmResponseSchema,
            400: errorBodySchema,
            404: errorBodySchema,
            409: errorBodySchema,
          },
        },
      },
      (request) => payments.confirmTestPayment(request.body),
    );
  }

  if (payments.mode === 'stripe') {
    // Stripe signs the exact bytes it sent, so this one route keeps its JSON body raw; the
    // parser is registered in a child context and every other route parses JSON as usual.
    await app.register(async (webhook) => {
      webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      );
      webhook.post(
        '/api/business/stripe-webhook',
        {
          schema: {
            tags: ['business'],
            summary:
              'Stripe webhook: payment_intent.succeeded activates the account, payment_failed records it',
            hide: true,
            response: { 200: stripeWebhookResponseSchema, 400: errorBodySchema },
          },
        },
        async (request) => {
          const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          await payments.handleStripeWebhook(rawBody, headerValue(request.headers['stripe-signature']));
          return { received: true as const };
        },
      );
    });
  }
};
