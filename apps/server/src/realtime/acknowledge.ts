import type { HubResult } from '@wheelmeet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { isDatabaseUnavailable } from '../db/errors';
import { AppError, DATABASE_UNAVAILABLE } from '../lib/errors';

/**
 * Wraps a hub call: validates the payload with its contracts schema, runs the work and
 * acknowledges `{ data }` or `{ error: { code, message } }`. Garbage never crashes the
 * server, and an unexpected failure is logged and answered with a generic message.
 */
export function acknowledged<Input, Output>(
  schema: z.ZodType<Input>,
  log: FastifyBaseLogger,
  work: (input: Input) => Promise<Output>,
) {
  return async (payload: unknown, ack: unknown): Promise<void> => {
    const reply = (result: HubResult<Output>) => {
      if (typeof ack === 'function') ack(result);
    };
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
      reply({
        error: { code: 'validation_failed', message: `${where}${issue?.message ?? 'Invalid request'}` },
      });
      return;
    }
    try {
      reply({ data: await work(parsed.data) });
    } catch (error) {
      if (error instanceof AppError) {
        reply({ error: { code: error.code, message: error.message } });
        return;
      }
      if (isDatabaseUnavailable(error)) {
        log.warn({ err: error }, 'hub call failed: the database is unavailable');
        reply({ error: { code: 'service_unavailable', message: DATABASE_UNAVAILABLE } });
        return;
      }
      log.error({ err: error }, 'hub call failed');
      reply({
        error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' },
      });
    }
  };
}
