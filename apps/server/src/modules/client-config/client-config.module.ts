import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import { type ClientConfigRoutesOptions, clientConfigRoutes } from './client-config.routes';

/**
 * `/api/config`: the browser's run-time configuration. The payment mode follows the payments
 * module's choice: Stripe when it is configured, else test mode (decision 009).
 */
export async function registerClientConfig(
  app: FastifyInstance,
  deps: Omit<ClientConfigRoutesOptions, 'payments'> & { stripe: AppConfig['stripe'] },
): Promise<void> {
  const { stripe, ...routes } = deps;
  await app.register(clientConfigRoutes, {
    ...routes,
    payments: stripe
      ? { mode: 'stripe', publishableKey: stripe.publishableKey }
      : { mode: 'test', publishableKey: null },
  });
}
