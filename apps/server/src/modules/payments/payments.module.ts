import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/schema';
import { createPaymentsRepository } from './payments.repository';
import { paymentsRoutes } from './payments.routes';
import { createPaymentsService } from './payments.service';
import { selectPaymentProvider } from './select-payment-provider';
import type { StripeClientOptions } from './stripe-payment-provider';

type PaymentsServiceDeps = Parameters<typeof createPaymentsService>[0];

/**
 * Card payments: Stripe when it is configured, else the test-mode provider (decision 009),
 * the service over them and the routes.
 */
export async function registerPayments(
  app: FastifyInstance,
  deps: Omit<PaymentsServiceDeps, 'payments' | 'provider' | 'log'> & {
    db: Kysely<Database>;
    stripe: AppConfig['stripe'];
    stripeClientOptions: StripeClientOptions | undefined;
    /** Sign-ups per client per 10 minutes (PUBLIC_FORM_LIMIT). */
    formLimit: number;
  },
): Promise<void> {
  const { db, stripe, stripeClientOptions, formLimit, ...service } = deps;
  const payments = createPaymentsService({
    ...service,
    payments: createPaymentsRepository(db),
    provider: selectPaymentProvider(stripe, { random: service.random, stripeClientOptions }),
    log: app.log,
  });
  await app.register(paymentsRoutes, { payments, formLimit });
}
