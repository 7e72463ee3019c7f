import { queryOptions } from '@tanstack/react-query';
import { type Settings, settingsSchema, type UpdateSettingsRequest } from '@wheelmeet/contracts';
import { api } from '@/lib/api-client';
import { ADMIN_QUERY_KEY } from './session';

export const settingsKey = [...ADMIN_QUERY_KEY, 'settings'] as const;

export const settingsQuery = () =>
  queryOptions({ queryKey: settingsKey, queryFn: () => api.get('/api/admin/settings', settingsSchema) });

export const saveSettings = (body: UpdateSettingsRequest): Promise<Settings> =>
  api.put('/api/admin/settings', body, settingsSchema);
