import { randomBytes } from 'node:crypto';
import type { MatchExpiryReason, OpenWheel } from '@wheelmeet/contracts';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from './support/databases';
import { createTestOpenMatch, createTestWheel } from './support/factories';
import { connectHub, type HubClient, registerParticipant } from './support/hub-client';
import { ManualClock } from './support/manual-clock';
import { startTestApp, type TestApp } from './support/test-app';

const redisUrl = process.env.TEST_REDIS_URL?.trim() || undefined;
const postgres = TEST_DIALECTS.find((dialect) => dialect.name === 'postgres');
const skipReason = !redisUrl ? 'TEST_REDIS_URL is not set' : postgres?.skipReason;
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
/** Pairs whose matches both processes find expired at the same tick. */
const EXPIRING_PAIRS = 10;

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
      await Promise.all([first.app.rounds.tick(), second.app.rounds.tick()]);
      await settle();
      clock.advance(4_000);
      await Promise.all([first.app.rounds.tick(), second.app.rounds.tick()]);
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

    it('pushes seat changes made on one process as each connection on the other asked for them (issue 33)', async () => {
      const wheelId = await createTestWheel(first.database, {
        name: 'Kinds',
        description: 'x',
        slotCount: 4,
      });
      const slots = ((await (await fetch(`${first.baseUrl}/api/wheels/${wheelId}`)).json()) as OpenWheel)
        .slots;
      const join = async (app: TestApp, name: string, options: Parameters<typeof connectHub>[1] = {}) => {
        const registration = await registerParticipant(app.baseUrl, wheelId, { username: name });
        const client = await connectHub(app.baseUrl, { token: registration.token, ...options });
        clients.push(client);
        expect(await client.call('JoinWheel', { wheelId })).toHaveProperty('data');
        return { id: registration.user.id, client };
      };
      const taker = await join(first, 'taker');
      const watchers = [
        await join(second, 'spec on second', { asSpecClient: true }),
        await join(second, 'batched on second'),
        await join(first, 'spec on first', { asSpecClient: true }),
      ];
      const [specSecond, batchedSecond, specFirst] = watchers;
      const slotId = slots[0]?.id ?? '';
      expect(await taker.client.call('TakeSlot', { wheelId, userId: taker.id, slotId })).toEqual({
        data: null,
      });
      expect(await taker.client.call('LeaveSlot', { wheelId })).toEqual({ data: null });
      await settle();

      for (const spec of [specSecond, specFirst]) {
        expect(
          spec?.client.received.flatMap(({ event }) => (event.startsWith('Slot') ? [event] : [])),
        ).toEqual(['SlotTaken', 'SlotLeft']);
      }
      expect(batchedSecond?.client.all('SlotsChanged').flatMap((event) => event.changes)).toEqual([
        expect.objectContaining({ kind: 'taken', userId: taker.id, slotId }),
        { kind: 'left', userId: taker.id, slotId },
      ]);
      expect(batchedSecond?.client.all('SlotTaken')).toEqual([]);
    });

    it('numbers a wheel’s pushes from both processes with one count, no number twice or missing (issue 36)', async () => {
      const wheelId = await createTestWheel(first.database, {
        name: 'Count',
        description: 'x',
        slotCount: 16,
      });
      const join = async (app: TestApp, name: string) => {
        const registration = await registerParticipant(app.baseUrl, wheelId, { username: name });
        const client = await connectHub(app.baseUrl, { token: registration.token });
        clients.push(client);
        expect(await client.call('JoinWheel', { wheelId })).toHaveProperty('data');
        return client;
      };
      const watchers = [await join(first, 'watcher on first'), await join(second, 'watcher on second')];
      const sitters = await Promise.all(
        Array.from({ length: 12 }, (_, index) => join(index % 2 === 0 ? first : second, `sitter ${index}`)),
      );
      // Everyone sits at once, half through each process, so both number pushes side by side.
      await Promise.all(sitters.map((client) => client.call('TakeAnySeat', { wheelId })));
      await settle();
      const numbersSeen = watchers.map((watcher) =>
        watcher.received
          .flatMap(({ payload }) => {
            const { wheelId: about, seq } = (payload ?? {}) as { wheelId?: string; seq?: number };
            return about === wheelId && seq !== undefined ? [seq] : [];
          })
          .sort((a, b) => a - b),
      );
      const [onFirst = [], onSecond = []] = numbersSeen;
      // The second watcher joined after the first's arrival was numbered.
      expect(onSecond).toEqual(onFirst.filter((seq) => seq >= (onSecond[0] ?? 0)));
      expect(onFirst).toEqual(onFirst.map((_, index) => (onFirst[0] ?? 0) + index));
      expect(onFirst.length).toBeGreaterThanOrEqual(13);
    });

    it('tells each pair of an expired match once when both processes close it at the same moment', async () => {
      const wheelId = await createTestWheel(first.database, {
        name: 'Expiring',
        description: 'x',
        slotCount: 2,
      });
      // Each pair's two people on different processes, so every telling crosses between them.
      const people = [];
      for (let index = 0; index < 2 * EXPIRING_PAIRS; index += 1) {
        const app = index % 2 === 0 ? first : second;
        const registration = await registerParticipant(app.baseUrl, wheelId, { username: `e${index}` });
        const client = await connectHub(app.baseUrl, { token: registration.token });
        clients.push(client);
        expect(await client.call('JoinWheel', { wheelId })).toHaveProperty('data');
        people.push({ id: registration.user.id, client });
      }
      // Answer times that ran out an hour ago: half pending, half accepted with no call started.
      const past = new Date(clock.now().getTime() - 60 * 60_000).toISOString();
      const expected: Array<{ id: string; reason: MatchExpiryReason }> = [];
      for (let pair = 0; pair < EXPIRING_PAIRS; pair += 1) {
        const accepted = pair % 2 === 1;
        const id = await createTestOpenMatch(first.database, {
          wheelId,
          user1Id: people[2 * pair]?.id ?? '',
          user2Id: people[2 * pair + 1]?.id ?? '',
          accepted,
          at: past,
        });
        expected.push({ id, reason: accepted ? 'callNotStarted' : 'unanswered' });
      }

      await Promise.all([first.app.rounds.tick(), second.app.rounds.tick()]);
      const matchOf = (index: number) => expected[Math.floor(index / 2)];
      await Promise.all(
        people.map((person, index) =>
          person.client.next('MatchExpired', (event) => event.matchId === matchOf(index)?.id),
        ),
      );
      // Time for a second telling, had the other process closed the same match too.
      await settle();

      for (const [index, person] of people.entries()) {
        const match = matchOf(index);
        expect(person.client.all('MatchExpired')).toEqual([
          { wheelId, matchId: match?.id, reason: match?.reason },
        ]);
      }
      const stored = await first.database.db
        .selectFrom('matches')
        .select(['id', 'closed_at', 'close_reason'])
        .where('wheel_id', '=', wheelId)
        .execute();
      const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
      expect(stored.sort(byId)).toEqual(
        expected
          .map(({ id, reason }) => ({ id, closed_at: clock.now().toISOString(), close_reason: reason }))
          .sort(byId),
      );
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
      // On a starved machine the full hashing lane answers some of the five let through with its
      // own 429 (issue 36), which says the server is busy rather than that the account is throttled.
      const laneFull = (response: (typeof guesses)[number]) =>
        response.statusCode === 429 &&
        response.json().error.message.startsWith('Too many people are signing in or signing up');
      const checked = guesses.filter((response) => response.statusCode === 401 || laneFull(response));
      expect(checked).toHaveLength(5);
      expect(guesses.filter((response) => response.statusCode === 429 && !laneFull(response))).toHaveLength(
        7,
      );
    });
  },
);
