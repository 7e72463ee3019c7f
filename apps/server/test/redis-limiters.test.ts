import { randomBytes } from 'node:crypto';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLimiterFactory } from '../src/lib/redis-limiters';
import { ManualClock } from './support/manual-clock';

const redisUrl = process.env.TEST_REDIS_URL?.trim() || undefined;
const skipReason = redisUrl ? undefined : 'TEST_REDIS_URL is not set';

describe.skipIf(skipReason !== undefined)(
  `limits shared through Redis by several processes${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    const prefix = `wheelmeet-test-${randomBytes(4).toString('hex')}`;
    const clock = new ManualClock();
    const connections: { isOpen: boolean; quit(): Promise<unknown> }[] = [];
    // Two "processes": each has its own connection and its own factory, as two servers would.
    let first: ReturnType<typeof createLimiterFactory>;
    let second: ReturnType<typeof createLimiterFactory>;
    const fallbacks: unknown[] = [];

    const connect = async () => {
      const connection = createClient({ url: redisUrl, disableOfflineQueue: true });
      connection.on('error', () => {});
      await connection.connect();
      connections.push(connection);
      return connection;
    };

    beforeAll(async () => {
      first = createLimiterFactory({ clock, redis: await connect(), keyPrefix: prefix });
      second = createLimiterFactory({
        clock,
        redis: await connect(),
        keyPrefix: prefix,
        onRedisError: (error) => fallbacks.push(error),
      });
    });

    afterAll(async () => {
      const cleaner = await connect();
      for await (const keys of cleaner.scanIterator({ MATCH: `${prefix}:*` })) {
        if (keys.length > 0) await cleaner.del(keys);
      }
      for (const connection of connections) if (connection.isOpen) await connection.quit();
    });

    it('lets exactly the limit through when 50 attempts race through two processes at once', async () => {
      const limit = { maxAttempts: 7, windowMs: 60_000 };
      const a = first.attempts('race', limit);
      const b = second.attempts('race', limit);
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, index) => (index % 2 ? a : b).tryAttempt('one-key')),
      );
      expect(results.filter(Boolean)).toHaveLength(7);
      expect(await a.isLimited('one-key')).toBe(true);
      expect(await b.retryAfterMs('one-key')).toBe(60_000);
      await a.release('one-key');
      expect(await b.tryAttempt('one-key')).toBe(true);
      clock.advance(60_001);
      expect(await a.isLimited('one-key')).toBe(false);
      await b.reset('one-key');
    });

    it('shares a growing delay between processes: concurrent attempts see each other', async () => {
      const options = { freeFailures: 3, baseDelayMs: 1_000, maxDelayMs: 4_000, forgetAfterMs: 60_000 };
      const a = first.growingDelay('delay', options);
      const b = second.growingDelay('delay', options);
      const waits = await Promise.all(
        Array.from({ length: 20 }, (_, index) => (index % 2 ? a : b).tryBegin('account')),
      );
      expect(waits.filter((wait) => wait === 0)).toHaveLength(4);
      expect(await b.waitMs('account')).toBe(1_000);
      await a.fail('account');
      await b.fail('account');
      expect(await a.waitMs('account')).toBe(4_000);
      await b.reset('account');
      expect(await a.waitMs('account')).toBe(0);
    });

    it('keeps limiting in memory while Redis is unreachable, and goes back to Redis when it returns', async () => {
      const connection = await connect();
      const factory = createLimiterFactory({
        clock,
        redis: connection,
        keyPrefix: prefix,
        onRedisError: (error) => fallbacks.push(error),
      });
      const limiter = factory.attempts('outage', { maxAttempts: 2, windowMs: 60_000 });
      await connection.quit();
      const during = [
        await limiter.tryAttempt('k'),
        await limiter.tryAttempt('k'),
        await limiter.tryAttempt('k'),
      ];
      expect(during).toEqual([true, true, false]);
      expect(fallbacks.length).toBeGreaterThanOrEqual(3);
    });
  },
);
