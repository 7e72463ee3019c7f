import { z } from 'zod';
import {
  PARTICIPANT_AGE_MAX,
  PARTICIPANT_AGE_MIN,
  WHEEL_SLOT_COUNT_MAX,
  WHEEL_SLOT_COUNT_MIN,
  WHEEL_STATUSES,
} from '../constants';
import { ringRuleSchema } from '../matching';

export const wheelIdSchema = z.uuid();

export const wheelStatusSchema = z.enum(WHEEL_STATUSES);
export type WheelStatus = z.infer<typeof wheelStatusSchema>;

/** `multiselect` (issue 38): several of the options, stored as their comma-separated list, as `interests` is read. */
export const registrationFieldTypeSchema = z.enum([
  'text',
  'textarea',
  'number',
  'select',
  'multiselect',
  'checkbox',
]);
export type RegistrationFieldType = z.infer<typeof registrationFieldTypeSchema>;

/**
 * How big a wheel's registration form may be. Every visitor of the wheel downloads the form,
 * so it is bounded: 30 fields is more than any sign-up sheet needs, 50 options more than a
 * choice list can usefully show, and 100 characters fit any label, field name or option.
 */
export const REGISTRATION_FIELDS_MAX = 30;
export const REGISTRATION_OPTIONS_MAX = 50;
export const REGISTRATION_TEXT_MAX = 100;

const boundedText = (what: string, requiredMessage: string) =>
  z
    .string()
    .min(1, requiredMessage)
    .max(REGISTRATION_TEXT_MAX, `${what} can be at most ${REGISTRATION_TEXT_MAX} characters`);

export const registrationFieldSchema = z.object({
  id: boundedText('A field id', 'A field id is required'),
  name: boundedText('A field name', 'A field name is required'),
  label: boundedText('A label', 'Label is required'),
  type: registrationFieldTypeSchema,
  required: z.boolean(),
  options: z
    .array(
      z.string().max(REGISTRATION_TEXT_MAX, `An option can be at most ${REGISTRATION_TEXT_MAX} characters`),
    )
    .max(REGISTRATION_OPTIONS_MAX, `A choice list can have at most ${REGISTRATION_OPTIONS_MAX} options`)
    .optional(),
  enabled: z.boolean(),
});
export type RegistrationField = z.infer<typeof registrationFieldSchema>;

/** A wheel's registration form; when missing or not enabled the participant-side defaults apply. */
export const registrationConfigSchema = z
  .object({
    enabled: z.boolean(),
    fields: z
      .array(registrationFieldSchema)
      .max(REGISTRATION_FIELDS_MAX, `A registration form can have at most ${REGISTRATION_FIELDS_MAX} fields`),
  })
  .meta({ id: 'RegistrationConfig' });
export type RegistrationConfig = z.infer<typeof registrationConfigSchema>;

export const genderSchema = z.enum(['male', 'female', 'other']);

/** What other people see of a participant. */
export const participantSchema = z
  .object({
    id: z.uuid(),
    username: z.string().nullable(),
    age: z.number().int().min(PARTICIPANT_AGE_MIN).max(PARTICIPANT_AGE_MAX).nullable(),
    gender: genderSchema.nullable(),
    shortBio: z.string().nullable(),
    whoAmI: z.string().nullable(),
    interests: z.string().nullable(),
  })
  .meta({ id: 'Participant' });
export type Participant = z.infer<typeof participantSchema>;

export const slotSchema = z
  .object({
    id: z.uuid(),
    /** 0 to half-1 is the inner ring, half to slotCount-1 the outer ring. */
    position: z.number().int().nonnegative(),
    wheelId: z.uuid(),
    userId: z.uuid().nullable(),
    occupiedAt: z.iso.datetime().nullable(),
    user: participantSchema.nullable(),
  })
  .meta({ id: 'Slot' });
export type Slot = z.infer<typeof slotSchema>;

export const slotCountSchema = z.number().int().min(WHEEL_SLOT_COUNT_MIN).max(WHEEL_SLOT_COUNT_MAX);

/** One row of the public wheel list. */
export const publicWheelSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string(),
    slotCount: slotCountSchema,
    currentRound: z.number().int().nonnegative(),
    status: wheelStatusSchema,
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'PublicWheel' });
export type PublicWheel = z.infer<typeof publicWheelSchema>;

/** GET /api/wheels/public */
export const listPublicWheelsResponseSchema = z.array(publicWheelSchema);
export type ListPublicWheelsResponse = z.infer<typeof listPublicWheelsResponseSchema>;

/** A wheel behind an access code: only what the locked screen shows, never its code, slots or people. */
export const lockedWheelSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string(),
    slotCount: slotCountSchema,
    currentRound: z.number().int().nonnegative(),
    requiresAccessCode: z.literal(true),
  })
  .meta({ id: 'LockedWheel' });
export type LockedWheel = z.infer<typeof lockedWheelSchema>;

/** A wheel as a participant sees it once it is open to them. */
export const openWheelSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string(),
    slotCount: slotCountSchema,
    currentRound: z.number().int().nonnegative(),
    requiresAccessCode: z.literal(false),
    isPrivate: z.boolean(),
    lastSpinDate: z.iso.datetime().nullable(),
    expiresAt: z.iso.datetime().nullable(),
    price: z.number().nonnegative(),
    rules: z.string().nullable(),
    guidelines: z.string().nullable(),
    status: wheelStatusSchema,
    createdAt: z.iso.datetime(),
    businessUserId: z.uuid().nullable(),
    registrationFields: registrationConfigSchema.nullable(),
    slots: z.array(slotSchema),
    activeUsers: z.array(participantSchema),
    /** Seconds a round lasts on this wheel. */
    roundSeconds: z.number().int().positive(),
    /** When the server will spin next; null while it waits for people on both rings ('Wait') or is paused. */
    nextSpinAt: z.iso.datetime().nullable(),
    /** The organiser has paused the rounds: no countdown and no spin until they resume. */
    roundsPaused: z.boolean(),
    /** What the wheel calls its rings (issue 38); null: 'Inner ring' and 'Outer ring'. */
    innerRingLabel: z.string().nullable(),
    outerRingLabel: z.string().nullable(),
    /** Which registration answers sit on which ring; null: anyone sits anywhere. */
    ringRule: ringRuleSchema.nullable(),
    /** Issue 35: when the first round may spin; null: as soon as both rings have someone. */
    startsAt: z.iso.datetime().nullable(),
    /** How many rounds the event has; null: endless. */
    roundCount: z.number().int().positive().nullable(),
    /** When the event ended (its last round, or the organiser ended it): no seat can be taken since. */
    eventEndedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'OpenWheel' });
export type OpenWheel = z.infer<typeof openWheelSchema>;

/** GET /api/wheels/{id}: the open wheel, or the locked view when it needs an access code. */
export const getWheelResponseSchema = z.discriminatedUnion('requiresAccessCode', [
  openWheelSchema,
  lockedWheelSchema,
]);
export type GetWheelResponse = z.infer<typeof getWheelResponseSchema>;

export const wheelParamsSchema = z.object({ id: wheelIdSchema });
export type WheelParams = z.infer<typeof wheelParamsSchema>;

export const ACCESS_CODE_REQUIRED_MESSAGE = 'Please enter the access code.';
export const INVALID_ACCESS_CODE_MESSAGE = 'Invalid access code. Please try again.';

/** POST /api/wheels/{id}/access: the code is trimmed and must not be empty. */
export const unlockWheelRequestSchema = z.object({
  accessCode: z.string().trim().min(1, ACCESS_CODE_REQUIRED_MESSAGE).max(200),
});
export type UnlockWheelRequest = z.infer<typeof unlockWheelRequestSchema>;

/**
 * The open wheel and a grant that lets this browser into it: send the grant as the
 * `x-wheel-access` header to GET /api/wheels/{id}, and with JoinWheel on the hub.
 */
export const unlockWheelResponseSchema = z
  .object({ wheel: openWheelSchema, accessGrant: z.string() })
  .meta({ id: 'UnlockWheelResponse' });
export type UnlockWheelResponse = z.infer<typeof unlockWheelResponseSchema>;

/** The header that carries a wheel access grant on HTTP requests. */
export const WHEEL_ACCESS_HEADER = 'x-wheel-access';
