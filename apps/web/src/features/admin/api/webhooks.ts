import { queryOptions } from '@tanstack/react-query';
import {
  type CreatedWebhook,
  type CreateWebhookRequest,
  createdWebhookSchema,
  type Webhook,
  type WebhookDelivery,
  webhookDeliverySchema,
  webhookSchema,
} from '@wheelmeet/contracts';
import { api } from '@/lib/api-client';
import { ADMIN_QUERY_KEY } from './session';

export const webhooksKey = [...ADMIN_QUERY_KEY, 'webhooks'] as const;

const webhookListSchema = webhookSchema.array();
const deliveryListSchema = webhookDeliverySchema.array();

const webhookPath = (id: string) => `/api/admin/webhooks/${encodeURIComponent(id)}`;

/** GET /api/admin/webhooks: the business user's webhooks (never their secrets). */
export const webhooksQuery = () =>
  queryOptions({
    queryKey: webhooksKey,
    queryFn: (): Promise<Webhook[]> => api.get('/api/admin/webhooks', webhookListSchema),
  });

/** POST /api/admin/webhooks: the only answer that carries the signing secret. */
export const createWebhook = (body: CreateWebhookRequest): Promise<CreatedWebhook> =>
  api.post('/api/admin/webhooks', body, createdWebhookSchema);

export const deleteWebhook = (id: string): Promise<void> => api.delete(webhookPath(id));

/** GET /api/admin/webhooks/{id}/deliveries: the latest deliveries (at most 100), newest first. */
export const webhookDeliveriesQuery = (id: string) =>
  queryOptions({
    queryKey: [...webhooksKey, id, 'deliveries'],
    queryFn: (): Promise<WebhookDelivery[]> => api.get(`${webhookPath(id)}/deliveries`, deliveryListSchema),
  });
