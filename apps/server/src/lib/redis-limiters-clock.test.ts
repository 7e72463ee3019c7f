import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectAttemptLimitAcrossStepBack,
  expectGrowingDelayAcrossStepBack,
  STEP_BACK_ATTEMPT_LIMIT,
  STEP_BACK_DELAY_OPTIONS,
} from '../../test/support/clock-step-back';
import { ManualClock } from '../../test/support/manual-clock';
import type { Clock } from './clock';
import { createLimiterFactory } from './redis-limiters';

const redisUrl = process.env.TEST_REDIS_URL?.trim() || undefined;
const skipReason = redisUrl ? undefined : 'TEST_REDIS_URL is not set';

const HOUR = 60 * 60_000;

/**
 * Real time, as Redis's own clock (which runs its expiries) sees it, stepped back when the test
 * says so: only the process's wall clock is corrected, not Redis's.
 */
function steppableClock() {
  let offset = 0;
  const clock: Clock = { now: () => new Date(Date.now() + offset) };
  return {
    clock,
    stepBack: (ms: number) => {
      offset -= ms;
    },
  };
}

describe.skipIf(skipReason !== undefined)(
  `Redis limiters when the process's clock steps back${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    const prefix = `wheelmeet-test-${randomBytes(4).toString('hex')}`;
    const connection = createClient({ url: redisUrl, disableOfflineQueue: true });
    connection.on('error', () => {});
    const limiters = (clock: Clock) =>
      createLimiterFactory({
        clock,
        redis: connection,
        keyPrefix: prefix,
        // Memory standing in would pass these tests without Redis.
        onRedisError: (error) => {
          throw error;
        },
      });

    beforeAll(async () => {
      await connection.connect();
    });

    afterAll(async () => {
      for await (const keys of connection.scanIterator({ MATCH: `${prefix}:*` })) {
        if (keys.length > 0) await connection.del(keys);
      }
      await connection.quit();
    });

    it('keeps the limit, and gives the key its room again a window later', async () => {
      const time = new ManualClock();
      await expectAttemptLimitAcrossStepBack(
        limiters(time).attempts('attempts-manual', STEP_BACK_ATTEMPT_LIMIT),
        time,
      );
    });

    it('does not keep a busy key short of room for the size of the step, though Redis expires keys on its own clock', async () => {
      const windowMs = 600;
      const time = steppableClock();
      const limiter = limiters(time.clock).attempts('attempts-busy', { maxAttempts: 4, windowMs });
      expect(await limiter.tryAttempt('venue')).toBe(true);
      expect(await limiter.tryAttempt('venue')).toBe(true);
      time.stepBack(HOUR);

      // An attempt every 250 ms: never more than three in a window, and the key never idle long
      // enough for Redis to expire it, so only the scripts can let the two before the step go.
      const results: boolean[] = [];
      for (let attempt = 0; attempt < 9; attempt += 1) {
        results.push(await limiter.tryAttempt('venue'));
        await sleep(250);
      }
      expect(results.slice(0, 2)).toEqual([true, true]);
      // From one window after the step on, the key has its whole room again.
      expect(results.slice(3)).toEqual([true, true, true, true, true, true]);
    });

    it('makes a key wait at most its delay, still counting its failures, and forgets them a quiet period after the step', async () => {
      const time = new ManualClock();
      await expectGrowingDelayAcrossStepBack(
        limiters(time).growingDelay('delay-manual', STEP_BACK_DELAY_OPTIONS),
        time,
      );
    });

    it('lets a key in once its delay has passed in real time, though Redis keeps the failures for the quiet period', async () => {
      const time = steppableClock();
      const delay = limiters(time.clock).growingDelay('delay-real', {
        freeFailures: 3,
        baseDelayMs: 100,
        maxDelayMs: 800,
        forgetAfterMs: 10_000,
      });
      for (let failure = 0; failure < 4; failure += 1) expect(await delay.tryBegin('a')).toBe(0);
      time.stepBack(HOUR);
      const wait = await delay.tryBegin('a');
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(100);
      await sleep(wait + 20);
      expect(await delay.tryBegin('a')).toBe(0);
      expect(await delay.waitMs('a')).toBeGreaterThan(100);
    });
  },
);
