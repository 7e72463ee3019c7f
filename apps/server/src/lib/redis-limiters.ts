import { randomUUID } from 'node:crypto';
import {
  type AttemptLimit,
  type AttemptLimiter,
  createAttemptLimiter,
  createGrowingDelay,
  type GrowingDelay,
  type GrowingDelayOptions,
} from './attempt-limiter';
import type { Clock } from './clock';

/** The little of a node-redis client the limiters use. */
export interface RedisConnection {
  readonly isReady: boolean;
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  zPopMax(key: string): Promise<unknown>;
  del(key: string): Promise<unknown>;
}

/** A limiter command that takes longer than this counts as Redis being away. */
const REDIS_COMMAND_TIMEOUT_MS = 250;

// Sliding window in a sorted set (score = time of the attempt). Each script runs atomically
// in Redis, so with N processes the limit is the same as with one. ARGV[1] is now and ARGV[2]
// the window in each. No score is left later than now: when a process's clock steps back (the
// wall clock is corrected), the attempts counted later are moved back to its reading, so they
// still count and leave the window one window length from then. Redis's own expiry does not
// cover this: it comes a window after the latest attempt, so a key in steady use would keep
// them until the clock caught up, maybe hours later.
const WINDOW = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
for _, member in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '(' .. ARGV[1], '+inf')) do
  redis.call('ZADD', KEYS[1], ARGV[1], member)
end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)`;
const TRY_ATTEMPT = `${WINDOW}
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;
const COUNT = `${WINDOW}
return redis.call('ZCARD', KEYS[1])`;
const RECORD = `${WINDOW}
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;
const RETRY_AFTER = `${WINDOW}
local max = tonumber(ARGV[3])
local count = redis.call('ZCARD', KEYS[1])
if count < max then return 0 end
local oldest = redis.call('ZRANGE', KEYS[1], count - max, count - max, 'WITHSCORES')
return math.max(0, tonumber(oldest[2]) + window - now)`;

// Growing delay in a hash: f = failures, l = time of the latest, never later than now, as for
// an attempt's score; otherwise, after a step back, the key would wait for the step until Redis
// forgets the hash a quiet period after the latest failure.
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
const DELAY_TRY_BEGIN = `${DELAY_STATE}
if wait > 0 then return wait end
redis.call('HSET', KEYS[1], 'f', f + 1, 'l', now)
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 0`;
const DELAY_FAIL = `${DELAY_STATE}
redis.call('HSET', KEYS[1], 'f', f + 1, 'l', now)
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 0`;

/**
 * Makes the limiters of one server process. With Redis they count in Redis, atomically, so
 * every limit holds across all processes; without it, or while Redis is unreachable, each
 * limiter counts in this process's memory (each process then limits on its own, as a single
 * process always did), and goes back to Redis when it answers again.
 */
export interface LimiterFactory {
  attempts(name: string, limit: AttemptLimit): AttemptLimiter;
  growingDelay(name: string, options: GrowingDelayOptions): GrowingDelay;
}

export interface LimiterFactoryDependencies {
  clock: Clock;
  redis?: RedisConnection | undefined;
  keyPrefix?: string;
  /** Told when Redis failed a limiter command and memory stood in. */
  onRedisError?: (error: unknown) => void;
  /** Told, with the limiter's name, each time a limiter refuses (over its limit, or a delay to wait). */
  onRefusal?: (name: string) => void;
}

export function createLimiterFactory(deps: LimiterFactoryDependencies): LimiterFactory {
  const limiters = createCountingLimiters(deps);
  const { onRefusal } = deps;
  if (!onRefusal) return limiters;
  return {
    attempts(name, limit) {
      const limiter = limiters.attempts(name, limit);
      return {
        ...limiter,
        async tryAttempt(key) {
          const admitted = await limiter.tryAttempt(key);
          if (!admitted) onRefusal(name);
          return admitted;
        },
      };
    },
    growingDelay(name, options) {
      const delay = limiters.growingDelay(name, options);
      return {
        ...delay,
        async tryBegin(key) {
          const waitMs = await delay.tryBegin(key);
          if (waitMs > 0) onRefusal(name);
          return waitMs;
        },
      };
    },
  };
}

/** The limiters themselves, in Redis or in memory. */
function createCountingLimiters(deps: LimiterFactoryDependencies): LimiterFactory {
  const { clock, redis } = deps;
  if (!redis) {
    return {
      attempts: (_name, limit) => createAttemptLimiter({ ...limit, clock }),
      growingDelay: (_name, options) => createGrowingDelay({ ...options, clock }),
    };
  }
  const prefix = `${deps.keyPrefix ?? 'wheelmeet'}:limit`;
  const now = () => String(clock.now().getTime());

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
  const run = async (script: string, key: string, args: (string | number)[]): Promise<number> =>
    Number(await command(() => redis.eval(script, { keys: [key], arguments: args.map(String) })));
  const forget = async (key: string) => {
    await command(() => redis.del(key));
  };

  /** Redis first; this process's memory while Redis is away. */
  function withFallback<T>(shared: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    return shared().catch((error: unknown) => {
      deps.onRedisError?.(error);
      return local();
    });
  }

  return {
    attempts(name, limit) {
      const local = createAttemptLimiter({ ...limit, clock });
      const keyOf = (key: string) => `${prefix}:${name}:${key}`;
      const window = [limit.windowMs, limit.maxAttempts] as const;
      return {
        tryAttempt: (key) =>
          withFallback(
            async () => (await run(TRY_ATTEMPT, keyOf(key), [now(), ...window, randomUUID()])) === 1,
            () => local.tryAttempt(key),
          ),
        isLimited: (key) =>
          withFallback(
            async () => (await run(COUNT, keyOf(key), [now(), limit.windowMs])) >= limit.maxAttempts,
            () => local.isLimited(key),
          ),
        record: (key) =>
          withFallback(
            async () => {
              await run(RECORD, keyOf(key), [now(), limit.windowMs, randomUUID()]);
            },
            () => local.record(key),
          ),
        release: (key) =>
          withFallback(
            async () => {
              await command(() => redis.zPopMax(keyOf(key)));
            },
            () => local.release(key),
          ),
        reset: (key) =>
          withFallback(
            () => forget(keyOf(key)),
            () => local.reset(key),
          ),
        retryAfterMs: (key) =>
          withFallback(
            () => run(RETRY_AFTER, keyOf(key), [now(), ...window]),
            () => local.retryAfterMs(key),
          ),
      };
    },

    growingDelay(name, options) {
      const local = createGrowingDelay({ ...options, clock });
      const keyOf = (key: string) => `${prefix}:${name}:${key}`;
      const args = () => [
        now(),
        options.freeFailures,
        options.baseDelayMs,
        options.maxDelayMs,
        options.forgetAfterMs,
      ];
      return {
        waitMs: (key) =>
          withFallback(
            () => run(DELAY_WAIT, keyOf(key), args()),
            () => local.waitMs(key),
          ),
        tryBegin: (key) =>
          withFallback(
            () => run(DELAY_TRY_BEGIN, keyOf(key), args()),
            () => local.tryBegin(key),
          ),
        fail: (key) =>
          withFallback(
            async () => {
              await run(DELAY_FAIL, keyOf(key), args());
            },
            () => local.fail(key),
          ),
        reset: (key) =>
          withFallback(
            () => forget(keyOf(key)),
            () => local.reset(key),
          ),
      };
    },
  };
}
