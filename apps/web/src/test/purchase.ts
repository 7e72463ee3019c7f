import { within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type {
  BusinessRegistrationResponse,
  ClientConfig,
  PaymentIntentResponse,
  Plan,
} from '@wheelmeet/contracts';
import { errorResponse, type FetchRoutes, jsonResponse } from './render';

/**
 * Test data and steps for buying a plan, in the pricing modal on /business and in the /purchase
 * flow (not shipped: only tests import it).
 */

export function makeClientConfig(
  payments: ClientConfig['payments'] = { mode: 'test', publishableKey: null },
) {
  return {
    iceServers: [],
    payments,
    rounds: { defaultRoundSeconds: 60, spinAnimationMs: 4_000, resetMs: 8_000 },
  } satisfies ClientConfig;
}

/** The sign-up token makeRegisteredBusinessUser answers with. */
export const TEST_SIGNUP_TOKEN = 'signup.token.for-ada';

/**
 * The server's answer to POST /api/business/register: the new organiser, inactive until paid,
 * and the sign-up token that lets this browser pay for it.
 */
export function makeRegisteredBusinessUser(
  overrides: Partial<BusinessRegistrationResponse> = {},
): BusinessRegistrationResponse {
  return {
    id: '5b0c3f7e-2d1a-4e6b-9c8d-7a6b5c4d3e2f',
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
    signupToken: TEST_SIGNUP_TOKEN,
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

/** The test-card endpoint: 4000 0000 0000 0002 is declined, any other number succeeds. */
export function testCardResponder(_url: string, init: RequestInit | undefined): Response {
  const body = JSON.parse(String(init?.body)) as { cardNumber: string };
  if (body.cardNumber.replace(/\s/g, '') === '4000000000000002') {
    return errorResponse(400, 'bad_request', 'Your card was declined.');
  }
  return jsonResponse({ status: 'succeeded' });
}

/**
 * The server for buying `plan` in test mode, paid in `currency`: the organiser registers, a
 * payment intent opens, and the test card decides (see testCardResponder).
 */
export function testModePurchaseRoutes(plan: Plan, currency: 'eur' | 'usd'): FetchRoutes {
  return {
    'GET /api/config': jsonResponse(makeClientConfig()),
    'POST /api/business/register': jsonResponse(
      makeRegisteredBusinessUser({ planId: plan.id, plan: { id: plan.id, name: plan.name } }),
      201,
    ),
    'POST /api/business/payment-intent': jsonResponse(makeIntent({ amount: plan.price, currency }), 201),
    'POST /api/business/test-payments/confirm': testCardResponder,
  };
}

/**
 * Types a valid new account (the one makeRegisteredBusinessUser answers with) into the account
 * fields inside `container`; waits for the form, which may still be loading.
 */
export async function fillBusinessAccount(user: UserEvent, container: HTMLElement = document.body) {
  const field = (label: RegExp) => within(container).findByLabelText(label);
  await user.type(await field(/^First name/), 'Ada');
  await user.type(await field(/^Last name/), 'Lovelace');
  await user.type(await field(/^Company name/), 'Analytical Engines Ltd');
  await user.type(await field(/^Email/), 'ada@example.com');
  await user.type(await field(/^Password/), 'difference-engine');
  await user.type(await field(/^Confirm password/), 'difference-engine');
}

/** Replaces what the test-card fields inside `container` hold with `cardNumber` and a valid expiry and CVC. */
export async function fillTestCard(
  user: UserEvent,
  cardNumber: string,
  container: HTMLElement = document.body,
) {
  for (const [label, value] of [
    [/^Card number/, cardNumber],
    [/^Expiry/, '1234'],
    [/^CVC/, '123'],
  ] as const) {
    const input = await within(container).findByLabelText(label);
    await user.clear(input);
    await user.type(input, value);
  }
}
