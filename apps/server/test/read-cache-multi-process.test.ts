import { randomBytes } from 'node:crypto';
import {
  listPlansResponseSchema,
  listPublicWheelsResponseSchema,
  type OpenWheel,
  openWheelSchema,
} from '@wheelmeet/contracts';
import { createClient } from 'redis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { READ_CACHE_MAX_AGE_MS } from '../src/db/read-cache';
import { createWheelsAdminRepository } from '../src/modules/wheels-admin/wheels-admin.repository';
import { describeEachDialect } from './support/each-dialect';
import { createTestWheel } from './support/factories';
import { connectHub, type HubClient, registerParticipant } from './support/hub-client';
import { ManualClock } from './support/manual-clock';
import { signIn } from './support/staff';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './support/test-app';

const redisUrl = process.env.TEST_REDIS_URL?.trim() || undefined;

/** Asks until `read` answers what `done` wants; the last answer. */
async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 5_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function startTwo(
  dialect: Parameters<typeof startTestApp>[0],
  env: Record<string, string>,
  clock: ManualClock,
) {
  const first = await startTestApp(dialect, { clock, listen: true, env });
  const second = await startTestApp(dialect, { clock, listen: true, env, database: first.testDatabase });
  return { first, second };
}

const getJson = async (app: TestApp, url: string) => {
  const response = await fetch(`${app.baseUrl}${url}`);
  expect(response.status, url).toBe(200);
  return response.json() as Promise<unknown>;
};
const plansOf = async (app: TestApp) =>
  listPlansResponseSchema.parse(await getJson(app, '/api/business/plans'));
const publicOf = async (app: TestApp) =>
  listPublicWheelsResponseSchema.parse(await getJson(app, '/api/wheels/public'));
const wheelOf = async (app: TestApp, wheelId: string): Promise<OpenWheel> =>
  openWheelSchema.parse(await getJson(app, `/api/wheels/${wheelId}`));
const starterName = async (app: TestApp) => (await plansOf(app)).find((plan) => plan.id === 'starter')?.name;

/**
 * Two server processes on one database. A change committed through the first must be seen
 * through the second: with Redis, as soon as its message arrives (the clock never moves here,
 * so the cache's age bound cannot be what refreshes it); without Redis, within the bound.
 */
describeEachDialect('cached reads across two server processes sharing Redis', (dialect) => {
  const prefix = `wheelmeet-test-${randomBytes(4).toString('hex')}`;
  const clock = new ManualClock();
  let first: TestApp;
  let second: TestApp;
  const clients: HubClient[] = [];

  beforeAll(async () => {
    if (!redisUrl) return;
    ({ first, second } = await startTwo(dialect, { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix }, clock));
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await second?.close();
    await first?.close();
    if (redisUrl) {
      const redis = createClient({ url: redisUrl });
      await redis.connect();
      for await (const keys of redis.scanIterator({ MATCH: `${prefix}:*` })) {
        if (keys.length > 0) await redis.del(keys);
      }
      await redis.quit();
    }
  });

  it.skipIf(!redisUrl)(
    'sees on the second process what was changed through the first (TEST_REDIS_URL)',
    async () => {
      const wheelId = await createTestWheel(first.database, {
        name: 'Shared',
        description: 'x',
        slotCount: 2,
      });
      // The second process reads everything once, so it holds it all in its cache.
      expect(await starterName(second)).toBe('Starter');
      expect((await publicOf(second)).find((wheel) => wheel.id === wheelId)?.name).toBe('Shared');
      const [slot] = (await wheelOf(second, wheelId)).slots;

      // A plan edited in the database through the first process's handle.
      await first.database.db
        .updateTable('plans')
        .set({ name: 'Starter (A)' })
        .where('id', '=', 'starter')
        .execute();
      expect(
        await eventually(
          () => starterName(second),
          (name) => name === 'Starter (A)',
        ),
      ).toBe('Starter (A)');

      // A wheel edited through the first process's admin API.
      const admin = await signIn(first.app, 'admin', TEST_ADMIN_PASSWORD);
      const edited = await first.app.inject({
        method: 'PUT',
        url: `/api/admin/wheels/${wheelId}`,
        headers: admin.headers,
        payload: { name: 'Renamed on A', description: 'x' },
      });
      expect(edited.statusCode).toBe(200);
      const renamed = (list: Awaited<ReturnType<typeof publicOf>>) =>
        list.find((wheel) => wheel.id === wheelId)?.name === 'Renamed on A';
      expect(renamed(await eventually(() => publicOf(second), renamed))).toBe(true);
      expect(
        (
          await eventually(
            () => wheelOf(second, wheelId),
            (wheel) => wheel.name === 'Renamed on A',
          )
        ).name,
      ).toBe('Renamed on A');

      // A seat taken through the first process's hub.
      const registration = await registerParticipant(first.baseUrl, wheelId);
      const client = await connectHub(first.baseUrl, { token: registration.token });
      clients.push(client);
      expect(await client.call('JoinWheel', { wheelId })).toHaveProperty('data');
      expect(
        await client.call('TakeSlot', { wheelId, userId: registration.user.id, slotId: slot?.id ?? '' }),
      ).toEqual({
        data: null,
      });
      const seated = await eventually(
        () => wheelOf(second, wheelId),
        (wheel) => wheel.slots[0]?.userId === registration.user.id,
      );
      expect(seated.slots[0]?.userId).toBe(registration.user.id);
      // Who is here comes from the hub of every process, never from a cache.
      expect(seated.activeUsers.map((user) => user.id)).toEqual([registration.user.id]);

      // Deleted through the first: gone from the second's list, and its page answers 404.
      await createWheelsAdminRepository(first.database.db).delete(wheelId);
      const gone = await eventually(
        () => publicOf(second),
        (list) => !list.some((wheel) => wheel.id === wheelId),
      );
      expect(gone.map((wheel) => wheel.id)).not.toContain(wheelId);
      expect((await fetch(`${second.baseUrl}/api/wheels/${wheelId}`)).status).toBe(404);
    },
  );
});

describeEachDialect('cached reads across two server processes without Redis', (dialect) => {
  const clock = new ManualClock();
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    ({ first, second } = await startTwo(dialect, {}, clock));
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it(`sees a change made through the other process within ${READ_CACHE_MAX_AGE_MS} ms`, async () => {
    expect(await starterName(second)).toBe('Starter');
    await first.database.db
      .updateTable('plans')
      .set({ name: 'Starter (A)' })
      .where('id', '=', 'starter')
      .execute();
    // The first process saw its own change at once; the second has no way to hear of it…
    expect(await starterName(first)).toBe('Starter (A)');
    expect(await starterName(second)).toBe('Starter');
    // …until its cached answer is READ_CACHE_MAX_AGE_MS old.
    clock.advance(READ_CACHE_MAX_AGE_MS);
    expect(await starterName(second)).toBe('Starter (A)');
  });
});
