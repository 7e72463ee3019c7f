import fp from 'fastify-plugin';
import { createPaymentsRepository } from './payments.repository';
import { paymentsRoutes } from './payments.routes';
import { createPaymentsService } from './payments.service';
import { selectPaymentProvider } from './select-payment-provider';
import type { StripeClientOptions } from './stripe-payment-provider';

/**
 * Card payments: Stripe when it is configured, else the test-mode provider (decision 009),
 * the service over them and the routes. `stripeClientOptions`: where the Stripe client sends
 * API requests (tests point it at a local stand-in); Stripe's own by default.
 */
export const paymentsModule = fp<{ stripeClientOptions?: StripeClientOptions }>(
  async (app, { stripeClientOptions }) => {
    const { random, config } = app;
    const payments = createPaymentsService({
      payments: createPaymentsRepository(app.db),
      businessUsers: app.business.businessUsers,
      plans: app.business.plans,
      provider: await selectPaymentProvider(config.stripe, { random, stripeClientOptions }),
      clock: app.clock,
      random,
      log: app.log,
      tokens: app.tokens,
      outbox: app.eventOutbox,
    });
    await app.register(paymentsRoutes, {
      payments,
      formLimit: config.publicFormLimit,
    });
  },
  { name: 'payments', dependencies: ['infrastructure', 'form-rate-limit', 'business', 'event-outbox'] },
);
