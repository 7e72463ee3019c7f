import type { Clock } from './clock';

/**
 * Counts attempts per key in a sliding window and says when a key has had too many, so a
 * short secret (an access code, a password) cannot be guessed by trying, and a flood from one
 * client cannot crowd out everyone else.
 *
 * The interface is asynchronous so that a shared store (Redis, for several server processes)
 * can stand behind it; this implementation keeps the counts in the process's memory. Each
 * method is atomic: `tryAttempt` checks and counts in one step, so however many requests
 * arrive at once, at most `maxAttempts` of them get through.
 */
export interface AttemptLimiter {
  /** Counts an attempt if the key has room for it; false when over the limit (refuse it). */
  tryAttempt(key: string): Promise<boolean>;
  /** True when the key has used up its attempts for now (nothing is counted). */
  isLimited(key: string): Promise<boolean>;
  /** Counts an attempt without asking. */
  record(key: string): Promise<void>;
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

/** Entries beyond which expired keys are swept, so a flood of distinct keys cannot grow memory for ever. */
const SWEEP_THRESHOLD = 10_000;

export function createAttemptLimiter(options: AttemptLimit & { clock: Clock }): AttemptLimiter {
  const attempts = new Map<string, number[]>();
  const now = () => options.clock.now().getTime();
  const recent = (key: string, at: number) =>
    (attempts.get(key) ?? []).filter((time) => time > at - options.windowMs);
  const sweep = (at: number) => {
    for (const [key] of attempts) {
      const times = recent(key, at);
      if (times.length === 0) attempts.delete(key);
      else attempts.set(key, times);
    }
  };
  const store = (key: string, times: number[], at: number) => {
    attempts.set(key, times);
    if (attempts.size > SWEEP_THRESHOLD) sweep(at);
  };

  return {
    async tryAttempt(key) {
      const at = now();
      const times = recent(key, at);
      if (times.length >= options.maxAttempts) {
        store(key, times, at);
        return false;
      }
      times.push(at);
      store(key, times, at);
      return true;
    },
    async isLimited(key) {
      return recent(key, now()).length >= options.maxAttempts;
    },
    async record(key) {
      const at = now();
      store(key, [...recent(key, at), at], at);
    },
    async release(key) {
      const times = attempts.get(key);
      times?.pop();
      if (times?.length === 0) attempts.delete(key);
    },
    async reset(key) {
      attempts.delete(key);
    },
    async retryAfterMs(key) {
      const at = now();
      const times = recent(key, at);
      if (times.length < options.maxAttempts) return 0;
      // Room comes back when the oldest attempt that keeps the key over its limit leaves the window.
      const oldest = times[times.length - options.maxAttempts] ?? at;
      return Math.max(0, oldest + options.windowMs - at);
    },
  };
}

/**
 * A delay that grows with each failure of a key and is forgotten after a quiet period: the
 * n-th failure beyond `freeFailures` makes the key wait `baseDelayMs × 2^(n-1)`, at most
 * `maxDelayMs`. Unlike a hard lock, the rightful owner can always get through by waiting a
 * bounded time, while guessing slows to a crawl.
 */
export interface GrowingDelay {
  /** How long the key must still wait before its next attempt; 0 when it may try now. */
  waitMs(key: string): Promise<number>;
  /**
   * Atomically: 0 and the attempt counted as a failure in advance when the key may try now,
   * else how long it must wait. Concurrent attempts thus each see the ones before them; a
   * success afterwards calls `reset`.
   */
  tryBegin(key: string): Promise<number>;
  /** Counts a failure of the key. */
  fail(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export interface GrowingDelayOptions {
  freeFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Failures older than this (counted from the latest) are forgotten. */
  forgetAfterMs: number;
}

export function createGrowingDelay(options: GrowingDelayOptions & { clock: Clock }): GrowingDelay {
  const state = new Map<string, { failures: number; lastFailureAt: number }>();
  const now = () => options.clock.now().getTime();
  const current = (key: string, at: number) => {
    const entry = state.get(key);
    if (entry && at - entry.lastFailureAt >= options.forgetAfterMs) {
      state.delete(key);
      return undefined;
    }
    return entry;
  };
  const delayAfter = (failures: number) => {
    const beyond = failures - options.freeFailures;
    if (beyond <= 0) return 0;
    return Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (beyond - 1));
  };

  const wait = (key: string, at: number) => {
    const entry = current(key, at);
    if (!entry) return 0;
    return Math.max(0, entry.lastFailureAt + delayAfter(entry.failures) - at);
  };
  const fail = (key: string, at: number) => {
    const entry = current(key, at);
    state.set(key, { failures: (entry?.failures ?? 0) + 1, lastFailureAt: at });
    if (state.size > SWEEP_THRESHOLD) {
      for (const [other] of state) current(other, at);
    }
  };

  return {
    async waitMs(key) {
      return wait(key, now());
    },
    async tryBegin(key) {
      const at = now();
      const waitFor = wait(key, at);
      if (waitFor > 0) return waitFor;
      fail(key, at);
      return 0;
    },
    async fail(key) {
      fail(key, now());
    },
    async reset(key) {
      state.delete(key);
    },
  };
}
