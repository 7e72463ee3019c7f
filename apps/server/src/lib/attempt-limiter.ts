import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Clock } from './clock';

/**
 * Counts attempts per key in a window and says when a key has had too many, so a short secret
 * (an access code, a password) cannot be guessed by trying, and a flood from one client cannot
 * crowd out everyone else.
 *
 * The counting is rate-limiter-flexible's, in this process's memory or in Redis (redis-limiters.ts);
 * each method is atomic there: `tryAttempt` checks and counts in one step, so however many
 * requests arrive at once, at most `maxAttempts` of them get through. The windows are fixed and
 * follow the injected clock (decision 029).
 */
export interface AttemptLimiter {
  /** Counts an attempt if the key has room for it; false when over the limit (refuse it). */
  tryAttempt(key: string): Promise<boolean>;
  /** True when the key has used up its attempts for now (nothing is counted). */
  isLimited(key: string): Promise<boolean>;
  /** Gives back one counted attempt: a reservation that turned out not to count (e.g. a right password). */
  release(key: string): Promise<void>;
  /** Forgets a key, e.g. after a successful attempt. */
  reset(key: string): Promise<void>;
  /** How long until the key has room again; 0 when it has room now. */
  retryAfterMs(key: string): Promise<number>;
}

export interface AttemptLimit {
  maxAttempts: number;
  windowMs: number;
}

/**
 * How long the library keeps a window's count, in seconds. The window itself ends by the
 * injected clock, and a count it no longer reads is only garbage; kept a little past the
 * window so that a count is never dropped while its window still runs, even when the injected
 * clock runs behind the store's (a test's clock stands still while real time passes).
 */
export const storeSecondsFor = (limit: AttemptLimit) => Math.max(10, Math.ceil((2 * limit.windowMs) / 1_000));

/**
 * The library's memory store, keeping a refused attempt out of the count as Redis's script
 * does (redis-limiters.ts), so that a key's count is what it let through and `release` gives
 * back a real place; and never counting below zero, so a release cannot buy an extra attempt.
 */
export class AttemptsInMemory extends RateLimiterMemory {
  override consume(key: string | number, points = 1, options?: Record<string, unknown>) {
    return super.consume(key, points, options).catch(async (refusal: unknown) => {
      if (refusal instanceof RateLimiterRes) await super.reward(key, points, options);
      throw refusal;
    });
  }

  override async reward(key: string | number, points = 1, options?: Record<string, unknown>) {
    const result = await super.reward(key, points, options);
    if (result.consumedPoints < 0) await super.delete(key, options);
    return result;
  }
}

/**
 * Milliseconds by the injected clock, never going back: when the wall clock is corrected
 * backwards, time carries on from the latest reading, so what was counted still counts and a
 * key waits at most one window, not the size of the step.
 */
function steadyReadings(clock: Clock) {
  let latestReading: number | undefined;
  let steady = 0;
  return () => {
    const reading = clock.now().getTime();
    steady = latestReading === undefined ? reading : steady + Math.max(0, reading - latestReading);
    latestReading = reading;
    return steady;
  };
}

/**
 * Attempts counted by a rate-limiter-flexible limiter whose points are `limit.maxAttempts`. Each
 * window of the injected clock counts under its own key, so moving the clock (or a test moving
 * it) moves to the next window whatever the store's own clock says.
 */
export function countAttempts(
  counter: RateLimiterAbstract,
  limit: AttemptLimit,
  clock: Clock,
): AttemptLimiter {
  const now = steadyReadings(clock);
  const windowOf = (key: string) => {
    const at = now();
    const index = Math.floor(at / limit.windowMs);
    return { key: `${key}@${index}`, endsInMs: (index + 1) * limit.windowMs - at };
  };
  const isFull = async (windowKey: string) => {
    const counted = await counter.get(windowKey);
    return (counted?.consumedPoints ?? 0) >= limit.maxAttempts;
  };

  return {
    async tryAttempt(key) {
      try {
        await counter.consume(windowOf(key).key);
        return true;
      } catch (refusal) {
        if (refusal instanceof RateLimiterRes) return false;
        throw refusal;
      }
    },
    isLimited: (key) => isFull(windowOf(key).key),
    async release(key) {
      await counter.reward(windowOf(key).key);
    },
    async reset(key) {
      await counter.delete(windowOf(key).key);
    },
    async retryAfterMs(key) {
      const window = windowOf(key);
      return (await isFull(window.key)) ? window.endsInMs : 0;
    },
  };
}

/** Attempts counted in this process's memory: for limits that are per process by nature (a connection's). */
export function createAttemptLimiter(options: AttemptLimit & { clock: Clock }): AttemptLimiter {
  const { clock, ...limit } = options;
  const counter = new AttemptsInMemory({ points: limit.maxAttempts, duration: storeSecondsFor(limit) });
  return countAttempts(counter, limit, clock);
}
