import type {
  BusinessRegistrationResponse,
  BusinessUser,
  ErrorBody,
  PaymentIntentResponse,
} from '@wheelmeet/contracts';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from './support/databases';
import { describeEachDialect } from './support/each-dialect';
import { ManualClock } from './support/manual-clock';
import { signIn } from './support/staff';
import { type StripeStandIn, startStripeStandIn } from './support/stripe-stand-in';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './support/test-app';

/*
 * Attacks on buying a plan (issue 10, items 4, 10, 11 and 12), each performed against the
 * real app: an account an admin closed paying its way back in, the sign-up form as a password
 * oracle and account finder, payment intents opened by anyone for anyone, and subscriptions
 * that overlap or never end.
 */

const PASSWORD = 'trajectory-1962';
const REFUSED_SIGN_UP =
  'We could not create an account with these details. If you already have an account, sign in instead or use another email.';
const DEACTIVATED = 'This account was deactivated by an administrator. Please contact support.';
const GOOD_CARD = '4242424242424242';
const DECLINED_CARD = '4000000000000002';
const DAY_MS = 24 * 3600_000;

const sqlite = TEST_DIALECTS.find((dialect) => dialect.name === 'sqlite');
if (!sqlite) throw new Error('no sqlite dialect');

function purchaseHelpers(getApp: () => TestApp) {
  let counter = 0;
  const post = (url: string, payload: unknown, remoteAddress = '203.0.113.10', headers = {}) =>
    getApp().app.inject({ method: 'POST', url, payload: payload as object, remoteAddress, headers });
  const registration = (email: string, extra: Record<string, unknown> = {}) => ({
    firstName: 'Katherine',
    lastName: 'Johnson',
    email,
    password: PASSWORD,
    companyName: 'Orbital Mechanics',
    planId: 'starter',
    ...extra,
  });

  const uniqueEmail = (name: string) => {
    counter += 1;
    return `${name}.${counter}.${Date.now()}@example.com`;
  };
  const register = (email: string, extra: Record<string, unknown> = {}, remoteAddress?: string) =>
    post('/api/business/register', registration(email, extra), remoteAddress);
  const askIntent = (
    account: { id: string; planId: string },
    signupToken: string | undefined,
    currency: 'eur' | 'usd' = 'eur',
    remoteAddress?: string,
  ) =>
    post(
      '/api/business/payment-intent',
      {
        planId: account.planId,
        currency,
        businessUserId: account.id,
        ...(signupToken === undefined ? {} : { signupToken }),
      },
      remoteAddress,
    );
  const intent = async (account: BusinessRegistrationResponse, currency: 'eur' | 'usd' = 'eur') => {
    const response = await askIntent(account, account.signupToken, currency);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<PaymentIntentResponse>();
  };
  const confirm = (paymentIntentId: string, cardNumber: string) =>
    post('/api/business/test-payments/confirm', {
      paymentIntentId,
      cardNumber,
      expiry: '12/40',
      cvc: '123',
    });

  return {
    post,
    registration,
    uniqueEmail,
    register,
    async signUp(
      email = uniqueEmail('organiser'),
      planId = 'starter',
    ): Promise<BusinessRegistrationResponse> {
      const response = await register(email, { planId });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<BusinessRegistrationResponse>();
    },
    askIntent,
    intent,
    confirm,
    async pay(account: BusinessRegistrationResponse, currency: 'eur' | 'usd' = 'eur') {
      const paid = await intent(account, currency);
      expect((await confirm(paid.paymentIntentId, GOOD_CARD)).statusCode).toBe(200);
      return paid;
    },
    payments: (businessUserId: string) =>
      getApp()
        .database.db.selectFrom('payments')
        .selectAll()
        .where('business_user_id', '=', businessUserId)
        .execute(),
    subscriptions: (businessUserId: string) =>
      getApp()
        .database.db.selectFrom('subscriptions')
        .select(['starts_at', 'ends_at', 'payment_id'])
        .where('business_user_id', '=', businessUserId)
        .orderBy('starts_at')
        .execute(),
    userRow: (id: string) =>
      getApp()
        .database.db.selectFrom('business_users')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    login: (username: string, password = PASSWORD) =>
      post('/api/admin/login', { username, password }, '198.51.100.99'),
    profile: (token: string) =>
      getApp().app.inject({
        method: 'GET',
        url: '/api/admin/profile',
        headers: { authorization: `Bearer ${token}` },
      }),
  };
}

const errorOf = (response: { json: () => unknown }) => (response.json() as ErrorBody).error;

describeEachDialect('buying a plan under attack', (dialect) => {
  let t: TestApp;
  const clock = new ManualClock(Date.parse('2027-03-01T09:00:00.000Z'));
  const h = purchaseHelpers(() => t);
  let admin: { headers: { authorization: string } };

  beforeAll(async () => {
    t = await startTestApp(dialect, { clock });
    admin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
  });
  afterAll(() => t?.close());

  const setActive = async (user: BusinessUser, isActive: boolean, password = '') => {
    admin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/business-users/${user.id}`,
      headers: admin.headers,
      payload: {
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        companyName: user.companyName,
        phoneNumber: user.phoneNumber,
        planId: user.planId,
        password,
        isActive,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<BusinessUser>();
  };
  const adminRow = async (id: string) => {
    admin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/business-users',
      headers: admin.headers,
    });
    return response.json<BusinessUser[]>().find((user) => user.id === id);
  };

  describe('item 4: an account an admin deactivated', () => {
    it('cannot pay its way back in: the payment is refused and its old sign-in stays dead', async () => {
      const account = await h.signUp();
      await h.pay(account);
      const session = (await h.login(account.email)).json<{ token: string }>().token;
      expect((await h.profile(session)).statusCode).toBe(200);

      await setActive(account, false);
      const closed = await h.userRow(account.id);
      expect(closed).toMatchObject({ is_active: false, deactivated_at: clock.now().toISOString() });
      expect(closed.session_version).toBe(1);
      expect((await h.profile(session)).statusCode).toBe(401);

      // The attack: a payment intent with the account's id (and even its own sign-up token),
      // then the test card.
      const paymentsBefore = await h.payments(account.id);
      const reopen = await h.askIntent(account, account.signupToken);
      expect(reopen.statusCode).toBe(403);
      expect(errorOf(reopen)).toEqual({ code: 'forbidden', reason: 'forbidden', message: DEACTIVATED });
      expect(await h.payments(account.id)).toEqual(paymentsBefore);
      // Registering again does not hand out a new token either.
      const again = await h.register(account.email);
      expect(again.statusCode).toBe(409);
      expect(errorOf(again).message).toBe(REFUSED_SIGN_UP);

      expect((await h.profile(session)).statusCode).toBe(401);
      expect((await h.login(account.email)).statusCode).toBe(403);
      expect((await h.userRow(account.id)).is_active).toBe(false);
    });

    it('stays closed when a payment opened before the deactivation goes through later', async () => {
      const account = await h.signUp();
      const intent = await h.intent(account);
      await setActive(account, true); // an admin opens it by hand…
      await setActive(account, false); // …and closes it again
      expect((await h.confirm(intent.paymentIntentId, GOOD_CARD)).statusCode).toBe(200);

      // The payment is on record, the account stays closed.
      expect((await h.payments(account.id)).map((payment) => payment.status)).toEqual(['succeeded']);
      expect(await h.subscriptions(account.id)).toHaveLength(1);
      expect(await h.userRow(account.id)).toMatchObject({
        is_active: false,
        deactivated_at: expect.any(String),
      });
      expect((await h.login(account.email)).statusCode).toBe(403);

      // Only an admin reopens it; that clears the mark.
      await setActive(account, true);
      expect(await h.userRow(account.id)).toMatchObject({ is_active: true, deactivated_at: null });
      expect((await h.login(account.email)).statusCode).toBe(200);
    });

    it('keeps an unpaid account payable when an admin saves it as inactive, and ends sessions on a new password', async () => {
      const unpaid = await h.signUp();
      await setActive(unpaid, false);
      expect(await h.userRow(unpaid.id)).toMatchObject({ deactivated_at: null, session_version: 0 });
      expect((await h.askIntent(unpaid, unpaid.signupToken)).statusCode).toBe(201);

      const paid = await h.signUp();
      await h.pay(paid);
      const session = (await h.login(paid.email)).json<{ token: string }>().token;
      await setActive(paid, true, 'a-brand-new-password');
      expect((await h.userRow(paid.id)).session_version).toBe(1);
      expect((await h.profile(session)).statusCode).toBe(401);
      expect((await h.login(paid.email, 'a-brand-new-password')).statusCode).toBe(200);
    });
  });

  describe('item 10: signing up with an email that has an account', () => {
    it('answers the same neutral 409 for an active, a deactivated and an unpaid account with a wrong password', async () => {
      const active = await h.signUp();
      await h.pay(active);
      const deactivated = await h.signUp();
      await h.pay(deactivated);
      await setActive(deactivated, false);
      const unpaid = await h.signUp();

      const answers = [
        await h.register(active.email),
        await h.register(active.email, { password: 'not-the-password' }),
        await h.register(deactivated.email),
        await h.register(deactivated.email, { password: 'not-the-password' }),
        await h.register(unpaid.email, { password: 'not-the-password' }),
      ];
      for (const answer of answers) {
        expect(answer.statusCode).toBe(409);
        expect(answer.json()).toEqual({
          error: { code: 'conflict', reason: 'conflict', message: REFUSED_SIGN_UP },
        });
        expect(answer.body).not.toMatch(/exist/i);
      }
      // The owner of the unpaid account still continues with the right password.
      const resumed = await h.register(unpaid.email);
      expect(resumed.statusCode).toBe(201);
      expect(resumed.json()).toMatchObject({ id: unpaid.id, signupToken: expect.any(String) });
    });

    it('throttles password guesses at an unpaid account like sign-ins: 20 at once, five are checked', async () => {
      const unpaid = await h.signUp();
      const address = '192.0.2.77';
      const guesses = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          h.register(unpaid.email, { password: `guess-number-${index}` }, address),
        ),
      );
      // Five guesses get a turn (409, or 429 `rate_limited` when the password queue is full);
      // the throttle tells the rest to wait (429 `too_many_requests`).
      const outcomes = guesses.map((guess) =>
        guess.statusCode === 429 ? guess.json<ErrorBody>().error.code : guess.statusCode,
      );
      expect(outcomes.filter((outcome) => outcome === 'too_many_requests')).toHaveLength(15);
      expect(
        outcomes
          .filter((outcome) => outcome !== 'too_many_requests')
          .every((outcome) => outcome === 409 || outcome === 'rate_limited'),
      ).toBe(true);
      // Even the right password waits now, from that address.
      const right = await h.register(unpaid.email, {}, address);
      expect(right.statusCode).toBe(429);
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
      clock.advance(15 * 60_000 + 1);
    });
  });

  describe('item 11: payment intents', () => {
    it('need the sign-up token of that account: missing, forged, expired or another account’s are refused', async () => {
      const victim = await h.signUp();
      const attacker = await h.signUp();
      const forged = await new SignJWT({ typ: 'signup' })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('wheelmeet')
        .setSubject(victim.id)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('another-secret-that-is-at-least-32-characters'));
      const staffToken = (await h.login('admin', TEST_ADMIN_PASSWORD)).json<{ token: string }>().token;

      const cases: [string | undefined, number][] = [
        [undefined, 401],
        ['', 401],
        ['not-a-token', 401],
        [forged, 401],
        [staffToken, 401],
        [attacker.signupToken, 403],
      ];
      for (const [token, status] of cases) {
        const response = await h.askIntent(victim, token);
        expect(response.statusCode, String(token)).toBe(status);
      }
      expect(await h.payments(victim.id)).toEqual([]);
      expect(await h.payments(attacker.id)).toEqual([]);

      // The token lasts two hours; registering again with the password gives a new one.
      clock.advance(2 * 3600_000 + 1_000);
      const expired = await h.askIntent(victim, victim.signupToken);
      expect(expired.statusCode).toBe(401);
      expect(errorOf(expired).message).toBe(
        'Your sign-up has expired. Please enter your account details again to continue.',
      );
      const renewed = (await h.register(victim.email)).json<BusinessRegistrationResponse>();
      expect((await h.askIntent(victim, renewed.signupToken)).statusCode).toBe(201);
    });

    it('200 requests for one account open one pending payment, not 200', async () => {
      const account = await h.signUp();
      const answers = await Promise.all(
        Array.from({ length: 200 }, () => h.askIntent(account, account.signupToken)),
      );
      expect(new Set(answers.map((answer) => answer.statusCode))).toEqual(new Set([201]));
      const intents = answers.map((answer) => answer.json<PaymentIntentResponse>());
      expect(new Set(intents.map((intent) => intent.paymentIntentId)).size).toBe(1);
      expect(new Set(intents.map((intent) => intent.clientSecret)).size).toBe(1);
      expect(await h.payments(account.id)).toHaveLength(1);
      // The reused intent is the one that gets paid.
      expect((await h.confirm(intents[0]?.paymentIntentId ?? '', GOOD_CARD)).statusCode).toBe(200);
      expect((await h.userRow(account.id)).is_active).toBe(true);
    });

    it('opens at most five intents per account per hour, however often its cards are declined', async () => {
      const account = await h.signUp();
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const intent = await h.intent(account, attempt % 2 === 0 ? 'eur' : 'usd');
        expect((await h.confirm(intent.paymentIntentId, DECLINED_CARD)).statusCode).toBe(400);
      }
      const sixth = await h.askIntent(account, account.signupToken);
      expect(sixth.statusCode).toBe(429);
      expect(errorOf(sixth)).toEqual({
        code: 'too_many_requests',
        reason: 'too_many_requests',
        message: 'Too many payment attempts for this account. Please try again later.',
      });
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(3000);
      expect(await h.payments(account.id)).toHaveLength(5);

      clock.advance(3600_000 + 1_000);
      const later = (await h.register(account.email)).json<BusinessRegistrationResponse>();
      expect((await h.askIntent(account, later.signupToken)).statusCode).toBe(201);
    });
  });

  describe('item 12: subscription periods', () => {
    it('chains two payments for one account instead of overlapping them, and the admin row shows the end', async () => {
      const account = await h.signUp();
      const first = await h.intent(account, 'eur');
      const second = await h.intent(account, 'usd');
      const start = clock.now().toISOString();
      expect((await h.confirm(first.paymentIntentId, GOOD_CARD)).statusCode).toBe(200);
      clock.advance(60_000);
      expect((await h.confirm(second.paymentIntentId, GOOD_CARD)).statusCode).toBe(200);

      // Bought on 1 March: one month, then the next one right after it.
      const periods = await h.subscriptions(account.id);
      expect(periods.map(({ starts_at, ends_at }) => [starts_at, ends_at])).toEqual([
        [start, start.replace('2027-03-', '2027-04-')],
        [start.replace('2027-03-', '2027-04-'), start.replace('2027-03-', '2027-05-')],
      ]);
      expect(await adminRow(account.id)).toMatchObject({
        isActive: true,
        subscriptionStartDate: start,
        subscriptionEndDate: start.replace('2027-03-', '2027-05-'),
      });
    });

    it('lets an account whose subscription ended renew, from the day it renews', async () => {
      const account = await h.signUp();
      await h.pay(account);
      // Still running: nothing to pay for yet.
      const early = (await h.register(account.email)).statusCode;
      expect(early).toBe(409);
      expect((await h.askIntent(account, account.signupToken)).statusCode).toBe(409);

      clock.advance(40 * DAY_MS);
      expect((await h.login(account.email)).statusCode).toBe(403);
      // The owner signs up again with the password (for another plan this time) and pays.
      const renewal = await h.register(account.email, { planId: 'professional' });
      expect(renewal.statusCode).toBe(201);
      const renewed = renewal.json<BusinessRegistrationResponse>();
      expect(renewed).toMatchObject({ id: account.id, planId: 'professional', isActive: true });
      const renewedAt = clock.now().toISOString();
      await h.pay(renewed, 'usd');

      const periods = await h.subscriptions(account.id);
      expect(periods).toHaveLength(2);
      expect(periods[1]?.starts_at).toBe(renewedAt);
      expect((await adminRow(account.id))?.subscriptionStartDate).toBe(renewedAt);
      expect((await h.login(account.email)).statusCode).toBe(200);

      // An ended account an admin deactivated cannot renew.
      clock.advance(40 * DAY_MS);
      await setActive(renewed, false);
      expect((await h.register(account.email, { planId: 'professional' })).statusCode).toBe(409);
    });
  });
});

describe('payment intents per client address', () => {
  let t: TestApp;
  const h = purchaseHelpers(() => t);
  beforeAll(async () => {
    t = await startTestApp(sqlite, { env: { PUBLIC_FORM_LIMIT: '2' } });
  });
  afterAll(() => t?.close());

  it('answers 429 after three per allowed sign-up in ten minutes, other addresses unaffected', async () => {
    const account = await h.signUp();
    for (let request = 0; request < 6; request += 1) {
      expect((await h.askIntent(account, account.signupToken, 'eur', '203.0.113.40')).statusCode).toBe(201);
    }
    const limited = await h.askIntent(account, account.signupToken, 'eur', '203.0.113.40');
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).code).toBe('too_many_requests');
    expect((await h.askIntent(account, account.signupToken, 'eur', '203.0.113.41')).statusCode).toBe(201);
  });
});

describeEachDialect('Stripe payment intents are reused', (dialect) => {
  let t: TestApp;
  let stripeApi: StripeStandIn;
  const h = purchaseHelpers(() => t);

  beforeAll(async () => {
    stripeApi = await startStripeStandIn();
    t = await startTestApp(dialect, {
      env: {
        STRIPE_SECRET_KEY: 'sk_test_wheelmeet_stand_in',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_wheelmeet_stand_in',
        STRIPE_WEBHOOK_SECRET: 'whsec_wheelmeet_test_secret',
      },
      stripeClientOptions: stripeApi.clientOptions,
    });
  });
  afterAll(async () => {
    await t?.close();
    await stripeApi?.close();
  });

  it('creates one intent at Stripe for repeated requests, and a new one once Stripe says it is taken', async () => {
    const account = await h.signUp();
    const creations = () =>
      stripeApi.requests.filter(
        (request) => request.method === 'POST' && request.path === '/v1/payment_intents',
      ).length;
    const before = creations();
    const answers = [];
    for (let request = 0; request < 10; request += 1) answers.push(await h.intent(account, 'eur'));
    expect(creations() - before).toBe(1);
    expect(new Set(answers.map((answer) => answer.clientSecret)).size).toBe(1);

    // Paid or being paid at Stripe (the webhook not here yet): not handed out again.
    stripeApi.setIntentStatus(answers[0]?.paymentIntentId ?? '', 'processing');
    const fresh = await h.intent(account, 'eur');
    expect(fresh.paymentIntentId).not.toBe(answers[0]?.paymentIntentId);
    expect(creations() - before).toBe(2);
  });
});
