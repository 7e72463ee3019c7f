import fp from 'fastify-plugin';
import { clientConfigRoutes } from './client-config.routes';

/**
 * `/api/config`: the browser's run-time configuration. The payment mode follows the payments
 * module's choice: Stripe when it is configured, else test mode (decision 009).
 */
export const clientConfigModule = fp(
  async (app) => {
    const { stripe, wheelRoundSeconds } = app.config;
    await app.register(clientConfigRoutes, {
      calls: app.calls,
      tokens: app.tokens,
      defaultRoundSeconds: wheelRoundSeconds,
      payments: stripe
        ? { mode: 'stripe', publishableKey: stripe.publishableKey }
        : { mode: 'test', publishableKey: null },
    });
  },
  { name: 'client-config', dependencies: ['infrastructure', 'calls'] },
);
