import type { onRequestHookHandler } from 'fastify';
import type { AttemptLimit, AttemptLimiter } from '../lib/attempt-limiter';
import { tooManyRequests } from '../lib/errors';

/**
 * Public forms that create accounts or records (organiser sign-up, demo requests, participant
 * registration, payment intents) are limited per client address: each organiser sign-up
 * hashes a password with scrypt (128 MiB), so an unthrottled form would let anyone exhaust the
 * server's memory. The limiters count in Redis when it is configured, so N processes still
 * allow each address the limit once, not N times.
 */
export const publicFormLimit = (maxAttempts: number): AttemptLimit => ({
  maxAttempts,
  windowMs: 10 * 60_000,
});
export const participantRegistrationLimit = (maxAttempts: number): AttemptLimit => ({
  maxAttempts,
  windowMs: 60_000,
});

const inWords = (ms: number) => {
  const seconds = Math.max(1, Math.ceil(ms / 1_000));
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
};

/** A route's onRequest hook: one attempt per request from the client's address, 429 with Retry-After beyond. */
export function limitPerAddress(limiter: AttemptLimiter): onRequestHookHandler {
  return async (request) => {
    if (await limiter.tryAttempt(request.ip)) return;
    const waitMs = await limiter.retryAfterMs(request.ip);
    throw tooManyRequests(`Too many requests. Please try again in ${inWords(waitMs)}.`, waitMs);
  };
}
