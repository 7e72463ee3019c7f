import type { ErrorBody, LoginResponse } from '@wheelmeet/contracts';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import {
  createPasswordHasher,
  DEFAULT_PASSWORD_HASHER_LIMITS,
  hashPassword,
  type PasswordHasher,
  type PasswordLane,
  verifyPassword,
} from '../src/lib/passwords';
import { createAuthRepository } from '../src/modules/auth/auth.repository';
import { describeEachDialect } from './support/each-dialect';
import { createTestBusinessUser } from './support/factories';
import { ManualClock } from './support/manual-clock';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './support/test-app';

/** Each scrypt takes a second or more on a busy two-core machine, and these tests run dozens. */
const SLOW = 180_000;

/** `scrypt$N$r$p`: what a check against a stored hash costs. */
const costOf = (stored: string) => stored.split('$').slice(0, 4).join('$');

/**
 * The app's password queue, recording every scrypt it runs (the cost of each check, or 'hash')
 * and the lane each check asked for, so tests compare work without timing anything.
 */
function countingHasher() {
  const work: string[] = [];
  const lanes: (PasswordLane | undefined)[] = [];
  const inner = createPasswordHasher(DEFAULT_PASSWORD_HASHER_LIMITS, {
    hash: (password) => {
      work.push('hash');
      return hashPassword(password);
    },
    verify: (password, stored) => {
      work.push(costOf(stored));
      return verifyPassword(password, stored);
    },
  });
  const passwords: PasswordHasher = {
    ...inner,
    verify: (password, stored, lane) => {
      lanes.push(lane);
      return inner.verify(password, stored, lane);
    },
  };
  return {
    passwords,
    /** The work and the lanes of what `action` made the app do. */
    async during(action: () => Promise<unknown>) {
      // Checks an earlier test left running would count here otherwise.
      while (Object.values(inner.load()).some((lane) => lane.running + lane.waiting > 0)) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      work.length = 0;
      lanes.length = 0;
      await action();
      return { work: [...work], lanes: [...lanes] };
    },
  };
}

describeEachDialect('device tokens keep sign-in open to its owners', (dialect) => {
  let t: TestApp;
  const clock = new ManualClock();
  const hasher = countingHasher();
  beforeAll(async () => {
    t = await startTestApp(dialect, { clock, passwords: hasher.passwords });
  });
  afterAll(() => t?.close());
  // Each test starts with every throttling window over.
  afterEach(() => clock.advance(15 * 60_000 + 1));

  const login = (username: string, password: string, remoteAddress: string, deviceToken?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      remoteAddress,
      payload: { username, password, ...(deviceToken ? { deviceToken } : {}) },
    });
  const deviceTokenOf = async (username: string, password: string, remoteAddress: string) => {
    const response = await login(username, password, remoteAddress);
    expect(response.statusCode).toBe(200);
    return response.json<LoginResponse>().deviceToken;
  };
  const codeOf = (response: Awaited<ReturnType<typeof login>>) => response.json<ErrorBody>().error.code;
  /** Wrong passwords from as many addresses, one after another, each refused as wrong. */
  const wrongFrom = async (username: string, addresses: string[], deviceToken?: string) => {
    for (const address of addresses) {
      expect((await login(username, 'not the password', address, deviceToken)).statusCode).toBe(401);
    }
  };
  const addresses = (prefix: string, count: number) =>
    Array.from({ length: count }, (_, index) => `${prefix}.${index + 1}`);

  it(
    'gives a long random device token on sign-in, and the same one back when it is sent',
    async () => {
      const token = await deviceTokenOf('admin', TEST_ADMIN_PASSWORD, '203.0.113.1');
      expect(token).toMatch(/^[\w-]{43}$/);
      const again = await login('admin', TEST_ADMIN_PASSWORD, '203.0.113.2', token);
      expect(again.json<LoginResponse>().deviceToken).toBe(token);
      const fresh = await login('admin', TEST_ADMIN_PASSWORD, '203.0.113.3');
      expect(fresh.json<LoginResponse>().deviceToken).not.toBe(token);
    },
    SLOW,
  );

  it(
    "signs the admin's known device in during 80 concurrent wrong sign-ins from 80 addresses; the burst gets only 401 and 429",
    async () => {
      const token = await deviceTokenOf('admin', TEST_ADMIN_PASSWORD, '203.0.113.10');
      const burst = addresses('10.80.0', 80).map((address, index) =>
        login(index % 2 === 0 ? 'admin' : `stranger-${index}`, `guess-${index}`, address),
      );
      const owner = login('admin', TEST_ADMIN_PASSWORD, '198.51.100.80', token);
      const [ownerAnswer, ...burstAnswers] = await Promise.all([owner, ...burst]);

      expect(ownerAnswer.statusCode).toBe(200);
      expect(ownerAnswer.json<LoginResponse>().deviceToken).toBe(token);
      for (const answer of burstAnswers) expect([401, 429]).toContain(answer.statusCode);
      for (const answer of burstAnswers.filter((answer) => answer.statusCode === 429)) {
        expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      }
      // The strangers filled the public lane: some were told the queue is full.
      expect(burstAnswers.some((answer) => codeOf(answer) === 'rate_limited')).toBe(true);
    },
    SLOW,
  );

  it(
    "lets the admin's device in after six wrong passwords from six addresses, while a new browser waits",
    async () => {
      const token = await deviceTokenOf('admin', TEST_ADMIN_PASSWORD, '203.0.113.20');
      await wrongFrom('admin', addresses('192.0.2', 6));

      const stranger = await login('admin', TEST_ADMIN_PASSWORD, '203.0.113.21');
      expect(stranger.statusCode).toBe(429);
      expect(codeOf(stranger)).toBe('too_many_requests');
      expect(Number(stranger.headers['retry-after'])).toBeGreaterThanOrEqual(1);

      const known = await login('admin', TEST_ADMIN_PASSWORD, '203.0.113.22', token);
      expect(known.statusCode).toBe(200);
    },
    SLOW,
  );

  it(
    'costs an unknown username the same scrypt work, in the same lane, as a wrong password for a known one',
    async () => {
      const unknown = await hasher.during(async () => {
        expect((await login('nobody-at-all', 'whatever', '198.51.100.30')).statusCode).toBe(401);
      });
      const known = await hasher.during(async () => {
        expect((await login('admin', 'whatever', '198.51.100.31')).statusCode).toBe(401);
      });
      expect(known.work).toHaveLength(1);
      expect(unknown.work).toEqual(known.work);
      expect(unknown.lanes).toEqual(['public']);
      expect(known.lanes).toEqual(['public']);
    },
    SLOW,
  );

  it(
    "does not honour one account's device token for another account",
    async () => {
      const email = `bea-${dialect.name}@example.com`;
      await createTestBusinessUser(t.database, { email, password: 'business-pass' });
      const adminToken = await deviceTokenOf('admin', TEST_ADMIN_PASSWORD, '203.0.113.40');
      const beaToken = await deviceTokenOf(email, 'business-pass', '203.0.113.41');
      await wrongFrom(email, addresses('192.0.2', 6));

      const borrowed = await hasher.during(async () => {
        const response = await login(email, 'business-pass', '203.0.113.42', adminToken);
        expect(response.statusCode).toBe(429);
      });
      expect(borrowed.work).toEqual([]);
      // A username that does not exist gains nothing from it either: the public lane.
      const unknown = await hasher.during(() => login('nobody-at-all', 'x', '203.0.113.43', adminToken));
      expect(unknown.lanes).toEqual(['public']);

      const own = await hasher.during(async () => {
        const response = await login(email, 'business-pass', '203.0.113.44', beaToken);
        expect(response.statusCode).toBe(200);
        expect(response.json<LoginResponse>().deviceToken).toBe(beaToken);
      });
      expect(own.lanes).toEqual(['device']);
    },
    SLOW,
  );

  it(
    'stops honouring a device token after five wrong passwords with it (a stolen laptop)',
    async () => {
      const token = await deviceTokenOf('admin', TEST_ADMIN_PASSWORD, '203.0.113.50');
      const guesses = await hasher.during(() => wrongFrom('admin', addresses('192.0.2', 5), token));
      expect(guesses.lanes).toEqual(Array(5).fill('device'));

      const next = await hasher.during(async () => {
        const response = await login('admin', TEST_ADMIN_PASSWORD, '203.0.113.51', token);
        expect(response.statusCode).toBe(200);
        // Signed in like a stranger's browser: a new token, the old one stays dead.
        expect(response.json<LoginResponse>().deviceToken).not.toBe(token);
      });
      expect(next.lanes).toEqual(['public']);
    },
    SLOW,
  );

  it(
    'counts five concurrent wrong passwords with one device token before any is checked',
    async () => {
      const token = await deviceTokenOf('admin', TEST_ADMIN_PASSWORD, '203.0.113.60');
      const burst = await hasher.during(() =>
        Promise.all(addresses('192.0.3', 8).map((address) => login('admin', 'guess', address, token))),
      );
      expect(burst.lanes.filter((lane) => lane === 'device')).toHaveLength(5);
    },
    SLOW,
  );

  it(
    'keeps the 20 most recently used devices of an account, and forgets them with the account',
    async () => {
      const email = `many-${dialect.name}@example.com`;
      const id = await createTestBusinessUser(t.database, { email, password: 'business-pass' });
      const accounts = createAuthRepository(t.database.db);
      const owner = { kind: 'BusinessUser', id } as const;
      for (let index = 0; index < 21; index += 1) {
        clock.advance(1_000);
        await accounts.addDevice(`hash-${dialect.name}-${index}`, owner, clock.now().toISOString(), 20);
      }
      const devices = () =>
        t.database.db
          .selectFrom('device_tokens')
          .select('token_hash')
          .where('business_user_id', '=', id)
          .execute();
      const kept = (await devices()).map((row) => row.token_hash);
      expect(kept).toHaveLength(20);
      expect(kept).not.toContain(`hash-${dialect.name}-0`);
      expect(kept).toContain(`hash-${dialect.name}-20`);

      await t.database.db.deleteFrom('business_users').where('id', '=', id).execute();
      expect(await devices()).toEqual([]);
    },
    SLOW,
  );
});
