import { CALL_ENDING_WARNING_MS, CALL_MINUTES_DEFAULT, type CallTimerEvent } from '@wheelmeet/contracts';

/** How long a call lasts on a wheel: the organiser's choice or the standard (decision 014). */
export const callLengthMs = (callMinutes: number | null) => (callMinutes ?? CALL_MINUTES_DEFAULT) * 60_000;

/** The clock columns of a running call. */
export interface RunningCall {
  call_ends_at: string | null;
  call_extended: boolean;
  call_extension_requested_by: string | null;
}

/** What the server does with an ask to extend: record it, extend (the other had asked), or nothing new. */
export type ExtensionStep = 'record' | 'extend' | 'alreadyAsked' | 'alreadyExtended';

export function extensionStep(call: RunningCall, askedBy: string): ExtensionStep {
  if (call.call_extended) return 'alreadyExtended';
  if (call.call_extension_requested_by === null) return 'record';
  return call.call_extension_requested_by === askedBy ? 'alreadyAsked' : 'extend';
}

/** The call's end moved on by one length: the extension both agreed to. */
export const extendedEnd = (endsAt: string, lengthMs: number) =>
  new Date(Date.parse(endsAt) + lengthMs).toISOString();

/**
 * A running call's end once the organiser changes the call length: its first start plus the
 * new length (twice, if it was extended). A call shortened below what it has run still gets
 * the 30-second notice before it ends, and is never made longer by a shortening (decision 020).
 */
export function retimedEnd(
  call: { call_started_at: string; call_ends_at: string; call_extended: boolean },
  lengthMs: number,
  now: Date,
): string {
  const planned = Date.parse(call.call_started_at) + lengthMs * (call.call_extended ? 2 : 1);
  const soonest = Math.min(Date.parse(call.call_ends_at), now.getTime() + CALL_ENDING_WARNING_MS);
  return new Date(Math.max(planned, soonest)).toISOString();
}

export const isTimeUp = (call: Pick<RunningCall, 'call_ends_at'>, now: Date) =>
  call.call_ends_at !== null && Date.parse(call.call_ends_at) <= now.getTime();

export function callTimerOf(
  matchId: string,
  call: RunningCall & { call_started_at: string; call_ends_at: string },
  lengthMs: number,
  now: Date,
): CallTimerEvent {
  return {
    matchId,
    startedAt: call.call_started_at,
    endsAt: call.call_ends_at,
    serverTime: now.toISOString(),
    lengthSeconds: Math.round(lengthMs / 1_000),
    extended: call.call_extended,
    extensionRequestedBy: call.call_extension_requested_by,
  };
}
