import { z } from 'zod';
import {
  CALL_MINUTES_MAX,
  CALL_MINUTES_MIN,
  PASSWORD_MIN_LENGTH,
  WHEEL_SLOT_COUNT_DEFAULT,
  WHEEL_SLOT_COUNT_MAX,
  WHEEL_SLOT_COUNT_MIN,
} from '../constants';
import { eventFields } from '../event';
import { RING_LABEL_MAX, type RingRule, ringRuleOverlap, ringRuleSchema } from '../matching';
import { effectiveRegistrationFields } from '../registration';
import { CONTACT_FIELDS, contactFieldSchema } from './connections';
import { isSmtpPort, SMTP_PORT_MESSAGE } from './email';
import {
  participantSchema,
  type RegistrationConfig,
  registrationConfigSchema,
  wheelStatusSchema,
} from './wheels';

// ---- sign-in -----------------------------------------------------------------------------------

export const userTypeSchema = z.enum(['Admin', 'BusinessUser']);
export type UserType = z.infer<typeof userTypeSchema>;

export const INVALID_LOGIN_MESSAGE = 'Invalid username or password';

/** Room for a device token (base64url of 32 bytes is 43 characters) and nothing much longer. */
export const DEVICE_TOKEN_MAX_LENGTH = 128;

/** POST /api/admin/login: an admin signs in with their username, a business user with their email. */
export const loginRequestSchema = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(254),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1_000),
  /**
   * The device token an earlier sign-in to this account gave this browser: with it, a burst of
   * strangers' guesses neither delays nor queues this sign-in (issue 36). Unknown ones are ignored.
   */
  deviceToken: z.string().max(DEVICE_TOKEN_MAX_LENGTH).optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const adminUserSchema = z
  .object({
    id: z.uuid(),
    username: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    isSuperAdmin: z.boolean(),
    isActive: z.boolean(),
    lastLoginAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUserSchema>;

/** Who is signed in, as the admin area's header and sidebar need it. */
export const profileSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  isSuperAdmin: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

export const loginResponseSchema = z
  .object({
    token: z.string(),
    userType: userTypeSchema,
    /** When the token stops working. */
    expiresAt: z.iso.datetime(),
    profile: profileSchema,
    admin: adminUserSchema.optional(),
    businessUser: z.object({ id: z.uuid(), companyName: z.string(), planId: z.string() }).optional(),
    /**
     * This browser's device token for the account: keep it (also after signing out) and send
     * it with the next sign-in to this account. The same one comes back when it was sent.
     */
    deviceToken: z.string().min(1).max(DEVICE_TOKEN_MAX_LENGTH),
  })
  .meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** GET /api/admin/profile */
export const profileResponseSchema = z.object({ profile: profileSchema, userType: userTypeSchema });
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

// ---- admins (super admin only) -----------------------------------------------------------------

const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max);
const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254)
  .pipe(z.email('Please enter a valid email address'));
const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`)
  .max(1_000);

export const createAdminRequestSchema = z.object({
  username: requiredText('Username is required', 64),
  email: emailField,
  firstName: requiredText('First name is required'),
  lastName: requiredText('Last name is required'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').pipe(newPassword),
  isSuperAdmin: z.boolean().default(false),
});
export type CreateAdminRequest = z.input<typeof createAdminRequestSchema>;

/** On edit a blank password keeps the current one. */
export const updateAdminRequestSchema = createAdminRequestSchema.omit({ password: true }).extend({
  password: z.union([z.literal(''), newPassword]).optional(),
  isActive: z.boolean(),
});
export type UpdateAdminRequest = z.input<typeof updateAdminRequestSchema>;

// ---- wheels ------------------------------------------------------------------------------------

const optionalText = (max: number, message?: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => (value ? value : null));

const money = z
  .number({ error: 'Price must be a number' })
  .min(0, 'Price cannot be negative')
  .max(1_000_000)
  .refine(
    (value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6,
    'Price can have at most two decimals',
  );

/** A day; stored as midnight UTC of that day (spec: expiry sent as midnight UTC). */
const expiryDate = z
  .union([z.iso.date(), z.iso.datetime()])
  .nullish()
  .transform((value) => (value ? `${value.slice(0, 10)}T00:00:00.000Z` : null));

// An access code guards a private wheel. Guessing is slowed on the server (per address and
// per wheel); these rules keep the space to guess from being tiny. A code of 8 characters
// with 4 different ones leaves billions of candidates; a code of digits alone has only 10
// per place, so it needs 10 of them (10^10). The admin form offers a generated 10-character
// code.
export const ACCESS_CODE_MIN_LENGTH = 8;
export const ACCESS_CODE_MAX_LENGTH = 100;
export const ACCESS_CODE_DIGITS_ONLY_MIN_LENGTH = 10;
export const ACCESS_CODE_MIN_DISTINCT_CHARACTERS = 4;
/** Letters, digits, '-' and '_': easy to type on the locked screen and to read out. */
const ACCESS_CODE_CHARACTERS = /^[A-Za-z0-9_-]+$/;
const ACCESS_CODE_SEPARATORS = /[-_]/g;

export const ACCESS_CODE_MESSAGES = {
  tooShort: `An access code needs at least ${ACCESS_CODE_MIN_LENGTH} characters`,
  tooLong: `An access code can be at most ${ACCESS_CODE_MAX_LENGTH} characters`,
  characters: 'An access code can use only letters, digits, - and _',
  digitsOnly: `An access code of digits only needs at least ${ACCESS_CODE_DIGITS_ONLY_MIN_LENGTH} digits`,
  repetitive: `An access code needs at least ${ACCESS_CODE_MIN_DISTINCT_CHARACTERS} different characters`,
} as const;

/** The rule in one sentence, for the form's hint. */
export const ACCESS_CODE_RULE = `At least ${ACCESS_CODE_MIN_LENGTH} letters, digits, - or _ with at least ${ACCESS_CODE_MIN_DISTINCT_CHARACTERS} different characters (${ACCESS_CODE_DIGITS_ONLY_MIN_LENGTH} if only digits).`;

/**
 * Why a new access code is too easy to guess, or undefined when it is strong enough. Applies
 * to codes given on create and update only; wheels keep whatever code they already have.
 */
export function accessCodeProblem(code: string): string | undefined {
  if (code.length < ACCESS_CODE_MIN_LENGTH) return ACCESS_CODE_MESSAGES.tooShort;
  if (code.length > ACCESS_CODE_MAX_LENGTH) return ACCESS_CODE_MESSAGES.tooLong;
  if (!ACCESS_CODE_CHARACTERS.test(code)) return ACCESS_CODE_MESSAGES.characters;
  const significant = code.replace(ACCESS_CODE_SEPARATORS, '').toLowerCase();
  if (/^\d+$/.test(significant) && significant.length < ACCESS_CODE_DIGITS_ONLY_MIN_LENGTH)
    return ACCESS_CODE_MESSAGES.digitsOnly;
  if (new Set(significant).size < ACCESS_CODE_MIN_DISTINCT_CHARACTERS) return ACCESS_CODE_MESSAGES.repetitive;
  return undefined;
}

/** Blank means no code; anything else must pass `accessCodeProblem`. */
const accessCodeField = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? value : null))
  .superRefine((value, context) => {
    const problem = value === null ? undefined : accessCodeProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

export const REGISTRATION_FIELDS_NOT_JSON =
  'Registration fields must be a registration configuration, or one serialized as JSON text; this text is not valid JSON.';
export const REGISTRATION_FIELDS_JSON_INVALID =
  'The registration configuration in this JSON text is not valid';

/**
 * A wheel's registration form: a configuration, or (as the spec's admin client sends it) the
 * same serialized as JSON text; either is stored the same. Text that is not JSON, or JSON that
 * is not a configuration, is refused at `registrationFields` itself, saying what is wrong
 * inside it: a path into text is no field a form could point at.
 */
const registrationFieldsField = z
  .preprocess((value: RegistrationConfig | string | null | undefined, context) => {
    if (typeof value !== 'string') return value;
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      context.addIssue({ code: 'custom', message: REGISTRATION_FIELDS_NOT_JSON });
      return z.NEVER;
    }
    const config = registrationConfigSchema.nullable().safeParse(parsed);
    if (config.success) return config.data;
    for (const issue of config.error.issues) {
      const where = issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
      context.addIssue({
        code: 'custom',
        message: `${REGISTRATION_FIELDS_JSON_INVALID}${where}: ${issue.message}`,
      });
    }
    return z.NEVER;
  }, registrationConfigSchema.nullish())
  .transform((value) => value ?? null)
  .meta({
    description:
      'The registration configuration, or the same serialized as a JSON string (as the spec’s admin client sends it).',
  });

const wheelFields = {
  name: requiredText('Name is required'),
  description: requiredText('Description is required', 2_000),
  isPrivate: z.boolean().default(false),
  accessCode: accessCodeField,
  expiresAt: expiryDate,
  price: money.default(0),
  rules: optionalText(5_000),
  guidelines: optionalText(5_000),
  status: wheelStatusSchema.default('Active'),
  registrationFields: registrationFieldsField,
  /** Round length for this wheel; null: the server's default. */
  roundSeconds: z
    .number()
    .int()
    .min(10, 'A round lasts at least 10 seconds')
    .max(3_600)
    .nullish()
    .transform((value) => value ?? null),
  /** How long a call lasts; null: CALL_MINUTES_DEFAULT. */
  callMinutes: z
    .number()
    .int()
    .min(CALL_MINUTES_MIN, `A call lasts at least ${CALL_MINUTES_MIN} minute`)
    .max(CALL_MINUTES_MAX, `A call lasts at most ${CALL_MINUTES_MAX} minutes`)
    .nullish()
    .transform((value) => value ?? null),
  /** How long people have to answer a match after the reveal; null: MATCH_ANSWER_WINDOW_MS (30 s). */
  answerSeconds: z
    .number()
    .int()
    .min(10, 'People need at least 10 seconds to answer')
    .max(300, 'An answer window is at most 300 seconds')
    .nullish()
    .transform((value) => value ?? null),
  /**
   * The contact details people may share after a call (decision 015); null: all of them. Every
   * field chosen is the same as null, so a field added later is offered too.
   */
  contactFields: z
    .array(contactFieldSchema)
    .min(1, 'Choose at least one contact detail people may share')
    .nullish()
    .transform((value) => (!value || CONTACT_FIELDS.every((field) => value.includes(field)) ? null : value)),
  /** What the wheel calls its rings (issue 38): 'Mentors' and 'Mentees'; empty: the standard names. */
  innerRingLabel: optionalText(RING_LABEL_MAX, `A ring's name can be at most ${RING_LABEL_MAX} characters`),
  outerRingLabel: optionalText(RING_LABEL_MAX, `A ring's name can be at most ${RING_LABEL_MAX} characters`),
  /** Which answers sit on which ring; a rule that lists no answer is no rule. */
  ringRule: ringRuleSchema
    .nullish()
    .transform((rule) => (rule && rule.inner.length + rule.outer.length > 0 ? rule : null)),
  ...eventFields,
};

export const RING_RULE_FIELD_MISSING = 'The ring rule reads a field the registration form does not ask';
export const ringRuleOverlapMessage = (values: string[]) =>
  `An answer cannot place people on both rings: ${values.join(', ')}`;

/** A ring rule must read a field the form asks, and send each answer to one ring only. */
function checkRingRule(
  wheel: { ringRule: RingRule | null; registrationFields: RegistrationConfig | null },
  context: z.RefinementCtx,
) {
  const { ringRule } = wheel;
  if (!ringRule) return;
  if (!effectiveRegistrationFields(wheel.registrationFields).some((field) => field.name === ringRule.field)) {
    context.addIssue({ code: 'custom', message: RING_RULE_FIELD_MISSING, path: ['ringRule', 'field'] });
  }
  const overlap = ringRuleOverlap(ringRule);
  if (overlap.length > 0) {
    context.addIssue({ code: 'custom', message: ringRuleOverlapMessage(overlap), path: ['ringRule'] });
  }
}

const privateNeedsCode = (wheel: { isPrivate: boolean; accessCode: string | null }) =>
  !wheel.isPrivate || wheel.accessCode !== null;
const PRIVATE_NEEDS_CODE = { message: 'A private wheel needs an access code', path: ['accessCode'] };

export const SLOT_COUNT_MESSAGE = `Slot count must be an even number from ${WHEEL_SLOT_COUNT_MIN} to ${WHEEL_SLOT_COUNT_MAX} (each ring holds half)`;

export const createWheelRequestSchema = z
  .object({
    ...wheelFields,
    slotCount: z
      .number({ error: SLOT_COUNT_MESSAGE })
      .int(SLOT_COUNT_MESSAGE)
      .min(WHEEL_SLOT_COUNT_MIN, SLOT_COUNT_MESSAGE)
      .max(WHEEL_SLOT_COUNT_MAX, SLOT_COUNT_MESSAGE)
      .refine((count) => count % 2 === 0, SLOT_COUNT_MESSAGE)
      .default(WHEEL_SLOT_COUNT_DEFAULT),
    /** Admins may create a wheel for a business user; a business user's wheels are always their own. */
    businessUserId: z
      .uuid()
      .nullish()
      .transform((value) => value ?? null),
  })
  .refine(privateNeedsCode, PRIVATE_NEEDS_CODE)
  .superRefine(checkRingRule);
/**
 * What our own clients send, the registration form as an object. The server also takes it as
 * JSON text, the spec's way (`registrationFieldsField`); that stays out of these types so code
 * reading a request body never has to tell the two apart.
 */
type WithFormAsObject<Request> = Omit<Request, 'registrationFields'> & {
  registrationFields?: RegistrationConfig | null;
};
export type CreateWheelRequest = WithFormAsObject<z.input<typeof createWheelRequestSchema>>;
export type CreateWheelInput = z.output<typeof createWheelRequestSchema>;

/** The slot count is fixed once a wheel exists. */
export const updateWheelRequestSchema = z
  .object(wheelFields)
  .refine(privateNeedsCode, PRIVATE_NEEDS_CODE)
  .superRefine(checkRingRule);
export type UpdateWheelRequest = WithFormAsObject<z.input<typeof updateWheelRequestSchema>>;
export type UpdateWheelInput = z.output<typeof updateWheelRequestSchema>;

export const adminWheelRowSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    status: wheelStatusSchema,
    slotCount: z.number().int(),
    createdAt: z.iso.datetime(),
    businessUserId: z.uuid().nullable(),
    isPrivate: z.boolean(),
    currentRound: z.number().int(),
    /** Everyone who ever registered on this wheel (shown as 'Registered'). */
    participantCount: z.number().int(),
    /** People sitting in one of its slots right now (shown as 'Seated now'). */
    seatedCount: z.number().int(),
    /** Reports on this wheel not yet marked handled (decision 016), so the list shows where to look. */
    openReportCount: z.number().int(),
  })
  .meta({ id: 'AdminWheelRow' });
export type AdminWheelRow = z.infer<typeof adminWheelRowSchema>;

export const adminWheelSchema = adminWheelRowSchema
  .extend({
    description: z.string(),
    accessCode: z.string().nullable(),
    requiresAccessCode: z.boolean(),
    expiresAt: z.iso.datetime().nullable(),
    price: z.number(),
    rules: z.string().nullable(),
    guidelines: z.string().nullable(),
    registrationFields: registrationConfigSchema.nullable(),
    roundSeconds: z.number().int().nullable(),
    effectiveRoundSeconds: z.number().int(),
    answerSeconds: z.number().int().nullable(),
    effectiveAnswerSeconds: z.number().int(),
    callMinutes: z.number().int().nullable(),
    effectiveCallMinutes: z.number().int(),
    /** null: people may share every contact field. */
    contactFields: z.array(contactFieldSchema).nullable(),
    roundsPaused: z.boolean(),
    nextSpinAt: z.iso.datetime().nullable(),
    lastSpinDate: z.iso.datetime().nullable(),
    innerRingLabel: z.string().nullable(),
    outerRingLabel: z.string().nullable(),
    ringRule: ringRuleSchema.nullable(),
    /** Issue 35: the event's schedule and prompts. */
    startsAt: z.iso.datetime().nullable(),
    roundCount: z.number().int().nullable(),
    eventEndedAt: z.iso.datetime().nullable(),
    prompts: z.array(z.string()),
  })
  .meta({ id: 'AdminWheel' });
export type AdminWheel = z.infer<typeof adminWheelSchema>;

/** POST /api/admin/wheels/{id}/rounds: the organiser's controls. */
export const ROUND_CONTROL_ACTIONS = ['spin-now', 'pause', 'resume', 'start-now', 'end-event'] as const;
/**
 * `start-now` (issue 35) starts an event before its `startsAt`: the first round spins at once when
 * both rings have someone. `end-event` ends it for good: no more spins, no seat can be taken.
 */
export const roundControlRequestSchema = z.object({ action: z.enum(ROUND_CONTROL_ACTIONS) });
export type RoundControlAction = (typeof ROUND_CONTROL_ACTIONS)[number];
export type RoundControlRequest = z.infer<typeof roundControlRequestSchema>;

/**
 * PUT /api/admin/wheels/{id}/timing: the organiser's live controls. Round and call length take
 * effect at once: the countdown under way and the calls running follow the new lengths.
 */
export const wheelTimingRequestSchema = z.object({
  roundSeconds: wheelFields.roundSeconds,
  callMinutes: wheelFields.callMinutes,
});
export type WheelTimingRequest = z.input<typeof wheelTimingRequestSchema>;
export type WheelTimingInput = z.output<typeof wheelTimingRequestSchema>;

// ---- participants (the Users page) ---------------------------------------------------------------

export const adminParticipantSchema = participantSchema.extend({
  wheelId: z.uuid(),
  wheelName: z.string(),
  joinedAt: z.iso.datetime(),
});
export type AdminParticipant = z.infer<typeof adminParticipantSchema>;

export const listParticipantsQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  wheelId: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type ListParticipantsQuery = z.input<typeof listParticipantsQuerySchema>;

export const listParticipantsResponseSchema = z.object({
  items: z.array(adminParticipantSchema),
  total: z.number().int(),
});
export type ListParticipantsResponse = z.infer<typeof listParticipantsResponseSchema>;

// ---- dashboard and settings ------------------------------------------------------------------------

export const dashboardStatsSchema = z
  .object({
    totalUsers: z.number().int(),
    activeWheels: z.number().int(),
    /** Paying accounts: active, with a paid subscription period running now. */
    businessUsers: z.number().int(),
    /** Every business account, paid or not (sign-ups that never paid included). */
    businessSignUps: z.number().int(),
    /** Sum of successful payments, in major units; see revenueByCurrency when currencies are mixed. */
    totalRevenue: z.number(),
    revenueByCurrency: z.record(z.string(), z.number()),
  })
  .meta({ id: 'DashboardStats' });
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

const settingsFields = {
  siteName: z.string().trim().max(200),
  siteDescription: z.string().trim().max(2_000),
  contactEmail: z.union([z.literal(''), z.email('Please enter a valid email address')]),
  maxWheelParticipants: z
    .number()
    .int()
    .min(2, 'Max participants must be from 2 to 100')
    .max(100, 'Max participants must be from 2 to 100'),
  defaultMatchDuration: z
    .number()
    .int()
    .min(1, 'Match duration must be from 1 to 30 days')
    .max(30, 'Match duration must be from 1 to 30 days'),
  smtpServer: z.string().trim().max(255),
  smtpUsername: z.string().trim().max(255),
  senderName: z.string().trim().max(200),
  senderEmail: z.union([z.literal(''), z.email('Please enter a valid email address')]),
  enableEmailNotifications: z.boolean(),
};

/** What GET /api/admin/settings answers: the SMTP password is never sent back, only whether one is set. */
export const settingsSchema = z
  // Any port: one saved before the ports were limited is still shown (and never used).
  .object({ ...settingsFields, smtpPort: z.number().int(), smtpPasswordSet: z.boolean() })
  .meta({ id: 'Settings' });
export type Settings = z.infer<typeof settingsSchema>;

/**
 * Who may change the mail server (host, port, username, password): super admins only (issue 36),
 * since the server connects wherever they point. Plain admins save the other settings.
 */
export const SMTP_SUPER_ADMIN_ONLY = 'Only a super admin can change the mail server settings.';

/** PUT /api/admin/settings: a blank or missing SMTP password keeps the stored one. */
export const updateSettingsRequestSchema = z.object({
  ...settingsFields,
  smtpPort: z.number().int().refine(isSmtpPort, SMTP_PORT_MESSAGE),
  smtpPassword: z.string().max(1_000).optional(),
});
export type UpdateSettingsRequest = z.infer<typeof updateSettingsRequestSchema>;

export const DEFAULT_SETTINGS: Omit<Settings, 'smtpPasswordSet'> = {
  siteName: 'WheelMeet',
  siteDescription: 'Speed networking on a spinning wheel',
  contactEmail: '',
  maxWheelParticipants: 20,
  defaultMatchDuration: 7,
  smtpServer: '',
  smtpPort: 587,
  smtpUsername: '',
  senderName: 'WheelMeet',
  senderEmail: '',
  enableEmailNotifications: false,
};

// ---- business users (admins) -------------------------------------------------------------------

export const PASSWORD_REQUIRED_FOR_NEW_USERS = 'Password is required for new users';

const businessUserFields = {
  firstName: requiredText('First name is required'),
  lastName: requiredText('Last name is required'),
  email: emailField,
  companyName: requiredText('Company name is required'),
  phoneNumber: optionalText(50),
  planId: requiredText('Plan is required', 64),
};

export const createBusinessUserRequestSchema = z.object({
  ...businessUserFields,
  password: z
    .string({ error: PASSWORD_REQUIRED_FOR_NEW_USERS })
    .min(1, PASSWORD_REQUIRED_FOR_NEW_USERS)
    .pipe(newPassword),
  isActive: z.boolean().default(true),
});
export type CreateBusinessUserRequest = z.input<typeof createBusinessUserRequestSchema>;

/** On edit a blank password keeps the current one. */
export const updateBusinessUserRequestSchema = z.object({
  ...businessUserFields,
  password: z.union([z.literal(''), newPassword]).optional(),
  isActive: z.boolean(),
});
export type UpdateBusinessUserRequest = z.input<typeof updateBusinessUserRequestSchema>;

// ---- reports ---------------------------------------------------------------------------------------

const reportFigures = {
  participants: z.number().int(),
  rounds: z.number().int(),
  matches: z.number().int(),
  acceptedMatches: z.number().int(),
  /** Accepted matches ÷ matches, 0 to 1; 0 when there were no matches. */
  acceptanceRate: z.number().min(0).max(1),
  callsStarted: z.number().int(),
  /** Total seconds of calls that ended. */
  callSeconds: z.number().int(),
  /** Matches after which both people chose to share their contact details (issue 13). */
  connections: z.number().int(),
  /** Connections ÷ calls started, 0 to 1; 0 when no call started. */
  mutualShareRate: z.number().min(0).max(1),
  /** Thumbs up or down given after calls. */
  ratings: z.number().int(),
  /** Thumbs up ÷ ratings, 0 to 1; 0 when nobody rated. */
  positiveRatingRate: z.number().min(0).max(1),
};

/** GET /api/admin/reports/business-user/{id}: how a business user's events went. */
export const businessUserReportSchema = z
  .object({
    businessUserId: z.uuid(),
    companyName: z.string(),
    totals: z.object({
      wheels: z.number().int(),
      ...reportFigures,
      averageCallSeconds: z.number(),
      revenueByCurrency: z.record(z.string(), z.number()),
    }),
    wheels: z.array(
      z.object({ id: z.uuid(), name: z.string(), status: wheelStatusSchema, ...reportFigures }),
    ),
    /** One entry per day with activity, oldest first (UTC days). */
    overTime: z.array(
      z.object({
        date: z.iso.date(),
        participants: z.number().int(),
        matches: z.number().int(),
        acceptedMatches: z.number().int(),
        callsStarted: z.number().int(),
        /** Connections made that day (the day the second person chose to share). */
        connections: z.number().int(),
      }),
    ),
    payments: z.array(
      z.object({
        id: z.uuid(),
        amount: z.number(),
        currency: z.string(),
        status: z.enum(['pending', 'succeeded', 'failed']),
        createdAt: z.iso.datetime(),
      }),
    ),
  })
  .meta({ id: 'BusinessUserReport' });
export type BusinessUserReport = z.infer<typeof businessUserReportSchema>;

/**
 * GET /api/admin/wheels/{id}/report (issue 38, owner or admin): who met whom, round by round.
 * Each round's figures are recorded at its spin, so "never met" means never before that round.
 */
export const wheelReportSchema = z
  .object({
    wheelId: z.uuid(),
    name: z.string(),
    rounds: z.array(
      z.object({
        round: z.number().int().positive(),
        spunAt: z.iso.datetime(),
        /** People seated when the wheel stopped. */
        seated: z.number().int(),
        pairs: z.number().int(),
        /** Pairs who had never met on any of the organiser's wheels ÷ pairs, 0 to 1; 1 when no pair. */
        neverMetShare: z.number().min(0).max(1),
        /** Interests the two people of a pair share, on average over the round's pairs. */
        meanSharedInterests: z.number().min(0),
        /** Seated people left without a partner that round. */
        satOut: z.number().int(),
      }),
    ),
    /** Over the event: how many different people each person who sat in a round met (faced in a match). */
    differentPeopleMet: z.object({
      participants: z.number().int(),
      median: z.number(),
      min: z.number().int(),
    }),
  })
  .meta({ id: 'WheelReport' });
export type WheelReport = z.infer<typeof wheelReportSchema>;
