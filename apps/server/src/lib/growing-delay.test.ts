import { describe, expect, it } from 'vitest';
import {
  expectGrowingDelayAcrossStepBack,
  STEP_BACK_DELAY_OPTIONS,
} from '../../test/support/clock-step-back';
import { ManualClock } from '../../test/support/manual-clock';
import { createGrowingDelay } from './growing-delay';

describe('growing delay', () => {
  const options = { freeFailures: 3, baseDelayMs: 1_000, maxDelayMs: 8_000, forgetAfterMs: 60_000 };

  it('admits the free failures plus one of many concurrent attempts, then makes the rest wait', async () => {
    const clock = new ManualClock(1_000_000);
    const delay = createGrowingDelay({ ...options, clock });
    const waits = await Promise.all(Array.from({ length: 20 }, () => delay.tryBegin('account')));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(4);
    expect(Math.max(...waits)).toBe(1_000);
  });

  it('doubles the wait with each failure up to its cap, and forgets after a quiet period or a success', async () => {
    const time = new ManualClock(1_000_000);
    const delay = createGrowingDelay({ ...options, clock: time });
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
    const time = new ManualClock();
    await expectGrowingDelayAcrossStepBack(
      createGrowingDelay({ ...STEP_BACK_DELAY_OPTIONS, clock: time }),
      time,
    );
  });
});
