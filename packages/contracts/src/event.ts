import { z } from 'zod';
import { ROUND_RESET_MS, SPIN_ANIMATION_MS } from './constants';
import { participantSchema, wheelIdSchema } from './http/wheels';
import { pushSeqSchema } from './wheel-sync';

/*
 * Issue 35: a wheel as an event with a beginning and an end. A wheel may start at `startsAt`
 * and end after `roundCount` rounds; its host speaks to everyone with announcements, and each
 * round may carry an icebreaker prompt.
 */

export const ROUND_COUNT_MIN = 1;
export const ROUND_COUNT_MAX = 100;
export const PROMPTS_MAX = 50;
export const PROMPT_MAX_LENGTH = 200;
export const ANNOUNCEMENT_MAX_LENGTH = 280;
/** At most one announcement per wheel this often, so a host cannot flood the room. */
export const ANNOUNCEMENT_INTERVAL_MS = 10_000;
/** A round's spin is signalled this long before it comes. */
export const SPIN_WARNING_MS = 10_000;

export const EVENT_ENDED_MESSAGE = 'This event has ended. Thank you for taking part.';
export const EVENT_NOT_STARTED_MESSAGE = 'The event has not started yet.';
export const ANNOUNCEMENT_TOO_SOON_MESSAGE = 'One announcement every 10 seconds: please wait a moment.';

/** Where an event stands. A wheel with no start and no round count is always 'running'. */
export type EventPhase = 'before' | 'running' | 'ended';

export interface EventTimes {
  startsAt: string | null;
  eventEndedAt: string | null;
}

export function eventPhaseOf(event: EventTimes, now: Date): EventPhase {
  if (event.eventEndedAt) return 'ended';
  if (event.startsAt && Date.parse(event.startsAt) > now.getTime()) return 'before';
  return 'running';
}

/** The prompt of a round: the list in turn, round 1 the first; null for a wheel without prompts. */
export function promptForRound(prompts: readonly string[], round: number): string | null {
  if (prompts.length === 0) return null;
  return prompts[(round - 1) % prompts.length] ?? null;
}

/**
 * When an event of `roundCount` rounds is likely to end: each round is its countdown, the spin
 * and the pause before the next countdown (calls run beside the next countdown), and the last
 * round's call comes after. Null for an endless wheel or one without a start.
 */
export function estimatedEventEnd(
  startsAt: string | null,
  roundCount: number | null,
  round: { roundSeconds: number; callMinutes: number },
): string | null {
  if (!startsAt || !roundCount) return null;
  const roundMs = round.roundSeconds * 1000 + SPIN_ANIMATION_MS + ROUND_RESET_MS;
  return new Date(Date.parse(startsAt) + roundCount * roundMs + round.callMinutes * 60_000).toISOString();
}

export const announcementSchema = z
  .object({ message: z.string(), sentAt: z.iso.datetime() })
  .meta({ id: 'Announcement' });
export type Announcement = z.infer<typeof announcementSchema>;

/** POST /api/admin/wheels/{id}/announcements (owner or admin). */
export const announcementRequestSchema = z.object({
  message: z
    .string()
    .trim()
    .min(1, 'Write the announcement first')
    .max(ANNOUNCEMENT_MAX_LENGTH, `An announcement can be at most ${ANNOUNCEMENT_MAX_LENGTH} characters`),
});
export type AnnouncementRequest = z.infer<typeof announcementRequestSchema>;

/** Pushed to everyone on the wheel, people in a call included. */
export const announcementEventSchema = announcementSchema.extend({
  wheelId: wheelIdSchema,
  seq: pushSeqSchema.optional(),
});
export type AnnouncementEvent = z.infer<typeof announcementEventSchema>;

/** Pushed to everyone on the wheel once its last round is over or the organiser ended it. */
export const eventEndedEventSchema = z.object({ wheelId: wheelIdSchema, seq: pushSeqSchema.optional() });
export type EventEndedEvent = z.infer<typeof eventEndedEventSchema>;

/** Form fields of a wheel's schedule and prompts (the wheel's create and update bodies). */
export const eventFields = {
  /** When the first round may spin; null: as soon as both rings have someone. */
  startsAt: z.iso
    .datetime({ offset: true, message: 'Enter the start as a date and time' })
    .nullish()
    .transform((value) => (value ? new Date(value).toISOString() : null)),
  /** How many rounds the event has; null: endless. */
  roundCount: z
    .number()
    .int()
    .min(ROUND_COUNT_MIN, `An event has at least ${ROUND_COUNT_MIN} round`)
    .max(ROUND_COUNT_MAX, `An event has at most ${ROUND_COUNT_MAX} rounds`)
    .nullish()
    .transform((value) => value ?? null),
  /** Icebreaker prompts, one per round in turn; blank lines are dropped. */
  prompts: z
    .array(
      z.string().trim().max(PROMPT_MAX_LENGTH, `A prompt can be at most ${PROMPT_MAX_LENGTH} characters`),
    )
    .nullish()
    .transform((prompts) => (prompts ?? []).filter((prompt) => prompt !== ''))
    .pipe(z.array(z.string()).max(PROMPTS_MAX, `A wheel can have at most ${PROMPTS_MAX} prompts`)),
};

/** GET /api/admin/wheels/{id}/live: the live console's figures (owner or admin). */
export const wheelLiveSchema = z
  .object({
    wheelId: z.uuid(),
    phase: z.enum(['before', 'running', 'ended']),
    startsAt: z.iso.datetime().nullable(),
    eventEndedAt: z.iso.datetime().nullable(),
    currentRound: z.number().int().nonnegative(),
    roundCount: z.number().int().nullable(),
    nextSpinAt: z.iso.datetime().nullable(),
    roundsPaused: z.boolean(),
    /** The wheel's rings turn or rest on their matches right now. */
    spinning: z.boolean(),
    seated: z.number().int(),
    /** People in a call that runs now (two per call). */
    inCalls: z.number().int(),
    /** Matches of any round still waiting for an answer. */
    awaitingAnswer: z.number().int(),
    /** Who sat without a partner in the last round. */
    satOutLastRound: z.array(participantSchema),
    announcement: announcementSchema.nullable(),
    /** The server's clock, so the console's countdown agrees with it. */
    serverTime: z.iso.datetime(),
  })
  .meta({ id: 'WheelLive' });
export type WheelLive = z.infer<typeof wheelLiveSchema>;
