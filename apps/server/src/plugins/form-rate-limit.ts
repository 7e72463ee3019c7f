import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';

/**
 * Public forms that create accounts or records (organiser sign-up, demo requests, participant
 * registration) are limited per client address: each organiser sign-up hashes a password
 * with scrypt (128 MiB), so an unthrottled form would let anyone exhaust the server's memory.
 * Routes opt in with `config: { rateLimit: FORM_RATE_LIMIT }`. Kept per process.
 */
export const FORM_RATE_LIMIT = { max: 10, timeWindow: '10 minutes' } as const;
export const REGISTRATION_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

export async function registerFormRateLimit(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError('too_many_requests', `Too many requests. Please try again in ${context.after}.`),
  });
}
