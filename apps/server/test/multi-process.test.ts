import { randomBytes } from 'node:crypto';
import type { OpenWheel } from '@wheelmeet/contracts';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from './support/databases';
import { createTestWheel } from './support/factories';
import { connectHub, type HubClient, registerParticipant } from './support/hub-client';
import { ManualClock } from './support/manual-clock';
import { startTestApp, type TestApp } from './support/test-app';

const redisUrl = process.env.TEST_REDIS_URL?.trim() || undefined;
const postgres = TEST_DIALECTS.find((dialect) => dialect.name === 'postgres');
const skipReason = !redisUrl ? 'TEST_REDIS_URL is not set' : postgres?.skipReason;
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe.skipIf(skipReason !== undefined)(
  `two server processes on one PostgreSQL database and one Redis${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    const prefix = `wheelmeet-test-${randomBytes(4).toString('hex')}`;
    const clock = new ManualClock();
    let first: TestApp;
    let second: TestApp;
    const clients: HubClient[] = [];

    beforeAll(async () => {
      if (!postgres) throw new Error('no postgres dialect');
      const env = {
        REDIS_URL: redisUrl ?? '',
        REDIS_KEY_PREFIX: prefix,
        WHEEL_ROUND_SECONDS: '10',
        PUBLIC_FORM_LIMIT: '10',
      };
      first = await startTestApp(postgres, { clock, listen: true, env });
      second = await startTestApp(postgres, { clock, listen: true, env, database: first.testDatabase });
    });

    afterAll(async () => {
      for (const client of clients) client.close();
      await second?.close();
      await first?.close();
      const redis = createClient({ url: redisUrl });
      await redis.connect();
      for await (const keys of redis.scanIterator({ MATCH: `${prefix}:*` })) {
        if (keys.length > 0) await redis.del(keys);
      }
      await redis.quit();
    });

    it('pushes across processes and spins each round exactly once, whoever ticks', async () => {
      const wheelId = await createTestWheel(first.database, {
        name: 'Shared',
        description: 'x',
        slotCount: 4,
      });
      const slots = ((await (await fetch(`${first.baseUrl}/api/wheels/${wheelId}`)).json()) as OpenWheel)
        .slots;
      const people = [];
      for (const [index, app] of [first, second, first, second].entries()) {
        const registration = await registerParticipant(app.baseUrl, wheelId, { username: `p${index}` });
        const client = await connectHub(app.baseUrl, { token: registration.token });
        clients.push(client);
        expect(await client.call('JoinWheel', { wheelId })).toHaveProperty('data');
        people.push({ ...registration, client });
      }

      // Seats 0 and 1 inner, 2 and 3 outer; taken through both processes.
      for (const [index, person] of people.entries()) {
        expect(
          await person.client.call('TakeSlot', {
            wheelId,
            userId: person.user.id,
            slotId: slots[index]?.id ?? '',
          }),
        ).toEqual({
          data: null,
        });
      }
      await settle();
      for (const person of people) expect(person.client.seatChanges('taken')).toHaveLength(4);

      clock.advance(10_000);
      await Promise.all([first.app.wheelmeet.rounds.tick(), second.app.wheelmeet.rounds.tick()]);
      await settle();
      clock.advance(4_000);
      await Promise.all([first.app.wheelmeet.rounds.tick(), second.app.wheelmeet.rounds.tick()]);
      await settle();

      for (const person of people) {
        expect(person.client.all('WheelSpinStarted')).toHaveLength(1);
        expect(person.client.all('WheelSpinCompleted')).toHaveLength(1);
        expect(person.client.all('WheelSpinCompleted')[0]?.matches).toHaveLength(2);
      }
      const stored = await first.database.db
        .selectFrom('matches')
        .select('round')
        .where('wheel_id', '=', wheelId)
        .execute();
      expect(stored).toEqual([{ round: 1 }, { round: 1 }]);
    });

    it('holds every limit once across both processes, not once per process', async () => {
      // 24 demo requests from one address at once, half to each process: the limit is 10 in all.
      const demoRequests = await Promise.all(
        Array.from({ length: 24 }, (_, index) =>
          (index % 2 === 0 ? first : second).app.inject({
            method: 'POST',
            url: '/api/business/demo-request',
            remoteAddress: '198.51.100.20',
            payload: { name: 'Dana', telephone: '123', company: 'Uni', email: 'dana@uni.edu' },
          }),
        ),
      );
      const statuses = demoRequests.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(14);

      // 12 wrong passwords for one account from one address at once, spread over both: 5 are checked.
      const guesses = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          (index % 2 === 0 ? first : second).app.inject({
            method: 'POST',
            url: '/api/admin/login',
            remoteAddress: '198.51.100.21',
            payload: { username: 'admin', password: `wrong-${index}` },
          }),
        ),
      );
      const answers = guesses.map((response) => response.statusCode);
      // A check the busy hashing queue answered 503 (a starved machine) is one of the five let through.
      expect(answers.filter((status) => status === 401 || status === 503)).toHaveLength(5);
      expect(answers.filter((status) => status === 429)).toHaveLength(7);
    });
  },
);
