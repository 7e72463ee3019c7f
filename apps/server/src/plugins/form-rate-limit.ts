import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';

/**
 * Public forms that create accounts or records (organiser sign-up, demo requests, participant
 * registration) are limited per client address: each organiser sign-up hashes a password
 * with scrypt (128 MiB), so an unthrottled form would let anyone exhaust the server's memory.
 * Routes opt in with `config: { rateLimit: … }`. Kept per process.
 */
export const publicFormRateLimit = (max: number) => ({ max, timeWindow: '10 minutes' });
export const participantRegistrationRateLimit = (max: number) => ({ max, timeWindow: '1 minute' });

export async function registerFormRateLimit(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError('too_many_requests', `Too many requests. Please try again in ${context.after}.`),
  });
}
