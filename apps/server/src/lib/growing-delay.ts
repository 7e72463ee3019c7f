import type { Clock } from './clock';

/** Keys beyond which forgotten ones are swept, so a flood of distinct keys cannot grow memory for ever. */
const SWEEP_THRESHOLD = 10_000;

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

/** The little of a node-redis client a growing delay in Redis uses. */
export interface DelayConnection {
  readonly isReady: boolean;
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  del(key: string): Promise<unknown>;
}

// Growing delay in a hash: f = failures, l = time of the latest, never later than now;
// otherwise, after a step back, the key would wait for the step until Redis forgets the hash
// a quiet period after the latest failure. Each script runs atomically in Redis, so with N
// processes concurrent attempts see each other as in one.
const DELAY_STATE = `
local f = tonumber(redis.call('HGET', KEYS[1], 'f') or '0')
local l = tonumber(redis.call('HGET', KEYS[1], 'l') or '0')
local now = tonumber(ARGV[1])
if f > 0 and l > now then
  l = now
  redis.call('HSET', KEYS[1], 'l', ARGV[1])
end
if f > 0 and now - l >= tonumber(ARGV[5]) then f = 0 end
local beyond = f - tonumber(ARGV[2])
local delay = 0
if beyond > 0 then delay = math.min(tonumber(ARGV[4]), tonumber(ARGV[3]) * 2 ^ (beyond - 1)) end
local wait = 0
if f > 0 then wait = math.max(0, l + delay - now) end`;
const DELAY_WAIT = `${DELAY_STATE}
return wait`;
const RECORD_FAILURE = `
redis.call('HSET', KEYS[1], 'f', f + 1, 'l', now)
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 0`;
const DELAY_FAIL = `${DELAY_STATE}${RECORD_FAILURE}`;
const DELAY_TRY_BEGIN = `${DELAY_STATE}
if wait > 0 then return wait end${RECORD_FAILURE}`;

/** A Redis command that takes longer than this counts as Redis being away. */
const REDIS_COMMAND_TIMEOUT_MS = 250;

/**
 * A growing delay counted in Redis, shared by every process; while Redis is away (not
 * connected, or slower than REDIS_COMMAND_TIMEOUT_MS) this process's memory stands in, as
 * rate-limiter-flexible's insurance limiter does for the attempt limits.
 */
export function createRedisGrowingDelay(
  options: GrowingDelayOptions & {
    clock: Clock;
    redis: DelayConnection;
    /** Where this delay's hashes live, e.g. `wheelmeet:limit:sign-in-account`. */
    keyPrefix: string;
    onRedisError?: ((error: unknown) => void) | undefined;
  },
): GrowingDelay {
  const { clock, redis, keyPrefix, onRedisError, ...delay } = options;
  const local = createGrowingDelay({ ...delay, clock });
  const keyOf = (key: string) => `${keyPrefix}:${key}`;

  /** One Redis command, refused at once while disconnected and given up after a short wait. */
  const command = async <T>(send: () => Promise<T>): Promise<T> => {
    if (!redis.isReady) throw new Error('Redis is not connected');
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        send(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error('Redis did not answer in time')),
            REDIS_COMMAND_TIMEOUT_MS,
          );
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  };
  const run = async (script: string, key: string) => {
    const args = [
      clock.now().getTime(),
      delay.freeFailures,
      delay.baseDelayMs,
      delay.maxDelayMs,
      delay.forgetAfterMs,
    ];
    return Number(
      await command(() => redis.eval(script, { keys: [keyOf(key)], arguments: args.map(String) })),
    );
  };
  /** Redis first; this process's memory while Redis is away. */
  const withFallback = <T>(shared: () => Promise<T>, standIn: () => Promise<T>): Promise<T> =>
    shared().catch((error: unknown) => {
      onRedisError?.(error);
      return standIn();
    });

  return {
    waitMs: (key) =>
      withFallback(
        () => run(DELAY_WAIT, key),
        () => local.waitMs(key),
      ),
    tryBegin: (key) =>
      withFallback(
        () => run(DELAY_TRY_BEGIN, key),
        () => local.tryBegin(key),
      ),
    fail: (key) =>
      withFallback(
        async () => {
          await run(DELAY_FAIL, key);
        },
        () => local.fail(key),
      ),
    reset: (key) =>
      withFallback(
        async () => {
          await command(() => redis.del(keyOf(key)));
        },
        () => local.reset(key),
      ),
  };
}
