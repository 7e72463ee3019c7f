import type { ErrorBody, FieldError, RefusalReason } from '@wheelmeet/contracts';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from '../db/errors';
import { AppError, DATABASE_RETRY_AFTER_MS, DATABASE_UNAVAILABLE, errorCodeForStatus } from '../lib/errors';
import { PasswordHasherBusyError } from '../lib/passwords';

/** Seconds for a Retry-After header: whole, at least 1. */
export const retryAfterSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** A full password queue: a 429 like any "come back later", so no flood turns into a 503 (issue 36). */
export const passwordsBusy = (seconds: number) =>
  `Too many people are signing in or signing up right now. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;

/** Sends the error body; a refusal without a specific reason gives its code as the reason. */
export function sendError(
  reply: FastifyReply,
  status: number,
  { reason, ...body }: Omit<ErrorBody['error'], 'reason'> & { reason?: RefusalReason },
) {
  return reply
    .code(status)
    .type('application/json')
    .send({ error: { ...body, reason: reason ?? body.code } } satisfies ErrorBody);
}

const VALIDATION_MESSAGE = 'The request is not valid.';

const toFieldErrors = (issues: { path: PropertyKey[]; message: string }[]): FieldError[] =>
  issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));

/**
 * The one error model of the API: every failure becomes `{ error: { code, reason, message, details? } }`.
 * Client mistakes keep their message; anything unexpected is logged and answered with a
 * generic 500, so no stack trace or internal detail ever reaches a client.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterMs !== undefined)
        reply.header('retry-after', retryAfterSeconds(error.retryAfterMs));
      return sendError(reply, error.statusCode, {
        code: error.code,
        reason: error.reason,
        message: error.message,
        ...(error.details ? { details: error.details } : {}),
      });
    }
    if (error instanceof PasswordHasherBusyError) {
      const seconds = retryAfterSeconds(error.retryAfterMs);
      reply.header('retry-after', seconds);
      return sendError(reply, 429, { code: 'rate_limited', message: passwordsBusy(seconds) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        path: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
        message: issue.message ?? 'Invalid value',
      }));
      return sendError(reply, 400, {
        code: 'validation_failed',
        message: details[0]?.message ?? VALIDATION_MESSAGE,
        details,
      });
    }
    if (error instanceof ZodError) {
      const details = toFieldErrors(error.issues);
      return sendError(reply, 400, {
        code: 'validation_failed',
        message: details[0]?.message ?? VALIDATION_MESSAGE,
        details,
      });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'request failed: the database is unavailable');
      reply.header('retry-after', retryAfterSeconds(DATABASE_RETRY_AFTER_MS));
      return sendError(reply, 503, { code: 'service_unavailable', message: DATABASE_UNAVAILABLE });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, wrong content type…
      return sendError(reply, status, { code: errorCodeForStatus(status), message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, status === 503 ? 503 : 500, {
      code: status === 503 ? 'service_unavailable' : 'internal_error',
      message: 'Something went wrong on our side. Please try again.',
    });
  });
}
