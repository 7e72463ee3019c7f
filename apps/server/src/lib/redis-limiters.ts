import { RateLimiterRedis, RLWrapperTimeouts } from 'rate-limiter-flexible';
import {
  type AttemptLimit,
  type AttemptLimiter,
  AttemptsInMemory,
  countAttempts,
  createAttemptLimiter,
  storeSecondsFor,
} from './attempt-limiter';
import type { Clock } from './clock';
import {
  createGrowingDelay,
  createRedisGrowingDelay,
  type DelayConnection,
  type GrowingDelay,
  type GrowingDelayOptions,
} from './growing-delay';

/** The little of a node-redis client the limiters use (rate-limiter-flexible reads with MULTI). */
export interface RedisConnection extends DelayConnection {
  multi(): unknown;
}

/** A limiter command that takes longer than this counts as Redis being away. */
const REDIS_COMMAND_TIMEOUT_MS = 250;

// In place of rate-limiter-flexible's own script (customIncrTtlLuaScript), the same answer
// (count, ms to expiry) but an attempt over the limit is not counted: its script counts it and
// leaves the refusal to the caller. So a key's count is what it let through, and `release`
// gives back a real place however many refused attempts raced it; nothing counts below zero
// (Redis 6+ for KEEPTTL). ARGV: points to add, seconds to keep, the limit.
const COUNT_ADMITTED_ONLY = `
redis.call('set', KEYS[1], 0, 'EX', ARGV[2], 'NX')
local points = tonumber(ARGV[1])
local consumed = math.max(0, tonumber(redis.call('get', KEYS[1])) + points)
if points < 0 or consumed <= tonumber(ARGV[3]) then
  redis.call('set', KEYS[1], consumed, 'KEEPTTL')
end
return {consumed, redis.call('pttl', KEYS[1])}`;

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

/**
 * The memory that stands in while Redis is away (rate-limiter-flexible asks its insurance
 * limiter only then), telling `onRedisError` each time it does.
 */
function standInWhileRedisIsAway(onRedisError: ((error: unknown) => void) | undefined) {
  if (!onRedisError) return AttemptsInMemory;
  const away = new Error('Redis failed a limiter command or did not answer in time');
  return class extends AttemptsInMemory {
    override consume(...args: Parameters<AttemptsInMemory['consume']>) {
      onRedisError(away);
      return super.consume(...args);
    }
    override reward(...args: Parameters<AttemptsInMemory['reward']>) {
      onRedisError(away);
      return super.reward(...args);
    }
    override get(...args: Parameters<AttemptsInMemory['get']>) {
      onRedisError(away);
      return super.get(...args);
    }
    override delete(...args: Parameters<AttemptsInMemory['delete']>) {
      onRedisError(away);
      return super.delete(...args);
    }
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
  const StandIn = standInWhileRedisIsAway(deps.onRedisError);

  return {
    attempts(name, limit) {
      const store = { points: limit.maxAttempts, duration: storeSecondsFor(limit) };
      const shared = new RateLimiterRedis({
        ...store,
        storeClient: redis,
        useRedisPackage: true,
        rejectIfRedisNotReady: true,
        customIncrTtlLuaScript: COUNT_ADMITTED_ONLY,
        keyPrefix: `${prefix}:${name}`,
      });
      const counter = new RLWrapperTimeouts({
        limiter: shared,
        timeoutMs: REDIS_COMMAND_TIMEOUT_MS,
        insuranceLimiter: new StandIn(store),
      });
      return countAttempts(counter, limit, clock);
    },
    growingDelay: (name, options) =>
      createRedisGrowingDelay({
        ...options,
        clock,
        redis,
        keyPrefix: `${prefix}:${name}`,
        onRedisError: deps.onRedisError,
      }),
  };
}
