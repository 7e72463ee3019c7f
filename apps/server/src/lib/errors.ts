import {
  type ErrorCode,
  type FieldError,
  REFUSAL_REASON_CODES,
  type RefusalReason,
} from '@wheelmeet/contracts';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  validation_failed: 400,
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  plan_required: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  rate_limited: 429,
  service_unavailable: 503,
  internal_error: 500,
};

/**
 * An error meant for the caller: its code, reason and message reach the client as they are.
 * The reason is the code itself unless the error was made with `refusal` (a reason a client
 * acts on).
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;
  readonly reason: RefusalReason;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldError[],
    /** When the caller may try again (sent as Retry-After on 429 and 503). */
    readonly retryAfterMs?: number,
    reason?: RefusalReason,
  ) {
    super(message);
    this.statusCode = STATUS_BY_CODE[code];
    this.reason = reason ?? code;
  }
}

/** A refusal a client decides by: its code (and so its HTTP status) follows from the reason. */
export const refusal = (reason: RefusalReason, message: string, details?: FieldError[]) =>
  new AppError(REFUSAL_REASON_CODES[reason], message, details, undefined, reason);

/** A refusal to come back later: 429 with Retry-After. */
export const tooManyRequests = (message: string, retryAfterMs: number) =>
  new AppError('too_many_requests', message, undefined, retryAfterMs);

/** What anyone is told while the database is away: nothing is lost, try again shortly. */
export const DATABASE_UNAVAILABLE = 'The service is briefly unavailable. Please try again in a moment.';
/** How soon to try again after DATABASE_UNAVAILABLE (Retry-After). */
export const DATABASE_RETRY_AFTER_MS = 5_000;

export const notFound = (message: string) => new AppError('not_found', message);
export const conflict = (message: string) => new AppError('conflict', message);

/** Maps an HTTP status to the error code a client sees for it. */
export function errorCodeForStatus(status: number): ErrorCode {
  const match = (Object.entries(STATUS_BY_CODE) as [ErrorCode, number][]).find(
    ([code, codeStatus]) => codeStatus === status && code !== 'validation_failed',
  );
  if (match) return match[0];
  return status >= 500 ? 'internal_error' : 'bad_request';
}
