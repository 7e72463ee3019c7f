import type { AdminUser, ErrorBody } from '@wheelmeet/contracts';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from './support/databases';
import { describeEachDialect } from './support/each-dialect';
import { createTestBusinessUser } from './support/factories';
import { ManualClock } from './support/manual-clock';
import { signIn } from './support/staff';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './support/test-app';

const sqlite = TEST_DIALECTS.find((dialect) => dialect.name === 'sqlite');
if (!sqlite) throw new Error('no sqlite dialect');
const TEST_JWT_SECRET = 'test-secret-that-is-at-least-32-characters-long';

const login = (t: TestApp, username: string, password: string, remoteAddress = '203.0.113.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    remoteAddress,
    payload: { username, password },
  });

type Answer = Awaited<ReturnType<typeof login>>;

const statusCounts = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((counts, response) => {
    counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
    return counts;
  }, {});

/**
 * Guesses the throttle let through to the password check: answered 401, or 429 `rate_limited`
 * when a starved machine's hashing queue refused the check (busy) instead of running it.
 */
const checkedCount = (responses: Answer[]) =>
  responses.filter(
    (response) =>
      response.statusCode === 401 ||
      (response.statusCode === 429 && response.json<ErrorBody>().error.code === 'rate_limited'),
  ).length;
const throttledCount = (responses: Answer[]) =>
  responses.filter(
    (response) =>
      response.statusCode === 429 && response.json<ErrorBody>().error.code === 'too_many_requests',
  ).length;

describe('sign-in throttling holds under concurrent guessing', () => {
  let t: TestApp;
  const clock = new ManualClock();
  beforeAll(async () => {
    t = await startTestApp(sqlite, { clock });
  });
  afterAll(() => t?.close());

  it('checks at most five of 60 concurrent guesses from one address, so the right one sent last gets no 200', async () => {
    const guesses = Array.from({ length: 60 }, (_, index) =>
      login(t, 'admin', index === 59 ? TEST_ADMIN_PASSWORD : `wrong-${index}`, '198.51.100.60'),
    );
    try {
      const responses = await Promise.all(guesses);
      expect(statusCounts(responses)[200] ?? 0).toBe(0);
      // Five are let through to the password check, the others refused by the throttle.
      expect(checkedCount(responses)).toBe(5);
      expect(throttledCount(responses)).toBe(55);
      const refused = responses.find(
        (response) => response.json<ErrorBody>().error.code === 'too_many_requests',
      );
      expect(refused?.statusCode).toBe(429);
      expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      // The next tests start with the window over, whatever happened here.
      clock.advance(15 * 60_000 + 1);
    }
  });

  it('cannot lock the owner out: five wrong passwords from five addresses leave the admin free to sign in', async () => {
    const wrong = await Promise.all(
      ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4', '192.0.2.5'].map((address) =>
        login(t, 'admin', 'not the password', address),
      ),
    );
    // None is refused by the throttle. Two checks run at once: on a starved machine the fifth
    // may wait past the queue's bound and be answered 429 busy, which locks nobody out either.
    expect(checkedCount(wrong)).toBe(5);
    expect((await login(t, 'admin', TEST_ADMIN_PASSWORD, '203.0.113.50')).statusCode).toBe(200);
  });

  it('slows a distributed guess with a growing, bounded delay; an address the owner signed in from is not slowed', async () => {
    // The owner signs in from home once.
    expect((await login(t, 'admin', TEST_ADMIN_PASSWORD, '203.0.113.77')).statusCode).toBe(200);
    // 50 addresses guess at once.
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) => login(t, 'admin', `guess-${index}`, `10.9.0.${index + 1}`)),
    );
    // Five free guesses, one more that starts the delay, then everyone waits. (A check the busy
    // hashing queue refused is one of those let through, not one more.)
    expect(checkedCount(responses)).toBe(6);
    expect(throttledCount(responses)).toBe(44);
    const delayed = responses.find(
      (response) => response.json<ErrorBody>().error.code === 'too_many_requests',
    );
    expect(delayed?.json<ErrorBody>().error.message).toMatch(/for this account\. Please wait \d+ seconds?/);
    const retryAfter = Number(delayed?.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // From home, at once.
    expect((await login(t, 'admin', TEST_ADMIN_PASSWORD, '203.0.113.77')).statusCode).toBe(200);
    // From a new address: after the announced wait, never more than a minute.
    const fresh = await login(t, 'admin', TEST_ADMIN_PASSWORD, '203.0.113.78');
    if (fresh.statusCode === 429) {
      clock.advance(Number(fresh.headers['retry-after']) * 1000);
      expect((await login(t, 'admin', TEST_ADMIN_PASSWORD, '203.0.113.78')).statusCode).toBe(200);
    } else {
      expect(fresh.statusCode).toBe(200);
    }
    clock.advance(15 * 60_000 + 1);
  });

  it('answers an unknown username exactly like a wrong password, through the same throttle', async () => {
    const unknown = await Promise.all(
      Array.from({ length: 8 }, () => login(t, 'nobody-here', 'whatever', '198.51.100.99')),
    );
    expect(checkedCount(unknown)).toBe(5);
    expect(throttledCount(unknown)).toBe(3);
    const first401 = unknown.find((response) => response.statusCode === 401);
    expect(first401?.json<ErrorBody>().error).toEqual({
      code: 'unauthorized',
      reason: 'unauthorized',
      message: 'Invalid username or password',
    });
  });
});

describe('a flood of sign-ins is queued, then refused with 429 and Retry-After, never 503', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(sqlite);
  });
  afterAll(() => t?.close());

  it('answers 40 concurrent sign-ins from 40 addresses with 401 or 429, never 5xx, and the server stays usable', async () => {
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        login(t, index % 2 === 0 ? 'admin' : `someone-${index}`, 'wrong password', `10.40.0.${index + 1}`),
      ),
    );
    const counts = statusCounts(responses);
    // Two hash at a time and sixteen wait; the rest are told to come back.
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(40);
    const busy = responses.find((response) => response.json<ErrorBody>().error.code === 'rate_limited');
    expect(busy?.statusCode).toBe(429);
    expect(busy?.json<ErrorBody>().error.message).toMatch(
      /signing in or signing up right now\. Please try again in \d+ seconds?/,
    );
    expect(Number(busy?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Once the flood is over, the owner signs in.
    expect((await login(t, 'admin', TEST_ADMIN_PASSWORD, '203.0.113.9')).statusCode).toBe(200);
  });
});

describe('a flood of organiser sign-ups is refused with 429 and Retry-After, never 503', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(sqlite);
  });
  afterAll(() => t?.close());

  it('answers 60 concurrent sign-ups from 60 addresses with 201 or 429 only', async () => {
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        t.app.inject({
          method: 'POST',
          url: '/api/business/register',
          remoteAddress: `10.60.0.${index + 1}`,
          payload: {
            firstName: 'Grace',
            lastName: 'Hopper',
            email: `flood-${index}@example.com`,
            password: 'cobol-forever',
            companyName: 'Compilers Inc',
            planId: 'professional',
          },
        }),
      ),
    );
    for (const response of responses) expect([201, 429]).toContain(response.statusCode);
    // Two hash at a time and sixteen wait: the rest are told when to come back.
    const busy = responses.find((response) => response.statusCode === 429);
    expect(busy?.json<ErrorBody>().error.code).toBe('rate_limited');
    expect(Number(busy?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  }, 120_000);
});

describeEachDialect('sessions end when the account changes', (dialect) => {
  let t: TestApp;
  let superAdmin: Awaited<ReturnType<typeof signIn>>;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    superAdmin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
  });
  afterAll(() => t?.close());

  const profileStatus = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/profile', headers })).statusCode;

  async function createAdmin(username: string, isSuperAdmin = false) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: superAdmin.headers,
      payload: {
        username,
        email: `${username}@example.com`,
        firstName: 'Ops',
        lastName: 'Person',
        password: 'first-password',
        isSuperAdmin,
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json<AdminUser>();
  }

  const edit = (admin: AdminUser, changes: Partial<AdminUser> & { password?: string }) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${admin.id}`,
      headers: superAdmin.headers,
      payload: {
        username: admin.username,
        email: admin.email,
        firstName: admin.firstName,
        lastName: admin.lastName,
        isSuperAdmin: admin.isSuperAdmin,
        isActive: true,
        password: '',
        ...changes,
      },
    });

  it('ends the sessions of an admin whose password a super admin resets; the new password signs in', async () => {
    const ops = await createAdmin(`reset-${dialect.name}`);
    const session = await signIn(t.app, ops.username, 'first-password');
    expect(await profileStatus(session.headers)).toBe(200);
    expect((await edit(ops, { password: 'second-password' })).statusCode).toBe(200);
    expect(await profileStatus(session.headers)).toBe(401);
    const again = await signIn(t.app, ops.username, 'second-password');
    expect(await profileStatus(again.headers)).toBe(200);
  });

  it('ends the sessions of an admin who is deactivated, and they stay ended after reactivation', async () => {
    const ops = await createAdmin(`off-${dialect.name}`);
    const session = await signIn(t.app, ops.username, 'first-password');
    expect((await edit(ops, { isActive: false })).statusCode).toBe(200);
    expect(await profileStatus(session.headers)).toBe(401);
    expect((await edit(ops, { isActive: true })).statusCode).toBe(200);
    expect(await profileStatus(session.headers)).toBe(401);
  });

  it('ends the sessions of an admin whose role changes', async () => {
    const ops = await createAdmin(`role-${dialect.name}`, true);
    const session = await signIn(t.app, ops.username, 'first-password');
    expect((await edit(ops, { isSuperAdmin: false })).statusCode).toBe(200);
    expect(await profileStatus(session.headers)).toBe(401);
  });

  it('keeps sessions through an edit that changes none of password, role or activation', async () => {
    const ops = await createAdmin(`name-${dialect.name}`);
    const session = await signIn(t.app, ops.username, 'first-password');
    expect((await edit(ops, { firstName: 'Renamed' })).statusCode).toBe(200);
    expect(await profileStatus(session.headers)).toBe(200);
  });

  it('refuses a correctly signed staff token that has no expiry', async () => {
    const forever = await new SignJWT({ typ: 'staff', kind: 'Admin', sv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('wheelmeet')
      .setSubject(superAdmin.profile.id)
      .setIssuedAt()
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expect(await profileStatus({ authorization: `Bearer ${forever}` })).toBe(401);
  });
});

describeEachDialect('business accounts whose time ran out or that an admin closed', (dialect) => {
  let t: TestApp;
  const clock = new ManualClock();
  beforeAll(async () => {
    t = await startTestApp(dialect, { clock });
  });
  afterAll(() => t?.close());

  const addSubscription = (businessUserId: string, endsAt: string | null) =>
    t.database.db
      .insertInto('subscriptions')
      .values({
        id: crypto.randomUUID(),
        business_user_id: businessUserId,
        plan_id: 'starter',
        payment_id: null,
        starts_at: new Date(clock.now().getTime() - 86_400_000).toISOString(),
        ends_at: endsAt,
        created_at: clock.now().toISOString(),
      })
      .execute();

  it('signs a business user out, and refuses sign-in, once the subscription has ended', async () => {
    const email = `lapsed-${dialect.name}@example.com`;
    const id = await createTestBusinessUser(t.database, { email, password: 'business-pass' });
    await addSubscription(id, new Date(clock.now().getTime() + 60_000).toISOString());
    const session = await signIn(t.app, email, 'business-pass');
    const profile = () =>
      t.app.inject({ method: 'GET', url: '/api/admin/profile', headers: session.headers });
    expect((await profile()).statusCode).toBe(200);

    clock.advance(60_001);
    const ended = await profile();
    expect(ended.statusCode).toBe(401);
    expect(ended.json<ErrorBody>().error.message).toBe(
      'Your subscription has ended. Renew your plan to sign in again.',
    );
    const again = await login(t, email, 'business-pass', '203.0.113.30');
    expect(again.statusCode).toBe(403);
    expect(again.json<ErrorBody>().error.message).toMatch(/subscription has ended/);
  });

  it('keeps an account with a subscription that never ends, or with none, signed in', async () => {
    const email = `forever-${dialect.name}@example.com`;
    const id = await createTestBusinessUser(t.database, { email, password: 'business-pass' });
    await addSubscription(id, null);
    expect((await login(t, email, 'business-pass', '203.0.113.31')).statusCode).toBe(200);
    const adminMade = `admin-made-${dialect.name}@example.com`;
    await createTestBusinessUser(t.database, { email: adminMade, password: 'business-pass' });
    expect((await login(t, adminMade, 'business-pass', '203.0.113.31')).statusCode).toBe(200);
  });

  it('tells an account an admin deactivated that it was deactivated, not that it should pay', async () => {
    const email = `closed-${dialect.name}@example.com`;
    const id = await createTestBusinessUser(t.database, {
      email,
      password: 'business-pass',
      isActive: false,
    });
    await t.database.db
      .updateTable('business_users')
      .set({ deactivated_at: clock.now().toISOString() })
      .where('id', '=', id)
      .execute();
    const refused = await login(t, email, 'business-pass', '203.0.113.32');
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>().error.message).toBe(
      'This account was deactivated by an administrator. Please contact support.',
    );
  });
});
