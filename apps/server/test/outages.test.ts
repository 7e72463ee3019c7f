import { randomBytes } from 'node:crypto';
import type { OpenWheel } from '@wheelmeet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from './support/databases';
import { createTestWheel } from './support/factories';
import { connectHub, type HubClient, registerParticipant } from './support/hub-client';
import { ManualClock } from './support/manual-clock';
import { redisServerAvailable, startPrivateRedis } from './support/outage-switches';
import { startTestApp, type TestApp } from './support/test-app';

const postgres = TEST_DIALECTS.find((dialect) => dialect.name === 'postgres');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await pause(100);
  }
  return Date.now() - started;
}

const redisSkip = !redisServerAvailable ? 'redis-server is not installed' : postgres?.skipReason;

describe.skipIf(redisSkip !== undefined)(
  `a Redis outage under two server processes${redisSkip ? ` (skipped: ${redisSkip})` : ''}`,
  () => {
    const clock = new ManualClock();
    let redis: Awaited<ReturnType<typeof startPrivateRedis>>;
    let first: TestApp;
    let second: TestApp;
    const clients: HubClient[] = [];

    beforeAll(async () => {
      if (!postgres) throw new Error('no postgres dialect');
      redis = await startPrivateRedis();
      const env = {
        REDIS_URL: redis.url,
        REDIS_KEY_PREFIX: `outage-${randomBytes(3).toString('hex')}`,
      };
      first = await startTestApp(postgres, { clock, listen: true, env });
      second = await startTestApp(postgres, { clock, listen: true, env, database: first.testDatabase });
    });

    afterAll(async () => {
      for (const client of clients) client.close();
      await second?.close();
      await first?.close();
      await first?.testDatabase.drop();
      await redis?.stop();
    });

    it('keeps both processes answering while Redis is down, and pushes cross again once it is back', async () => {
      const wheelId = await createTestWheel(first.database, {
        name: 'Outage',
        description: 'x',
        slotCount: 4,
      });
      const wheel = (await (await fetch(`${first.baseUrl}/api/wheels/${wheelId}`)).json()) as OpenWheel;
      const join = async (app: TestApp, name: string) => {
        const registration = await registerParticipant(app.baseUrl, wheelId, { username: name });
        const client = await connectHub(app.baseUrl, { token: registration.token });
        clients.push(client);
        expect(await client.call('JoinWheel', { wheelId })).toHaveProperty('data');
        return { id: registration.user.id, client };
      };
      const onFirst = await join(first, 'Ada');
      const onSecond = await join(second, 'Bo');
      const seat = (index: number) => wheel.slots[index]?.id ?? '';
      const sees = (watcher: HubClient, slotId: string) => async () =>
        watcher.all('SlotTaken').some((event) => event.slot.id === slotId);

      expect(await onFirst.client.call('TakeSlot', { wheelId, userId: onFirst.id, slotId: seat(0) })).toEqual(
        {
          data: null,
        },
      );
      await eventually(sees(onSecond.client, seat(0)), 3_000);

      await redis.stop();
      await pause(1_500);

      // Both processes are still up and answer HTTP and hub calls, each for its own people.
      for (const app of [first, second]) {
        const started = Date.now();
        const response = await fetch(`${app.baseUrl}/api/wheels/${wheelId}`);
        expect(response.status).toBe(200);
        expect(Date.now() - started).toBeLessThan(2_000);
      }
      const late = await join(first, 'Cy');
      expect(await late.client.call('TakeSlot', { wheelId, userId: late.id, slotId: seat(1) })).toEqual({
        data: null,
      });
      await eventually(sees(late.client, seat(1)), 2_000);
      expect(await onSecond.client.call('JoinWheel', { wheelId })).toHaveProperty('data');

      await redis.start();
      // Heals by itself: someone arriving on one process is announced to the people on the other again.
      let attempt = 0;
      const healedIn = await eventually(async () => {
        attempt += 1;
        const arrival = await join(second, `Late${attempt}`);
        await pause(200);
        return onFirst.client.all('UserJoined').some((event) => event.user.id === arrival.id);
      }, 15_000);
      // biome-ignore lint/suspicious/noConsole: the measured healing time is reported from the test output
      console.log(`cross-process pushes healed ${healedIn} ms after Redis came back`);
      expect(onFirst.client.socket.connected && onSecond.client.socket.connected).toBe(true);
    });
  },
);
