import type { ErrorCode, HubError, HubResult, RefusalReason } from '@wheelmeet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { isDatabaseUnavailable } from '../db/errors';
import { AppError, DATABASE_UNAVAILABLE } from '../lib/errors';

export const INTERNAL_ERROR = 'Something went wrong on our side. Please try again.';

/** A hub refusal; a refusal without a specific reason gives its code as the reason. */
export const hubError = (code: ErrorCode, message: string, reason: RefusalReason = code): HubError => ({
  error: { code, reason, message },
});

/**
 * Wraps a hub call: validates the payload with its contracts schema, runs the work and
 * acknowledges `{ data }` or `{ error: { code, reason, message } }`. Garbage never crashes the
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
      reply(hubError('validation_failed', `${where}${issue?.message ?? 'Invalid request'}`));
      return;
    }
    try {
      reply({ data: await work(parsed.data) });
    } catch (error) {
      if (error instanceof AppError) {
        reply(hubError(error.code, error.message, error.reason));
        return;
      }
      if (isDatabaseUnavailable(error)) {
        log.warn({ err: error }, 'hub call failed: the database is unavailable');
        reply(hubError('service_unavailable', DATABASE_UNAVAILABLE));
        return;
      }
      log.error({ err: error }, 'hub call failed');
      reply(hubError('internal_error', INTERNAL_ERROR));
    }
  };
}
