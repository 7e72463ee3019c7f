import { z } from 'zod';

/** Machine-readable error codes the API and the hub answer with. */
export const ERROR_CODES = [
  'validation_failed',
  'bad_request',
  'unauthorized',
  'forbidden',
  /** The account's plan does not include this (the public API: Professional and Enterprise). */
  'plan_required',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'too_many_requests',
  /** The hub refused a connection or a call for coming too fast (see the hub's limits). */
  'rate_limited',
  'service_unavailable',
  'internal_error',
] as const;
export const errorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const fieldErrorSchema = z.object({
  /** Dotted path to the offending field, e.g. `fields.age`; empty for the whole payload. */
  path: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** The one error body of every `/api` failure: `{ "error": { "code", "message", "details"? } }`. */
export const errorBodySchema = z
  .object({
    error: z.object({
      code: errorCodeSchema,
      message: z.string(),
      details: z.array(fieldErrorSchema).optional(),
    }),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof errorBodySchema>;
