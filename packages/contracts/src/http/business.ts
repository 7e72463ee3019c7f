import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants';

export const supportLevelSchema = z.enum(['email', 'priority', 'dedicated']);
export type SupportLevel = z.infer<typeof supportLevelSchema>;

export const planSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** Monthly price as a decimal amount; shown in euros on /business and in USD in the purchase flow. */
    price: z.number().nonnegative(),
    period: z.string().optional(),
    description: z.string(),
    features: z.array(z.string()),
    featured: z.boolean(),
    /** Distinct participants a wheel of this plan admits; null means unlimited. */
    maxParticipantsPerWheel: z.number().int().positive().nullable(),
    support: supportLevelSchema,
    apiAccess: z.boolean(),
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof planSchema>;

/** GET /api/business/plans */
export const listPlansResponseSchema = z.array(planSchema);
export type ListPlansResponse = z.infer<typeof listPlansResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Demo requests, organiser registration and card payment (spec sections 3, 5, 7 and 9).
// The messages are the spec's own, so the web forms and the API say the same thing.
// ---------------------------------------------------------------------------------------------

const NAME_MAX_LENGTH = 100;
const COMPANY_MAX_LENGTH = 200;
const PHONE_MAX_LENGTH = 40;
const EMAIL_MAX_LENGTH = 254;
/** Long enough for any passphrase, short enough that hashing it costs nothing extra. */
const PASSWORD_MAX_LENGTH = 200;

/** A demo request's email: {email} with a 2–4 letter top-level domain (spec section 5). */
export const DEMO_EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,4}$/i;
/** The organiser registration's simple {email} pattern. */
export const SIMPLE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A required text field, trimmed: missing, not a string or blank all give `requiredMessage`.
 * Each field reports one message at a time, so later checks wait until the earlier ones pass.
 */
const requiredText = (requiredMessage: string, maxLength: number, tooLongMessage: string) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage).max(maxLength, tooLongMessage);

/** Runs a check only on a value that passed `requiredText`'s own checks. */
const onlyWhenPresent = (maxLength: number) => ({
  when: (payload: { value: unknown }) =>
    typeof payload.value === 'string' && payload.value.length > 0 && payload.value.length <= maxLength,
});

const tooLong = (what: string, maxLength: number) => `${what} must be at most ${maxLength} characters long`;

/** POST /api/business/demo-request */
export const demoRequestSchema = z
  .object({
    name: requiredText('Name is required', NAME_MAX_LENGTH, tooLong('Name', NAME_MAX_LENGTH)),
    telephone: requiredText(
      'Telephone number is required',
      PHONE_MAX_LENGTH,
      tooLong('Telephone number', PHONE_MAX_LENGTH),
    ),
    company: requiredText(
      'Company/Institute name is required',
      COMPANY_MAX_LENGTH,
      tooLong('Company/Institute name', COMPANY_MAX_LENGTH),
    ),
    email: requiredText(
      'Email address is required',
      EMAIL_MAX_LENGTH,
      tooLong('Email address', EMAIL_MAX_LENGTH),
    ).regex(DEMO_EMAIL_PATTERN, { error: 'Invalid email address', ...onlyWhenPresent(EMAIL_MAX_LENGTH) }),
  })
  .meta({ id: 'DemoRequest' });
export type DemoRequest = z.input<typeof demoRequestSchema>;

/** A stored demo request, as the admin list shows it. */
export const demoRequestViewSchema = z
  .object({
    id: z.uuid(),
    companyName: z.string(),
    contactPerson: z.string(),
    email: z.string(),
    phoneNumber: z.string().nullable(),
    requestDate: z.iso.datetime(),
  })
  .meta({ id: 'DemoRequestView' });
export type DemoRequestView = z.infer<typeof demoRequestViewSchema>;

/** 201 answer of POST /api/business/demo-request. */
export const demoRequestResponseSchema = demoRequestViewSchema;
export type DemoRequestResponse = DemoRequestView;

const organiserEmailSchema = requiredText(
  'Email is required',
  EMAIL_MAX_LENGTH,
  tooLong('Email', EMAIL_MAX_LENGTH),
).regex(SIMPLE_EMAIL_PATTERN, {
  error: 'Please enter a valid email address',
  ...onlyWhenPresent(EMAIL_MAX_LENGTH),
});

// Passwords are never trimmed: spaces may be part of them.
const organiserPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN_LENGTH, {
    error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
    ...onlyWhenPresent(PASSWORD_MAX_LENGTH),
  })
  .max(PASSWORD_MAX_LENGTH, tooLong('Password', PASSWORD_MAX_LENGTH));

const businessRegistrationFields = {
  firstName: requiredText('First name is required', NAME_MAX_LENGTH, tooLong('First name', NAME_MAX_LENGTH)),
  lastName: requiredText('Last name is required', NAME_MAX_LENGTH, tooLong('Last name', NAME_MAX_LENGTH)),
  email: organiserEmailSchema,
  password: organiserPasswordSchema,
  companyName: requiredText(
    'Company name is required',
    COMPANY_MAX_LENGTH,
    tooLong('Company name', COMPANY_MAX_LENGTH),
  ),
  /** Optional; blank means none. */
  phoneNumber: z.string().trim().max(PHONE_MAX_LENGTH, tooLong('Phone number', PHONE_MAX_LENGTH)).nullish(),
  planId: requiredText('Please choose a plan', 64, 'Please choose one of our plans'),
};

/** POST /api/business/register: the organiser registration (purchase flow, step Account). */
export const businessRegistrationSchema = z
  .object(businessRegistrationFields)
  .meta({ id: 'BusinessRegistration' });
export type BusinessRegistration = z.input<typeof businessRegistrationSchema>;

/** The purchase flow's account form: the registration plus a password confirmation (web only). */
export const businessRegistrationFormSchema = z
  .object({
    ...businessRegistrationFields,
    confirmPassword: z
      .string({ error: 'Please confirm your password' })
      .min(1, 'Please confirm your password'),
  })
  .refine((form) => form.password === form.confirmPassword, {
    error: 'Passwords do not match',
    path: ['confirmPassword'],
    // Compare only once both were typed; an empty one already has its own message.
    when: (payload) => {
      const value = payload.value as { password?: unknown; confirmPassword?: unknown } | undefined;
      return (
        typeof value?.password === 'string' &&
        value.password !== '' &&
        typeof value.confirmPassword === 'string' &&
        value.confirmPassword !== ''
      );
    },
  });
export type BusinessRegistrationForm = z.input<typeof businessRegistrationFormSchema>;

/** A business user as the API shows it; never the password or its hash. */
export const businessUserSchema = z
  .object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    companyName: z.string(),
    phoneNumber: z.string().nullable(),
    planId: z.string(),
    plan: z.object({ id: z.string(), name: z.string() }),
    /** False until the first payment succeeds. */
    isActive: z.boolean(),
    subscriptionStartDate: z.iso.datetime().nullable(),
    subscriptionEndDate: z.iso.datetime().nullable(),
  })
  .meta({ id: 'BusinessUser' });
export type BusinessUser = z.infer<typeof businessUserSchema>;

/**
 * 201 answer of POST /api/business/register: the new, still inactive, account, and the token
 * that lets this browser (and nobody else) pay for it. Keep the token until the payment
 * succeeds; it is good for 2 hours, after which registering again with the same email and
 * password gives a new one.
 */
export const businessRegistrationResponseSchema = businessUserSchema
  .extend({ signupToken: z.string().min(1) })
  .meta({ id: 'BusinessRegistrationResponse' });
export type BusinessRegistrationResponse = z.infer<typeof businessRegistrationResponseSchema>;

/** The landing page's pricing modal pays in euros, the purchase flow in US dollars (spec section 9). */
export const paymentCurrencySchema = z.enum(['eur', 'usd']);
export type PaymentCurrency = z.infer<typeof paymentCurrencySchema>;

export const paymentModeSchema = z.enum(['stripe', 'test']);
export type PaymentMode = z.infer<typeof paymentModeSchema>;

/**
 * POST /api/business/payment-intent: pay for the plan an account registered with. Only the
 * browser that registered the account may: `signupToken` is the one POST /api/business/register
 * answered for `businessUserId`. Without it (or with an expired or forged one) the answer is
 * 401, with another account's 403.
 */
export const paymentIntentRequestSchema = z
  .object({
    planId: z.string().trim().min(1, 'Please choose a plan').max(64),
    currency: paymentCurrencySchema,
    businessUserId: z.uuid(),
    /** Required; optional here only so that a missing token answers 401 rather than 400. */
    signupToken: z.string().max(2048).optional(),
  })
  .meta({ id: 'PaymentIntentRequest' });
export type PaymentIntentRequest = z.input<typeof paymentIntentRequestSchema>;

export const paymentIntentResponseSchema = z
  .object({
    /** Hand this to the card form (Stripe's Payment Element, or the built-in test form). */
    clientSecret: z.string(),
    paymentIntentId: z.string(),
    /** Decimal amount in `currency`: the plan's price. */
    amount: z.number().nonnegative(),
    currency: paymentCurrencySchema,
    mode: paymentModeSchema,
  })
  .meta({ id: 'PaymentIntentResponse' });
export type PaymentIntentResponse = z.infer<typeof paymentIntentResponseSchema>;

/** Card expiry as the card shows it, MM/YY. */
export const CARD_EXPIRY_PATTERN = /^(0[1-9]|1[0-2])\/\d{2}$/;

/**
 * POST /api/business/test-payments/confirm: test mode only (no Stripe keys configured).
 * Takes Stripe's test card numbers; spaces in the number are ignored.
 */
export const testPaymentConfirmRequestSchema = z
  .object({
    paymentIntentId: z.string().trim().min(1, 'Payment is required').max(100),
    cardNumber: z
      .string({ error: 'Your card number is invalid.' })
      .transform((value) => value.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^\d{12,19}$/, 'Your card number is invalid.')),
    expiry: z
      .string({ error: "Your card's expiration date is invalid." })
      .trim()
      .regex(CARD_EXPIRY_PATTERN, "Your card's expiration date is invalid."),
    cvc: z
      .string({ error: "Your card's security code is invalid." })
      .trim()
      .regex(/^\d{3}$/, "Your card's security code is invalid."),
  })
  .meta({ id: 'TestPaymentConfirmRequest' });
export type TestPaymentConfirmRequest = z.input<typeof testPaymentConfirmRequestSchema>;

export const testPaymentConfirmResponseSchema = z
  .object({ status: z.literal('succeeded') })
  .meta({ id: 'TestPaymentConfirmResponse' });
export type TestPaymentConfirmResponse = z.infer<typeof testPaymentConfirmResponseSchema>;

/** 200 answer of POST /api/business/stripe-webhook. */
export const stripeWebhookResponseSchema = z.object({ received: z.literal(true) });
