import { describe, expect, it } from 'vitest';
import {
  expectAttemptLimitAcrossStepBack,
  STEP_BACK_ATTEMPT_LIMIT,
} from '../../test/support/clock-step-back';
import { ManualClock } from '../../test/support/manual-clock';
import { createAttemptLimiter } from './attempt-limiter';

describe('attempt limiter', () => {
  it('lets exactly the allowed number through when 50 attempts arrive at once', async () => {
    const clock = new ManualClock(1_000_000);
    const limiter = createAttemptLimiter({ maxAttempts: 5, windowMs: 60_000, clock });
    const results = await Promise.all(Array.from({ length: 50 }, () => limiter.tryAttempt('k')));
    expect(results.filter(Boolean)).toHaveLength(5);
    expect(await limiter.isLimited('k')).toBe(true);
    expect(await limiter.isLimited('other')).toBe(false);
  });

  it('gives back a released reservation, and says when a full key has room again', async () => {
    const time = new ManualClock(1_000_000);
    const limiter = createAttemptLimiter({ maxAttempts: 2, windowMs: 10_000, clock: time });
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

  // The windows are fixed (decision 029): a busy key is refused until its window ends, not
  // until its oldest attempt leaves, and then has its whole room again.
  it('refuses a full key until its window ends, however many it holds, then gives it its whole room again', async () => {
    const time = new ManualClock(1_000_000);
    const limiter = createAttemptLimiter({ maxAttempts: 1_000, windowMs: 10_000, clock: time });
    for (let index = 0; index < 1_000; index += 1) {
      expect(await limiter.tryAttempt('venue')).toBe(true);
      time.advance(9);
    }
    expect(await limiter.tryAttempt('venue')).toBe(false);
    expect(await limiter.retryAfterMs('venue')).toBe(1_000);
    time.advance(999);
    expect(await limiter.tryAttempt('venue')).toBe(false);
    time.advance(1);
    for (let index = 0; index < 1_000; index += 1) expect(await limiter.tryAttempt('venue')).toBe(true);
    expect(await limiter.tryAttempt('venue')).toBe(false);
    time.advance(10_000);
    expect(await limiter.isLimited('venue')).toBe(false);
  });

  it('still limits a busy key while tens of thousands of others come and go', async () => {
    const time = new ManualClock(1_000_000);
    const limiter = createAttemptLimiter({ maxAttempts: 1, windowMs: 1_000, clock: time });
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
    const time = new ManualClock();
    await expectAttemptLimitAcrossStepBack(
      createAttemptLimiter({ ...STEP_BACK_ATTEMPT_LIMIT, clock: time }),
      time,
    );
  });
});
