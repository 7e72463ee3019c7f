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

/**
 * Why something was refused, for a program to decide by (never the English `message`). Every
 * refusal carries one: the specific reasons below where a client acts on them, else its `code`
 * read as a reason. Each reason belongs to one code, so HTTP status and hub code follow from it.
 */
export const REFUSAL_REASON_CODES = {
  ...(Object.fromEntries(ERROR_CODES.map((code) => [code, code])) as { [C in ErrorCode]: C }),
  /** A private wheel that this browser has not unlocked with its access code. */
  access_required: 'forbidden',
  /** The access code given is not the wheel's. */
  access_code_invalid: 'forbidden',
  /** The participant's own registration or token is needed first. */
  registration_required: 'unauthorized',
  /** The hub call needs JoinWheel for this wheel first. */
  join_wheel_first: 'forbidden',
  /** The seat is someone else's. */
  slot_taken: 'conflict',
  /** The person holds a seat on this wheel already. */
  already_seated: 'conflict',
  /** The wheel, or its plan, has room for nobody more. */
  wheel_full: 'conflict',
  /** Seats are locked while the wheel spins. */
  wheel_spinning: 'conflict',
  /** The wheel is not active (inactive, completed or expired). */
  wheel_closed: 'conflict',
  /** The organiser removed this person from the wheel (decision 016). */
  removed_from_wheel: 'forbidden',
  /** The match is someone else's. */
  not_your_match: 'forbidden',
  /** The match was closed by the server (a block, a removal, a new round). */
  match_closed: 'conflict',
  /** The match's answer window passed. */
  match_expired: 'conflict',
  /** One of the two declined the match. */
  match_declined: 'conflict',
  /** Both accepted the match already. */
  match_accepted: 'conflict',
  /** The call needs both accepts first. */
  call_not_ready: 'conflict',
  /** The call has not started (no answer went through yet). */
  call_not_running: 'conflict',
  /** Someone hung up: the match's call is over for both, for good. */
  call_ended: 'conflict',
  /** The call's time is up. */
  call_time_up: 'conflict',
  /** The call was extended once already. */
  call_extended_already: 'conflict',
  /** The wheel's ring rule keeps this person on the other ring (issue 38). */
  wrong_ring: 'forbidden',
  /** Staying needs a seat (or a call after which to sit again) first. */
  not_seated: 'conflict',
  /** The event is over (issue 35): its last round ran, or the organiser ended it. */
  event_ended: 'conflict',
} as const satisfies Record<string, ErrorCode>;
export type RefusalReason = keyof typeof REFUSAL_REASON_CODES;
export const REFUSAL_REASONS = Object.keys(REFUSAL_REASON_CODES) as [RefusalReason, ...RefusalReason[]];
export const refusalReasonSchema = z.enum(REFUSAL_REASONS);

export const fieldErrorSchema = z.object({
  /** Dotted path to the offending field, e.g. `fields.age`; empty for the whole payload. */
  path: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** The one error body of every `/api` failure: `{ "error": { "code", "reason", "message", "details"? } }`. */
export const errorBodySchema = z
  .object({
    error: z.object({
      code: errorCodeSchema,
      reason: refusalReasonSchema,
      message: z.string(),
      details: z.array(fieldErrorSchema).optional(),
    }),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof errorBodySchema>;
