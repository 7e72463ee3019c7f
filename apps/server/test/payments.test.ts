import {
  type BusinessRegistrationResponse,
  type ErrorBody,
  type PaymentIntentResponse,
  paymentIntentResponseSchema,
} from '@wheelmeet/contracts';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from './support/each-dialect';
import { ManualClock } from './support/manual-clock';
import { type StripeStandIn, startStripeStandIn } from './support/stripe-stand-in';
import { startTestApp, type TestApp } from './support/test-app';

const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_wheelmeet_stand_in',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_wheelmeet_stand_in',
  STRIPE_WEBHOOK_SECRET: 'whsec_wheelmeet_test_secret',
};
const PROFESSIONAL_PRICE_CENTS = 9900;

/** Calls and looks-ups both suites share. */
function paymentHelpers(getApp: () => TestApp) {
  const post = (url: string, payload: unknown) =>
    getApp().app.inject({ method: 'POST', url, payload: payload as object });
  const db = () => getApp().database.db;

  let registered = 0;
  return {
    post,
    async register(planId = 'professional'): Promise<BusinessRegistrationResponse> {
      registered += 1;
      const response = await post('/api/business/register', {
        firstName: 'Katherine',
        lastName: 'Johnson',
        email: `katherine.${registered}.${Date.now()}@example.com`,
        password: 'trajectory-1962',
        companyName: 'Orbital Mechanics',
        planId,
      });
      expect(response.statusCode).toBe(201);
      return response.json() as BusinessRegistrationResponse;
    },
    async createIntent(
      user: BusinessRegistrationResponse,
      currency: 'eur' | 'usd',
    ): Promise<PaymentIntentResponse> {
      const response = await post('/api/business/payment-intent', {
        planId: user.planId,
        currency,
        businessUserId: user.id,
        signupToken: user.signupToken,
      });
      expect(response.statusCode, response.body).toBe(201);
      return paymentIntentResponseSchema.parse(response.json());
    },
    userRow: (id: string) =>
      db().selectFrom('business_users').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    paymentRow: (providerPaymentId: string) =>
      db()
        .selectFrom('payments')
        .selectAll()
        .where('provider_payment_id', '=', providerPaymentId)
        .executeTakeFirstOrThrow(),
    subscriptions: (businessUserId: string) =>
      db().selectFrom('subscriptions').selectAll().where('business_user_id', '=', businessUserId).execute(),
    /** Everything a payment report may change, to show that a refused or replayed one changed nothing. */
    async snapshot(businessUserId: string) {
      return {
        user: await db()
          .selectFrom('business_users')
          .select(['is_active', 'updated_at'])
          .where('id', '=', businessUserId)
          .executeTakeFirstOrThrow(),
        payments: await db()
          .selectFrom('payments')
          .selectAll()
          .where('business_user_id', '=', businessUserId)
          .orderBy('created_at')
          .orderBy('id')
          .execute(),
        subscriptions: await db()
          .selectFrom('subscriptions')
          .selectAll()
          .where('business_user_id', '=', businessUserId)
          .execute(),
        events: await db().selectFrom('payment_events').selectAll().orderBy('id').execute(),
      };
    },
  };
}

describeEachDialect('payments in test mode', (dialect) => {
  let t: TestApp;
  const clock = new ManualClock(Date.parse('2027-01-31T09:30:00.000Z'));
  const h = paymentHelpers(() => t);
  const confirm = (
    paymentIntentId: string,
    cardNumber: string,
    extra: { expiry?: string; cvc?: string } = {},
  ) =>
    h.post('/api/business/test-payments/confirm', {
      paymentIntentId,
      cardNumber,
      expiry: extra.expiry ?? '12/30',
      cvc: extra.cvc ?? '123',
    });

  beforeAll(async () => {
    t = await startTestApp(dialect, { clock });
  });
  afterAll(() => t?.close());

  it('registers, is declined, then pays and is activated exactly once', async () => {
    const user = await h.register();

    // The landing page pays in euros, the purchase flow in dollars: the same number either way.
    const euros = await h.createIntent(user, 'eur');
    expect(euros).toMatchObject({ amount: 99, currency: 'eur', mode: 'test' });
    expect(euros.paymentIntentId).toMatch(/^pi_test_[0-9a-f]{24}$/);
    expect(euros.clientSecret).toMatch(new RegExp(`^${euros.paymentIntentId}_secret_[0-9a-f]+$`));
    const declinedIntent = await h.createIntent(user, 'usd');
    expect(declinedIntent).toMatchObject({ amount: 99, currency: 'usd', mode: 'test' });
    expect(await h.paymentRow(declinedIntent.paymentIntentId)).toMatchObject({
      business_user_id: user.id,
      plan_id: 'professional',
      provider: 'test',
      amount_cents: PROFESSIONAL_PRICE_CENTS,
      currency: 'usd',
      status: 'pending',
    });

    const declined = await confirm(declinedIntent.paymentIntentId, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(400);
    expect(declined.json()).toEqual({
      error: { code: 'bad_request', reason: 'bad_request', message: 'Your card was declined.' },
    });
    expect(await h.paymentRow(declinedIntent.paymentIntentId)).toMatchObject({
      status: 'failed',
      failure_message: 'Your card was declined.',
    });
    expect((await h.userRow(user.id)).is_active).toBe(false);
    expect(await h.subscriptions(user.id)).toEqual([]);

    const intent = await h.createIntent(user, 'usd');
    const paid = await confirm(intent.paymentIntentId, '4242424242424242');
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ status: 'succeeded' });

    expect((await h.userRow(user.id)).is_active).toBe(true);
    const payment = await h.paymentRow(intent.paymentIntentId);
    expect(payment).toMatchObject({
      status: 'succeeded',
      amount_cents: PROFESSIONAL_PRICE_CENTS,
      currency: 'usd',
      failure_message: null,
    });
    // Bought on 31 January: a month later is the last day of February.
    expect(await h.subscriptions(user.id)).toEqual([
      expect.objectContaining({
        plan_id: 'professional',
        payment_id: payment.id,
        starts_at: '2027-01-31T09:30:00.000Z',
        ends_at: '2027-02-28T09:30:00.000Z',
      }),
    ]);
    // The euro intent was never paid and stays pending; the declined one stays failed.
    expect((await h.paymentRow(euros.paymentIntentId)).status).toBe('pending');
    expect((await h.paymentRow(declinedIntent.paymentIntentId)).status).toBe('failed');

    // Confirming again, with any card, changes nothing.
    const before = await h.snapshot(user.id);
    clock.advance(60_000);
    for (const card of ['4242424242424242', '4000000000000002']) {
      const again = await confirm(intent.paymentIntentId, card);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        error: { code: 'conflict', reason: 'conflict', message: 'This payment has already been completed.' },
      });
    }
    expect(await h.snapshot(user.id)).toEqual(before);

    // An active account has nothing left to pay for.
    const more = await h.post('/api/business/payment-intent', {
      planId: 'professional',
      currency: 'eur',
      businessUserId: user.id,
      signupToken: user.signupToken,
    });
    expect(more.statusCode).toBe(409);
    expect((more.json() as ErrorBody).error.message).toBe('This account is already active.');
  });

  it('refuses bad card details without charging anything', async () => {
    const user = await h.register('starter');
    const intent = await h.createIntent(user, 'eur');
    expect(intent.amount).toBe(29);
    const before = await h.snapshot(user.id);

    const cases: Array<[Parameters<typeof confirm>, string, string]> = [
      [[intent.paymentIntentId, '4111 1111 1111 1111'], 'body.cardNumber', 'Your card number is invalid.'],
      [[intent.paymentIntentId, '4242'], 'body.cardNumber', 'Your card number is invalid.'],
      [[intent.paymentIntentId, 'abcd abcd abcd abcd'], 'body.cardNumber', 'Your card number is invalid.'],
      [
        [intent.paymentIntentId, '4242424242424242', { expiry: '12/26' }],
        'body.expiry',
        'Your card has expired.',
      ],
      [
        [intent.paymentIntentId, '4242424242424242', { expiry: '13/30' }],
        'body.expiry',
        "Your card's expiration date is invalid.",
      ],
      [
        [intent.paymentIntentId, '4242424242424242', { cvc: '12' }],
        'body.cvc',
        "Your card's security code is invalid.",
      ],
    ];
    for (const [args, path, message] of cases) {
      const response = await confirm(...args);
      expect(response.statusCode, message).toBe(400);
      expect(response.json(), message).toEqual({
        error: {
          code: 'validation_failed',
          reason: 'validation_failed',
          message,
          details: [{ path, message }],
        },
      });
    }
    expect(await h.snapshot(user.id)).toEqual(before);

    const unknown = await confirm('pi_test_000000000000000000000000', '4242424242424242');
    expect(unknown.statusCode).toBe(404);
    expect((unknown.json() as ErrorBody).error.message).toBe('We could not find this payment.');
  });

  it('checks what a payment intent is for', async () => {
    const user = await h.register('starter');
    const ask = (payload: Record<string, unknown>) =>
      h.post('/api/business/payment-intent', {
        planId: 'starter',
        currency: 'eur',
        businessUserId: user.id,
        signupToken: user.signupToken,
        ...payload,
      });

    const currency = await ask({ currency: 'gbp' });
    expect(currency.statusCode).toBe(400);
    expect((currency.json() as ErrorBody).error.details?.[0]?.path).toBe('body.currency');

    const noSuchPlan = await ask({ planId: 'platinum' });
    expect(noSuchPlan.statusCode).toBe(400);
    expect((noSuchPlan.json() as ErrorBody).error.details).toEqual([
      { path: 'body.planId', message: 'This plan does not exist. Please choose one of our plans.' },
    ]);

    const otherPlan = await ask({ planId: 'enterprise' });
    expect(otherPlan.statusCode).toBe(409);
    expect((otherPlan.json() as ErrorBody).error.message).toBe(
      'This account was registered for another plan.',
    );

    // Another account's id with this account's sign-up token.
    const nobody = await ask({ businessUserId: '00000000-0000-4000-8000-000000000000' });
    expect(nobody.statusCode).toBe(403);
    expect((nobody.json() as ErrorBody).error.message).toBe(
      'This payment is not for the account you signed up with.',
    );

    const payments = await t.database.db
      .selectFrom('payments')
      .select('id')
      .where('business_user_id', '=', user.id)
      .execute();
    expect(payments).toEqual([]);
  });

  it('has no Stripe webhook', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/business/stripe-webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(404);
  });
});

describeEachDialect('payments with Stripe', (dialect) => {
  let t: TestApp;
  let stripeApi: StripeStandIn;
  const clock = new ManualClock(Date.parse('2026-11-22T10:00:00.000Z'));
  const h = paymentHelpers(() => t);
  let eventCounter = 0;

  beforeAll(async () => {
    stripeApi = await startStripeStandIn();
    t = await startTestApp(dialect, { clock, env: STRIPE_ENV, stripeClientOptions: stripeApi.clientOptions });
  });
  afterAll(async () => {
    await t?.close();
    await stripeApi?.close();
  });

  it('lets Stripe.js load under the content security policy, and serves the publishable key', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/business' });
    const policy = page.headers['content-security-policy'] as string;
    expect(policy).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
    expect(policy).toMatch(/frame-src 'self' https:\/\/js\.stripe\.com https:\/\/hooks\.stripe\.com/);
    const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json<{ payments: unknown }>();
    expect(config.payments).toEqual({ mode: 'stripe', publishableKey: STRIPE_ENV.STRIPE_PUBLISHABLE_KEY });
  });

  function paymentIntentEvent(
    type: 'payment_intent.succeeded' | 'payment_intent.payment_failed' | 'payment_intent.created',
    intent: PaymentIntentResponse,
    extra: Record<string, unknown> = {},
  ) {
    eventCounter += 1;
    return {
      id: `evt_standin_${eventCounter}_${Date.now()}`,
      object: 'event',
      api_version: '2025-01-27.acacia',
      created: Math.floor(clock.now().getTime() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: {
        object: {
          id: intent.paymentIntentId,
          object: 'payment_intent',
          amount: Math.round(intent.amount * 100),
          currency: intent.currency,
          status: type === 'payment_intent.succeeded' ? 'succeeded' : 'requires_payment_method',
          ...extra,
        },
      },
    };
  }

  const deliver = (event: object, options: { secret?: string; signature?: string | null } = {}) => {
    const payload = JSON.stringify(event);
    const signature =
      options.signature === undefined
        ? Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: options.secret ?? STRIPE_ENV.STRIPE_WEBHOOK_SECRET,
            timestamp: Math.floor(clock.now().getTime() / 1000),
          })
        : options.signature;
    return t.app.inject({
      method: 'POST',
      url: '/api/business/stripe-webhook',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(signature === null ? {} : { 'stripe-signature': signature }),
      },
      payload,
    });
  };

  it("creates a PaymentIntent at Stripe for the plan's price in the chosen currency", async () => {
    const user = await h.register();
    const before = stripeApi.requests.length;
    const intent = await h.createIntent(user, 'eur');

    const [request] = stripeApi.requests.slice(before);
    expect(stripeApi.requests.length - before).toBe(1);
    expect(request).toMatchObject({ method: 'POST', path: '/v1/payment_intents' });
    expect(request?.headers.authorization).toBe(`Bearer ${STRIPE_ENV.STRIPE_SECRET_KEY}`);
    expect(request?.headers['idempotency-key']).toMatch(/^payment-intent-/);
    expect(request?.form).toMatchObject({
      amount: String(PROFESSIONAL_PRICE_CENTS),
      currency: 'eur',
      'metadata[planId]': 'professional',
      'metadata[businessUserId]': user.id,
    });

    expect(intent).toEqual({
      clientSecret: expect.stringMatching(/^pi_standin_\d+_secret_/),
      paymentIntentId: expect.stringMatching(/^pi_standin_\d+$/),
      amount: 99,
      currency: 'eur',
      mode: 'stripe',
    });
    expect(await h.paymentRow(intent.paymentIntentId)).toMatchObject({
      business_user_id: user.id,
      provider: 'stripe',
      amount_cents: PROFESSIONAL_PRICE_CENTS,
      currency: 'eur',
      status: 'pending',
    });

    const usd = await h.createIntent(user, 'usd');
    expect(stripeApi.requests.at(-1)?.form).toMatchObject({ amount: '9900', currency: 'usd' });
    expect(usd).toMatchObject({ amount: 99, currency: 'usd' });
  });

  it('has no test-card endpoint', async () => {
    const user = await h.register();
    const intent = await h.createIntent(user, 'usd');
    const response = await h.post('/api/business/test-payments/confirm', {
      paymentIntentId: intent.paymentIntentId,
      cardNumber: '4242424242424242',
      expiry: '12/30',
      cvc: '123',
    });
    expect(response.statusCode).toBe(404);
    expect((await h.userRow(user.id)).is_active).toBe(false);
  });

  it('refuses a webhook whose signature does not check out, and changes nothing', async () => {
    const user = await h.register();
    const intent = await h.createIntent(user, 'eur');
    const event = paymentIntentEvent('payment_intent.succeeded', intent);
    const before = await h.snapshot(user.id);

    const wrongSecret = await deliver(event, { secret: 'whsec_someone_else' });
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json()).toEqual({
      error: {
        code: 'bad_request',
        reason: 'bad_request',
        message: 'The Stripe signature of this webhook is not valid.',
      },
    });
    expect((await deliver(event, { signature: null })).statusCode).toBe(400);
    expect((await deliver(event, { signature: 't=1,v1=deadbeef' })).statusCode).toBe(400);

    // A correctly signed body that was altered afterwards.
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: JSON.stringify(event),
      secret: STRIPE_ENV.STRIPE_WEBHOOK_SECRET,
      timestamp: Math.floor(clock.now().getTime() / 1000),
    });
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/business/stripe-webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: JSON.stringify({ ...event, id: 'evt_forged' }),
    });
    expect(tampered.statusCode).toBe(400);

    // A genuine signature that is too old (replayed much later).
    clock.advance(10 * 60_000);
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/business/stripe-webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: JSON.stringify(event),
    });
    expect(stale.statusCode).toBe(400);

    expect(await h.snapshot(user.id)).toEqual(before);
  });

  it('records a failed payment and keeps the account inactive; a later success activates it once', async () => {
    const user = await h.register();
    const intent = await h.createIntent(user, 'usd');

    const failed = await deliver(
      paymentIntentEvent('payment_intent.payment_failed', intent, {
        last_payment_error: {
          code: 'card_declined',
          reason: 'card_declined',
          message: 'Your card was declined.',
        },
      }),
    );
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toEqual({ received: true });
    expect(await h.paymentRow(intent.paymentIntentId)).toMatchObject({
      status: 'failed',
      failure_message: 'Your card was declined.',
    });
    expect((await h.userRow(user.id)).is_active).toBe(false);
    expect(await h.subscriptions(user.id)).toEqual([]);

    // Stripe lets the same intent be retried with another card.
    const succeeded = paymentIntentEvent('payment_intent.succeeded', intent);
    const response = await deliver(succeeded);
    expect(response.statusCode).toBe(200);
    expect((await h.userRow(user.id)).is_active).toBe(true);
    const payment = await h.paymentRow(intent.paymentIntentId);
    expect(payment).toMatchObject({
      status: 'succeeded',
      failure_message: null,
      amount_cents: PROFESSIONAL_PRICE_CENTS,
      currency: 'usd',
    });
    const start = clock.now();
    expect(await h.subscriptions(user.id)).toEqual([
      expect.objectContaining({
        plan_id: 'professional',
        payment_id: payment.id,
        starts_at: start.toISOString(),
        // The clock stays on 22 November in this suite: a month later is 22 December, same time.
        ends_at: start.toISOString().replace('2026-11-22', '2026-12-22'),
      }),
    ]);
    expect(
      await t.database.db.selectFrom('payment_events').selectAll().where('id', '=', succeeded.id).execute(),
    ).toEqual([
      {
        id: succeeded.id,
        provider: 'stripe',
        type: 'payment_intent.succeeded',
        received_at: start.toISOString(),
      },
    ]);

    // The same event delivered again, a second success event and a late failure change nothing.
    const before = await h.snapshot(user.id);
    clock.advance(1_000);
    const replay = await deliver(succeeded);
    expect(replay.statusCode).toBe(200);
    expect(await h.snapshot(user.id)).toEqual(before);

    expect((await deliver(paymentIntentEvent('payment_intent.succeeded', intent))).statusCode).toBe(200);
    expect((await deliver(paymentIntentEvent('payment_intent.payment_failed', intent))).statusCode).toBe(200);
    const after = await h.snapshot(user.id);
    expect(after.user).toEqual(before.user);
    expect(after.payments).toEqual(before.payments);
    expect(after.subscriptions).toEqual(before.subscriptions);
  });

  it('acknowledges events it does not act on and intents it does not know', async () => {
    const user = await h.register();
    const intent = await h.createIntent(user, 'eur');
    const before = await h.snapshot(user.id);
    expect((await deliver(paymentIntentEvent('payment_intent.created', intent))).statusCode).toBe(200);
    const stranger = { ...intent, paymentIntentId: 'pi_from_another_integration' };
    expect((await deliver(paymentIntentEvent('payment_intent.succeeded', stranger))).statusCode).toBe(200);
    const after = await h.snapshot(user.id);
    expect(after.user).toEqual(before.user);
    expect(after.payments).toEqual(before.payments);
  });

  it('answers 503 when Stripe refuses to create the intent, and records no payment', async () => {
    const user = await h.register();
    stripeApi.failNextWith(400, {
      type: 'invalid_request_error',
      message: 'Amount must be at least 50 cents',
    });
    const response = await h.post('/api/business/payment-intent', {
      planId: 'professional',
      currency: 'eur',
      businessUserId: user.id,
      signupToken: user.signupToken,
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: {
        code: 'service_unavailable',
        reason: 'service_unavailable',
        message: 'We could not prepare the payment. Please try again.',
      },
    });
    expect((await h.snapshot(user.id)).payments).toEqual([]);
  });

  it('still parses JSON as usual on every other route', async () => {
    const response = await h.post('/api/business/demo-request', {
      name: 'Mary Jackson',
      telephone: '555 0199',
      company: 'Langley',
      email: 'mary@langley.gov',
    });
    expect(response.statusCode).toBe(201);
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({
      payments: { mode: 'stripe', publishableKey: STRIPE_ENV.STRIPE_PUBLISHABLE_KEY },
    });
  });
});

describe('the Stripe stand-in', () => {
  it('answers what the real Stripe client expects', async () => {
    const standIn = await startStripeStandIn();
    try {
      const stripe = new Stripe('sk_test_x', { ...standIn.clientOptions, maxNetworkRetries: 0 });
      const intent = await stripe.paymentIntents.create({
        amount: 500,
        currency: 'usd',
        metadata: { a: 'b' },
      });
      expect(intent).toMatchObject({ amount: 500, currency: 'usd', metadata: { a: 'b' } });
      expect(intent.client_secret).toMatch(/_secret_/);
    } finally {
      await standIn.close();
    }
  });
});
