import type { BusinessUser, ClientConfig, PaymentIntentResponse } from '@wheelmeet/contracts';
import { jsonResponse } from '@/test/render';

/** Test data for the purchase feature's tests (not shipped: only tests import it). */

export const BUSINESS_USER_ID = '5b0c3f7e-2d1a-4e6b-9c8d-7a6b5c4d3e2f';

export function makeClientConfig(
  payments: ClientConfig['payments'] = { mode: 'test', publishableKey: null },
) {
  return {
    iceServers: [],
    payments,
    rounds: { defaultRoundSeconds: 60, spinAnimationMs: 4_000, resetMs: 8_000 },
  } satisfies ClientConfig;
}

export function makeBusinessUser(overrides: Partial<BusinessUser> = {}): BusinessUser {
  return {
    id: BUSINESS_USER_ID,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    companyName: 'Analytical Engines Ltd',
    phoneNumber: null,
    planId: 'starter',
    plan: { id: 'starter', name: 'Starter' },
    isActive: false,
    subscriptionStartDate: null,
    subscriptionEndDate: null,
    ...overrides,
  };
}

export function makeIntent(overrides: Partial<PaymentIntentResponse> = {}): PaymentIntentResponse {
  return {
    clientSecret: 'pi_test_123_secret_abc',
    paymentIntentId: 'pi_test_123',
    amount: 29,
    currency: 'eur',
    mode: 'test',
    ...overrides,
  };
}

export function errorResponse(status: number, code: string, message: string, details?: unknown) {
  return jsonResponse({ error: { code, message, ...(details ? { details } : {}) } }, status);
}

/** The test-card endpoint: 4000 0000 0000 0002 is declined, any other number succeeds. */
export function testCardResponder(_url: string, init: RequestInit | undefined): Response {
  const body = JSON.parse(String(init?.body)) as { cardNumber: string };
  if (body.cardNumber.replace(/\s/g, '') === '4000000000000002') {
    return errorResponse(400, 'bad_request', 'Your card was declined.');
  }
  return jsonResponse({ status: 'succeeded' });
}
