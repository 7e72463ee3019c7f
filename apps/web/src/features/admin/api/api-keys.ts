import { queryOptions } from '@tanstack/react-query';
import {
  type ApiKeysResponse,
  apiKeysResponseSchema,
  type CreatedApiKey,
  type CreateApiKeyRequest,
  createdApiKeySchema,
} from '@wheelmeet/contracts';
import { api } from '@/lib/api-client';
import { ADMIN_QUERY_KEY } from './session';

export const apiKeysKey = [...ADMIN_QUERY_KEY, 'api-keys'] as const;

/** GET /api/admin/api-keys: the business user's keys and whether their plan includes the API. */
export const apiKeysQuery = () =>
  queryOptions({
    queryKey: apiKeysKey,
    queryFn: (): Promise<ApiKeysResponse> => api.get('/api/admin/api-keys', apiKeysResponseSchema),
  });

export const createApiKey = (body: CreateApiKeyRequest): Promise<CreatedApiKey> =>
  api.post('/api/admin/api-keys', body, createdApiKeySchema);

export const revokeApiKey = (id: string): Promise<void> =>
  api.delete(`/api/admin/api-keys/${encodeURIComponent(id)}`);
