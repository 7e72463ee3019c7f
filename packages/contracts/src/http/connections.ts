import { z } from 'zod';
import { wheelIdSchema } from './wheels';

/**
 * Issue 13 (2): keeping in touch after a call. Each side chooses to share contact details (the
 * fields the organiser allows); the details are shown only when both chose to share.
 */
export const CONTACT_FIELDS = ['email', 'linkedinUrl', 'phone'] as const;
export const contactFieldSchema = z.enum(CONTACT_FIELDS);
export type ContactField = z.infer<typeof contactFieldSchema>;

export const CONTACT_FIELD_LABELS: Record<ContactField, string> = {
  email: 'Email',
  linkedinUrl: 'LinkedIn profile',
  phone: 'Phone',
};

const LINKEDIN_MESSAGE = 'Enter a LinkedIn profile address (https://www.linkedin.com/in/…)';

export const contactDetailsSchema = z
  .object({
    email: z.email('Enter a valid email address').max(254).optional(),
    linkedinUrl: z
      .url({ protocol: /^https$/, message: LINKEDIN_MESSAGE })
      .max(300)
      .regex(/^https:\/\/([a-z]{2,3}\.|www\.)?linkedin\.com\//i, LINKEDIN_MESSAGE)
      .optional(),
    phone: z
      .string()
      .trim()
      .regex(/^\+?[0-9][0-9 ()-]{5,24}$/, 'Enter a phone number with digits, spaces, brackets or dashes')
      .optional(),
  })
  .strict()
  .meta({ id: 'ContactDetails' });
export type ContactDetails = z.infer<typeof contactDetailsSchema>;

export const conversationRatingSchema = z.enum(['up', 'down']);
export type ConversationRating = z.infer<typeof conversationRatingSchema>;

/** PUT /api/me/connections/{matchId}: this side's choice after the call. */
export const followUpRequestSchema = z
  .object({
    share: z.boolean(),
    contact: contactDetailsSchema.default({}),
    rating: conversationRatingSchema.nullable().default(null),
    /** For the organiser only; the partner never sees it. */
    note: z.string().trim().max(1_000).nullable().default(null),
  })
  .meta({ id: 'FollowUpRequest' });
export type FollowUpRequest = z.input<typeof followUpRequestSchema>;
/** A follow-up as the server sees it once validated, defaults applied. */
export type FollowUpChoice = z.output<typeof followUpRequestSchema>;

export const connectionSchema = z
  .object({
    matchId: z.uuid(),
    round: z.number().int().positive(),
    partner: z.object({ id: z.uuid(), displayName: z.string() }),
    /** When the call started; null for a match that was declined. */
    metAt: z.iso.datetime().nullable(),
    declined: z.boolean(),
    /** What this side chose; null before they chose. */
    mine: z
      .object({
        share: z.boolean(),
        contact: contactDetailsSchema,
        rating: conversationRatingSchema.nullable(),
        note: z.string().nullable(),
      })
      .nullable(),
    /** The partner's details: only once both chose to share, never one-sidedly. */
    partnerContact: contactDetailsSchema.nullable(),
  })
  .meta({ id: 'Connection' });
export type Connection = z.infer<typeof connectionSchema>;

/** GET /api/me/connections: the caller's people on their wheel. */
export const myConnectionsResponseSchema = z
  .object({
    wheelId: wheelIdSchema,
    /** What the organiser lets people share on this wheel. */
    contactFields: z.array(contactFieldSchema),
    connections: z.array(connectionSchema),
  })
  .meta({ id: 'MyConnections' });
export type MyConnections = z.infer<typeof myConnectionsResponseSchema>;
