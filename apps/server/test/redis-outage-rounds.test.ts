import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from './support/databases';
import { createTestWheel } from './support/factories';
import { ManualClock } from './support/manual-clock';
import { redisServerAvailable, startPrivateRedis } from './support/outage-switches';
import { joinAsSyncedPerson, type SyncedPerson } from './support/synced-person';
import { startTestApp, type TestApp } from './support/test-app';

const postgres = TEST_DIALECTS.find((dialect) => dialect.name === 'postgres');
const skipReason = !redisServerAvailable ? 'redis-server is not installed' : postgres?.skipReason;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const OUTAGE_MS = 30_000;
const PEOPLE_PER_WHEEL = 8;

/*
 * Issue 36's goal: two server processes on PostgreSQL, Redis stopped for 30 s mid-round. One
 * process runs every round step (it ticks first), so the people connected to the other get
 * none of its pushes while Redis is away and must catch up by the hub's rules: numbered pushes,
 * an overdue round step, Resync when Redis is back. Rounds run on a manual clock, one second of
 * it per ~50 ms of real time, so the outage spans several rounds.
 */
describe.skipIf(skipReason !== undefined)(
  `rounds through a Redis outage under two server processes${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    const clock = new ManualClock();
    let redis: Awaited<ReturnType<typeof startPrivateRedis>>;
    let spinning: TestApp;
    let other: TestApp;
    const people: Array<SyncedPerson & { wheelId: string; onSpinningProcess: boolean }> = [];

    beforeAll(async () => {
      if (!postgres) throw new Error('no postgres dialect');
      redis = await startPrivateRedis();
      const env = {
        REDIS_URL: redis.url,
        REDIS_KEY_PREFIX: `rounds-outage-${randomBytes(3).toString('hex')}`,
        WHEEL_ROUND_SECONDS: '20',
      };
      spinning = await startTestApp(postgres, { clock, listen: true, env });
      other = await startTestApp(postgres, { clock, listen: true, env, database: spinning.testDatabase });
    });

    afterAll(async () => {
      for (const person of people) person.client.close();
      await other?.close();
      await spinning?.close();
      await spinning?.testDatabase.drop();
      await redis?.stop();
    });

    /** One second of the rounds' clock: both processes tick (the spinning one first), everyone checks. */
    async function second() {
      clock.advance(1_000);
      await spinning.app.rounds.tick();
      await other.app.rounds.tick();
      for (const person of people) person.check();
      await pause(40);
    }

    const roundOf = async (wheelId: string) =>
      (
        await spinning.database.db
          .selectFrom('wheels')
          .select('current_round')
          .where('id', '=', wheelId)
          .executeTakeFirstOrThrow()
      ).current_round;

    /**
     * The round whose spin is under way but whose matches are not revealed yet, if any: when the
     * outage ends in that moment, nobody can know their match, since the rounds' clock stops.
     */
    const unrevealedRoundOf = async (wheelId: string) => {
      const wheel = await spinning.database.db
        .selectFrom('wheels')
        .select(['current_round', 'spin_started_at', 'matches_revealed_at'])
        .where('id', '=', wheelId)
        .executeTakeFirstOrThrow();
      return wheel.spin_started_at !== null && wheel.matches_revealed_at === null
        ? wheel.current_round
        : undefined;
    };

    it('brings everyone every spin and their match, and the matches both people accept become accepted', async () => {
      const wheelIds: string[] = [];
      for (const name of ['North', 'South']) {
        const wheelId = await createTestWheel(spinning.database, {
          name,
          description: 'x',
          slotCount: PEOPLE_PER_WHEEL,
        });
        wheelIds.push(wheelId);
        for (let index = 0; index < PEOPLE_PER_WHEEL; index++) {
          const onSpinningProcess = index % 2 === 0;
          const app = onSpinningProcess ? spinning : other;
          const person = await joinAsSyncedPerson(app.baseUrl, wheelId, `${name}${index}`, clock);
          people.push({ ...person, wheelId, onSpinningProcess });
        }
      }

      // Round 1 with Redis up, then into round 2's countdown.
      while (Math.min(...(await Promise.all(wheelIds.map(roundOf)))) < 2) await second();
      for (let s = 0; s < 5; s++) await second();
      const roundsBefore = await Promise.all(wheelIds.map(roundOf));

      await redis.stop();
      const outageEnds = Date.now() + OUTAGE_MS;
      while (Date.now() < outageEnds) await second();
      const roundsDuring = await Promise.all(wheelIds.map(roundOf));
      const unrevealed = await Promise.all(wheelIds.map(unrevealedRoundOf));
      await redis.start();
      const back = Date.now();
      // Three seconds of wall time with the rounds' clock stopped: only Resync can bring news.
      while (Date.now() - back < 3_000) {
        for (const person of people) person.check();
        await pause(50);
      }

      // Every round spun during the outage was seen by everyone on its wheel, and each person's
      // match in it, by 3 s after Redis came back (most of them long before).
      const matches = await spinning.database.db
        .selectFrom('matches')
        .select(['wheel_id', 'round', 'user1_id', 'user2_id', 'accepted_by_user1', 'accepted_by_user2'])
        .where('wheel_id', 'in', wheelIds)
        .execute();
      const missed: string[] = [];
      wheelIds.forEach((wheelId, index) => {
        const from = (roundsBefore[index] ?? 0) + 1;
        const to = roundsDuring[index] ?? 0;
        for (let round = from; round <= to; round++) {
          for (const person of people.filter((p) => p.wheelId === wheelId)) {
            const knownAt = person.spinKnownAt.get(round);
            if (knownAt === undefined || knownAt > back + 3_000)
              missed.push(`spin ${round} for ${person.id}`);
            const hadMatch = matches.some(
              (m) =>
                m.wheel_id === wheelId &&
                m.round === round &&
                (m.user1_id === person.id || m.user2_id === person.id),
            );
            const matchKnownAt = person.matchKnownAt.get(round);
            const revealed = round !== unrevealed[index];
            if (hadMatch && revealed && (matchKnownAt === undefined || matchKnownAt > back + 3_000))
              missed.push(`match of round ${round} for ${person.id}`);
          }
        }
      });
      const duringOutage = matches.filter((m) => {
        const index = wheelIds.indexOf(m.wheel_id);
        return (
          m.round > (roundsBefore[index] ?? 0) &&
          m.round <= (roundsDuring[index] ?? 0) &&
          m.round !== unrevealed[index]
        );
      });
      const accepted = duringOutage.filter((m) => m.accepted_by_user1 && m.accepted_by_user2);
      const resyncs = people.map((person) => person.resyncs());
      // biome-ignore lint/suspicious/noConsole: the measured figures are reported from the test output
      console.log(
        `Redis outage: rounds ${roundsBefore.join('/')} → ${roundsDuring.join('/')}; ` +
          `${accepted.length}/${duringOutage.length} matches made during it accepted by both; ` +
          `snapshots asked per person ${Math.min(...resyncs)}–${Math.max(...resyncs)}; missed: ${missed.length}`,
      );

      expect(roundsDuring.every((round, index) => round >= (roundsBefore[index] ?? 0) + 3)).toBe(true);
      expect(missed).toEqual([]);
      expect(duringOutage.length).toBeGreaterThanOrEqual(12);
      expect(accepted.length / duringOutage.length).toBeGreaterThanOrEqual(0.9);
    }, 120_000);

    it('tells the clients of both processes to resync as soon as Redis is back', async () => {
      const [onSpinning, onOther] = [
        people.find((person) => person.onSpinningProcess),
        people.find((person) => !person.onSpinningProcess),
      ];
      if (!onSpinning || !onOther) throw new Error('people on both processes expected');
      const before = [onSpinning, onOther].map((person) => person.client.all('Resync').length);
      await redis.stop();
      await pause(2_000);
      await redis.start();
      const back = Date.now();
      const tookMs = await Promise.all(
        [onSpinning, onOther].map(async (person, index) => {
          await person.client.next('Resync', () => person.client.all('Resync').length > (before[index] ?? 0));
          return Date.now() - back;
        }),
      );
      // biome-ignore lint/suspicious/noConsole: the measured times are reported from the test output
      console.log(`Resync reached both processes' clients ${tookMs.join(' and ')} ms after Redis came back`);
      expect(Math.max(...tookMs)).toBeLessThanOrEqual(3_000);
    }, 30_000);
  },
);
