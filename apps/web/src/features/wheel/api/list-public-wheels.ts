import { queryOptions } from '@tanstack/react-query';
import { listPublicWheelsResponseSchema } from '@wheelmeet/contracts';
import { api } from '@/lib/api-client';

export const publicWheelsQuery = () =>
  queryOptions({
    queryKey: ['wheels', 'public'],
    queryFn: () => api.get('/api/wheels/public', listPublicWheelsResponseSchema),
  });
