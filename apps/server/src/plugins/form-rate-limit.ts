import rateLimit, {
  type FastifyRateLimitOptions,
  type FastifyRateLimitStore,
  type RateLimitOptions,
} from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type { AttemptLimiter } from '../lib/attempt-limiter';
import { tooManyRequests } from '../lib/errors';
import type { LimiterFactory } from '../lib/redis-limiters';

/**
 * Public forms that create accounts or records (organiser sign-up, demo requests, participant
 * registration, payment intents) are limited per client address: each organiser sign-up
 * hashes a password with scrypt (128 MiB), so an unthrottled form would let anyone exhaust the
 * server's memory. A route takes its limit with `onRequest: app.rateLimit(publicFormLimit(…))`
 * (@fastify/rate-limit); the counting is the LimiterFactory's, in Redis when it is configured,
 * so N processes still allow each address the limit once, not N times. `groupId` names the
 * limit: its keys in Redis and its refusals in the metrics.
 */
export const publicFormLimit = (name: string, maxAttempts: number): RateLimitOptions => ({
  groupId: name,
  max: maxAttempts,
  timeWindow: 10 * 60_000,
});
export const participantRegistrationLimit = (name: string, maxAttempts: number): RateLimitOptions => ({
  groupId: name,
  max: maxAttempts,
  timeWindow: 60_000,
});

const inWords = (ms: number) => {
  const seconds = Math.max(1, Math.ceil(ms / 1_000));
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
};

/** The limit a route asked for, as @fastify/rate-limit hands it to its store. */
interface RouteLimit {
  groupId?: string;
  max: number;
  timeWindow: number;
}

/** One request counted against its route's limit, as @fastify/rate-limit reads a count. */
async function countRequest(limit: AttemptLimiter, key: string, max: number) {
  if (await limit.tryAttempt(key)) return { current: 1, ttl: 0 };
  return { current: max + 1, ttl: await limit.retryAfterMs(key) };
}

/** A @fastify/rate-limit store that counts with the LimiterFactory: one attempt per request. */
function storeOf(limiters: LimiterFactory) {
  return class LimiterFactoryStore implements FastifyRateLimitStore {
    readonly #limit: AttemptLimiter | undefined;

    constructor(_options: FastifyRateLimitOptions, limit?: RouteLimit) {
      if (!limit) return;
      if (!limit.groupId) throw new Error('A form limit needs a groupId: its name');
      this.#limit = limiters.attempts(limit.groupId, { maxAttempts: limit.max, windowMs: limit.timeWindow });
    }

    child(routeOptions: unknown) {
      return new LimiterFactoryStore({}, routeOptions as RouteLimit);
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      _timeWindow: number,
      max: number,
    ) {
      if (!this.#limit) return callback(new Error('A form limit counts only on a route that asked for one'));
      countRequest(this.#limit, key, max).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }
  };
}

/**
 * @fastify/rate-limit, on the routes that ask for it only: keyed by the client's address as
 * Fastify reads it (TRUST_PROXY), refusing in the error model with a message in words and
 * Retry-After (set by the error handler, as for every 429) and no other rate-limit headers.
 * Modules with form routes name it among their dependencies.
 */
export const formRateLimit = fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      store: storeOf(app.limiters),
      keyGenerator: (request) => request.ip,
      addHeaders: {
        'x-ratelimit-limit': false,
        'x-ratelimit-remaining': false,
        'x-ratelimit-reset': false,
        'retry-after': false,
      },
      addHeadersOnExceeding: {
        'x-ratelimit-limit': false,
        'x-ratelimit-remaining': false,
        'x-ratelimit-reset': false,
      },
      errorResponseBuilder: (_request, { ttl }) =>
        tooManyRequests(`Too many requests. Please try again in ${inWords(ttl)}.`, ttl),
    });
  },
  { name: 'form-rate-limit', dependencies: ['infrastructure'] },
);
