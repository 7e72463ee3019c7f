import { expect } from 'vitest';
import type { AttemptLimit, AttemptLimiter } from '../../src/lib/attempt-limiter';
import type { GrowingDelay, GrowingDelayOptions } from '../../src/lib/growing-delay';

/**
 * What a limiter must do when the wall clock steps back (an NTP correction, a VM resumed), the
 * same in memory and in Redis: keep the limit, and cost a key at most one window or one delay,
 * never the size of the step. Each scenario drives a test clock whose `advance` may go back.
 */
interface SteppingClock {
  advance(ms: number): unknown;
}

const HOUR = 60 * 60_000;

/** The limit the attempt scenario expects its limiter to have. */
export const STEP_BACK_ATTEMPT_LIMIT: AttemptLimit = { maxAttempts: 3, windowMs: 10_000 };

export async function expectAttemptLimitAcrossStepBack(limiter: AttemptLimiter, time: SteppingClock) {
  const tryMany = async (attempts: number) => {
    const results: boolean[] = [];
    for (let attempt = 0; attempt < attempts; attempt += 1) results.push(await limiter.tryAttempt('k'));
    return results;
  };
  expect(await tryMany(3)).toEqual([true, true, true]);
  time.advance(2_000);

  // The wall clock is corrected by an hour mid-window: what was counted still counts.
  time.advance(-HOUR);
  expect(await tryMany(1)).toEqual([false]);
  expect(await limiter.isLimited('k')).toBe(true);
  // Told to wait at most one window, as after any attempt, and let in once that has passed.
  const wait = await limiter.retryAfterMs('k');
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(10_000);
  time.advance(wait - 1);
  expect(await limiter.tryAttempt('k')).toBe(false);
  time.advance(1);
  expect(await limiter.isLimited('k')).toBe(false);

  // And a full window later, the whole limit again: no more, no less.
  time.advance(10_000);
  expect(await tryMany(4)).toEqual([true, true, true, false]);
  time.advance(-5 * 60_000);
  expect(await tryMany(1)).toEqual([false]);
  time.advance(await limiter.retryAfterMs('k'));
  expect(await tryMany(4)).toEqual([true, true, true, false]);
}

/** The options the growing-delay scenario expects its delay to have. */
export const STEP_BACK_DELAY_OPTIONS: GrowingDelayOptions = {
  freeFailures: 3,
  baseDelayMs: 1_000,
  maxDelayMs: 8_000,
  forgetAfterMs: 60_000,
};

export async function expectGrowingDelayAcrossStepBack(delay: GrowingDelay, time: SteppingClock) {
  for (let failure = 0; failure < 4; failure += 1) expect(await delay.tryBegin('a')).toBe(0);
  time.advance(400);
  expect(await delay.waitMs('a')).toBe(600);

  // The wall clock is corrected by an hour mid-delay: the key waits its delay, not the hour.
  time.advance(-HOUR);
  expect(await delay.tryBegin('a')).toBe(1_000);
  time.advance(999);
  expect(await delay.tryBegin('a')).toBe(1);
  time.advance(1);
  expect(await delay.tryBegin('a')).toBe(0);
  // The failures before the step still count: the next wait doubles.
  expect(await delay.waitMs('a')).toBe(2_000);

  // Delay over, but inside the quiet period: a step back costs at most the delay again.
  time.advance(30_000);
  time.advance(-5 * 60_000);
  expect(await delay.waitMs('a')).toBe(2_000);
  time.advance(2_000);
  expect(await delay.tryBegin('a')).toBe(0);
  expect(await delay.waitMs('a')).toBe(4_000);

  // Forgotten after a quiet period counted from the step, not from a time an hour away.
  time.advance(-HOUR);
  expect(await delay.waitMs('a')).toBe(4_000);
  time.advance(60_000);
  expect(await delay.waitMs('a')).toBe(0);
  for (let failure = 0; failure < 3; failure += 1) expect(await delay.tryBegin('a')).toBe(0);
  expect(await delay.waitMs('a')).toBe(0);
}
