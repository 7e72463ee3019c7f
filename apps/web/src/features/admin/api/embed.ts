import { queryOptions } from '@tanstack/react-query';
import { type EmbedSettings, embedSettingsSchema } from '@wheelmeet/contracts';
import { api } from '@/lib/api-client';
import { wheelsKey } from './wheels';

const embedUrl = (wheelId: string) => `/api/admin/wheels/${encodeURIComponent(wheelId)}/embed`;

/** GET /api/admin/wheels/{id}/embed: the sites allowed to embed the wheel (decision 017). */
export const embedSettingsQuery = (wheelId: string) =>
  queryOptions({
    queryKey: [...wheelsKey, wheelId, 'embed'],
    queryFn: () => api.get(embedUrl(wheelId), embedSettingsSchema),
  });

/** PUT /api/admin/wheels/{id}/embed: replaces the list. */
export const saveEmbedOrigins = (wheelId: string, allowedOrigins: string[]): Promise<EmbedSettings> =>
  api.put(embedUrl(wheelId), { allowedOrigins }, embedSettingsSchema);
