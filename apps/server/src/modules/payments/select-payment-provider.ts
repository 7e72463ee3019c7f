import type { AppConfig } from '../../config';
import type { Random } from '../../lib/random';
import type { PaymentProvider } from './payment-provider';
import { createStripePaymentProvider, type StripeClientOptions } from './stripe-payment-provider';
import { createTestPaymentProvider } from './test-payment-provider';

/** Stripe when its keys are configured; otherwise the built-in test-mode provider. */
export async function selectPaymentProvider(
  stripe: AppConfig['stripe'],
  deps: { random: Random; stripeClientOptions?: StripeClientOptions | undefined },
): Promise<PaymentProvider> {
  return stripe
    ? createStripePaymentProvider({
        secretKey: stripe.secretKey,
        webhookSecret: stripe.webhookSecret,
        clientOptions: deps.stripeClientOptions,
      })
    : createTestPaymentProvider({ random: deps.random });
}
