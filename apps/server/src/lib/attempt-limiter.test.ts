import { describe, expect, it } from 'vitest';
import {
  expectAttemptLimitAcrossStepBack,
  expectGrowingDelayAcrossStepBack,
  STEP_BACK_ATTEMPT_LIMIT,
  STEP_BACK_DELAY_OPTIONS,
} from '../../test/support/clock-step-back';
import { createAttemptLimiter, createGrowingDelay } from './attempt-limiter';
import type { Clock } from './clock';

/** A test clock; `advance` with a negative amount steps it back, as a corrected wall clock does. */
function manualClock(start = 1_000_000) {
  let now = start;
  const clock: Clock = { now: () => new Date(now) };
  return { clock, advance: (ms: number) => (now += ms) };
}

describe('attempt limiter', () => {
  it('lets exactly the allowed number through when 50 attempts arrive at once', async () => {
    const { clock } = manualClock();
    const limiter = createAttemptLimiter({ maxAttempts: 5, windowMs: 60_000, clock });
    const results = await Promise.all(Array.from({ length: 50 }, () => limiter.tryAttempt('k')));
    expect(results.filter(Boolean)).toHaveLength(5);
    expect(await limiter.isLimited('k')).toBe(true);
    expect(await limiter.isLimited('other')).toBe(false);
  });

  it('gives back a released reservation, and says when a full key has room again', async () => {
    const time = manualClock();
    const limiter = createAttemptLimiter({ maxAttempts: 2, windowMs: 10_000, clock: time.clock });
    await limiter.tryAttempt('k');
    time.advance(4_000);
    await limiter.tryAttempt('k');
    expect(await limiter.retryAfterMs('k')).toBe(6_000);
    await limiter.release('k');
    expect(await limiter.retryAfterMs('k')).toBe(0);
    expect(await limiter.tryAttempt('k')).toBe(true);
    time.advance(6_000);
    expect(await limiter.tryAttempt('k')).toBe(true);
  });

  it('lets an attempt leave the window exactly its length after it was made, however many the key holds', async () => {
    const time = manualClock();
    const limiter = createAttemptLimiter({ maxAttempts: 1_000, windowMs: 10_000, clock: time.clock });
    for (let index = 0; index < 1_000; index += 1) {
      expect(await limiter.tryAttempt('venue')).toBe(true);
      time.advance(10);
    }
    // 10 s after the first attempt: it has left, the 999 after it have not.
    expect(await limiter.tryAttempt('venue')).toBe(true);
    expect(await limiter.tryAttempt('venue')).toBe(false);
    expect(await limiter.retryAfterMs('venue')).toBe(10);
    time.advance(10);
    expect(await limiter.tryAttempt('venue')).toBe(true);
    time.advance(10_000);
    expect(await limiter.isLimited('venue')).toBe(false);
  });

  it('still limits a busy key while tens of thousands of others come and go', async () => {
    const time = manualClock();
    const limiter = createAttemptLimiter({ maxAttempts: 1, windowMs: 1_000, clock: time.clock });
    await limiter.tryAttempt('busy');
    const others = Array.from({ length: 25_000 }, (_, index) => limiter.tryAttempt(`connection-${index}`));
    expect((await Promise.all(others)).every(Boolean)).toBe(true);
    expect(await limiter.tryAttempt('busy')).toBe(false);
    expect(await limiter.tryAttempt('connection-24999')).toBe(false);
    time.advance(1_000);
    expect(await limiter.tryAttempt('busy')).toBe(true);
    expect(await limiter.tryAttempt('connection-0')).toBe(true);
  });

  it('keeps the limit when the clock steps back, and gives the key its room again a window later', async () => {
    const time = manualClock(Date.parse('2026-11-22T10:00:00.000Z'));
    await expectAttemptLimitAcrossStepBack(
      createAttemptLimiter({ ...STEP_BACK_ATTEMPT_LIMIT, clock: time.clock }),
      time,
    );
  });
});

describe('growing delay', () => {
  const options = { freeFailures: 3, baseDelayMs: 1_000, maxDelayMs: 8_000, forgetAfterMs: 60_000 };

  it('admits the free failures plus one of many concurrent attempts, then makes the rest wait', async () => {
    const { clock } = manualClock();
    const delay = createGrowingDelay({ ...options, clock });
    const waits = await Promise.all(Array.from({ length: 20 }, () => delay.tryBegin('account')));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(4);
    expect(Math.max(...waits)).toBe(1_000);
  });

  it('doubles the wait with each failure up to its cap, and forgets after a quiet period or a success', async () => {
    const time = manualClock();
    const delay = createGrowingDelay({ ...options, clock: time.clock });
    for (let failure = 0; failure < 3; failure += 1) await delay.fail('a');
    expect(await delay.waitMs('a')).toBe(0);
    const waits: number[] = [];
    for (let failure = 0; failure < 6; failure += 1) {
      await delay.fail('a');
      waits.push(await delay.waitMs('a'));
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 8_000, 8_000]);
    time.advance(60_000);
    expect(await delay.waitMs('a')).toBe(0);
    await delay.fail('b');
    await delay.reset('b');
    expect(await delay.tryBegin('b')).toBe(0);
  });

  it('makes a key wait at most its delay when the clock steps back, still counting its failures', async () => {
    const time = manualClock(Date.parse('2026-11-22T10:00:00.000Z'));
    await expectGrowingDelayAcrossStepBack(
      createGrowingDelay({ ...STEP_BACK_DELAY_OPTIONS, clock: time.clock }),
      time,
    );
  });
});
