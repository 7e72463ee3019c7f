import { z } from 'zod';

/*
 * The public API for Professional and Enterprise plans (decision 018): API keys an organiser
 * manages in the admin area, and webhook subscriptions made with a key under /api/v1.
 */

/** Every key starts with this, so secret scanners and people can recognise one. */
export const API_KEY_PREFIX = 'wm_live_';

/** What the admin area shows of a key: never the key itself, which is shown once when created. */
export const apiKeySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    /** The key's first characters, to recognise it (e.g. `wm_live_Ab3d`). */
    prefix: z.string(),
    createdAt: z.iso.datetime(),
    lastUsedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof apiKeySchema>;

export const createApiKeyRequestSchema = z.object({
  name: z.string().trim().min(1, 'Please name the key').max(100, 'At most 100 characters'),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeyRequestSchema>;

/** POST /api/admin/api-keys: the only time the whole key is shown. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() }).meta({ id: 'CreatedApiKey' });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** GET /api/admin/api-keys: the keys, and whether the account's plan lets it use the API now. */
export const apiKeysResponseSchema = z.object({
  keys: z.array(apiKeySchema),
  /** False on Starter or without a running plan: keys cannot be made or used. */
  planAllowsApi: z.boolean(),
  /** Names of the plans that include the API, for the upgrade message. */
  apiPlans: z.array(z.string()),
});
export type ApiKeysResponse = z.infer<typeof apiKeysResponseSchema>;

export const WEBHOOK_EVENTS = ['round.completed', 'match.accepted', 'connection.made'] as const;
export const webhookEventSchema = z.enum(WEBHOOK_EVENTS);
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

export const createWebhookRequestSchema = z.object({
  url: z.url({ protocol: /^https?$/, error: 'Must be an http(s) URL' }).max(2_000, 'At most 2000 characters'),
  events: z.array(webhookEventSchema).min(1, 'Choose at least one event').max(WEBHOOK_EVENTS.length),
});
export type CreateWebhookRequest = z.input<typeof createWebhookRequestSchema>;

export const webhookSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    events: z.array(webhookEventSchema),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Webhook' });
export type Webhook = z.infer<typeof webhookSchema>;

/** The signing secret is shown once, when subscribing. */
export const createdWebhookSchema = webhookSchema
  .extend({ secret: z.string() })
  .meta({ id: 'CreatedWebhook' });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const webhookDeliverySchema = z
  .object({
    id: z.uuid(),
    event: webhookEventSchema,
    status: z.enum(['pending', 'succeeded', 'failed']),
    attempts: z.number().int(),
    lastStatusCode: z.number().int().nullable(),
    nextAttemptAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** The body of every webhook POST. */
export const webhookPayloadSchema = z.object({
  id: z.uuid(),
  type: webhookEventSchema,
  createdAt: z.iso.datetime(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
