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

/** Keys beyond which expired ones are swept, so a flood of distinct keys cannot grow memory for ever. */
const SWEEP_THRESHOLD = 10_000;

/**
 * One key's attempt times, oldest first. Those that have left the window are skipped by moving
 * `start` and cut off in bulk, so a busy key (every hub call of a venue's address) costs the
 * same per attempt whether it holds ten attempts or ten thousand. None is later than the
 * clock's latest reading: when the clock steps back (the wall clock is corrected), the
 * attempts it had counted later are moved back to the new reading, so they still count, and
 * leave the window one window length from then, not from a time that may be hours away.
 */
interface AttemptWindow {
  times: number[];
  start: number;
}

export function createAttemptLimiter(options: AttemptLimit & { clock: Clock }): AttemptLimiter {
  const windows = new Map<string, AttemptWindow>();
  // Swept again only once the keys have doubled since the last sweep: with more live keys than
  // the threshold (10,000 connections), a sweep on every attempt would cost them all each time.
  let sweepAbove = SWEEP_THRESHOLD;
  const now = () => options.clock.now().getTime();

  /** How many of the window's attempts are still inside it at `at`. */
  const count = (window: AttemptWindow, at: number) => {
    const { times } = window;
    // The clock stepped back: the attempts counted after `at` count as made at `at`.
    for (let index = times.length - 1; index >= window.start && (times[index] ?? at) > at; index -= 1) {
      times[index] = at;
    }
    while (window.start < times.length && (times[window.start] ?? at) <= at - options.windowMs) {
      window.start += 1;
    }
    if (window.start > 0 && window.start * 2 >= times.length) {
      window.times = times.slice(window.start);
      window.start = 0;
    }
    return window.times.length - window.start;
  };
  const windowOf = (key: string) => {
    let window = windows.get(key);
    if (!window) {
      window = { times: [], start: 0 };
      windows.set(key, window);
      if (windows.size > sweepAbove) sweep(now());
    }
    return window;
  };
  const sweep = (at: number) => {
    for (const [key, window] of windows) {
      if (count(window, at) === 0) windows.delete(key);
    }
    sweepAbove = Math.max(SWEEP_THRESHOLD, windows.size * 2);
  };

  return {
    async tryAttempt(key) {
      const at = now();
      const window = windowOf(key);
      if (count(window, at) >= options.maxAttempts) return false;
      window.times.push(at);
      return true;
    },
    async isLimited(key) {
      const window = windows.get(key);
      return window !== undefined && count(window, now()) >= options.maxAttempts;
    },
    async record(key) {
      const at = now();
      const window = windowOf(key);
      count(window, at);
      window.times.push(at);
    },
    async release(key) {
      const window = windows.get(key);
      if (!window) return;
      if (window.times.length > window.start) window.times.pop();
      if (window.times.length === window.start) windows.delete(key);
    },
    async reset(key) {
      windows.delete(key);
    },
    async retryAfterMs(key) {
      const window = windows.get(key);
      if (!window) return 0;
      const at = now();
      const live = count(window, at);
      if (live < options.maxAttempts) return 0;
      // Room comes back when the oldest attempt that keeps the key over its limit leaves the window.
      const oldest = window.times[window.times.length - options.maxAttempts] ?? at;
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

/**
 * One key's failures. `lastFailureAt` is never later than the clock's latest reading: when the
 * clock steps back, it is moved back to the new reading, so the failures still count and the
 * key waits its delay and is forgotten a quiet period from then, not from a time that may be
 * hours away.
 */
interface FailureRecord {
  failures: number;
  lastFailureAt: number;
}

export function createGrowingDelay(options: GrowingDelayOptions & { clock: Clock }): GrowingDelay {
  const state = new Map<string, FailureRecord>();
  const now = () => options.clock.now().getTime();
  const current = (key: string, at: number) => {
    const entry = state.get(key);
    // The clock stepped back: the latest failure counts as made at `at`.
    if (entry && entry.lastFailureAt > at) entry.lastFailureAt = at;
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
