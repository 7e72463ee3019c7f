import { queryOptions } from '@tanstack/react-query';
import { getWheelResponseSchema } from '@wheelmeet/contracts';
import { api } from '@/lib/api-client';

/** GET /api/wheels/{id}: the open wheel, or its locked view when an access code is required. */
export const wheelQuery = (wheelId: string) =>
  queryOptions({
    queryKey: ['wheels', 'detail', wheelId],
    queryFn: () => api.get(`/api/wheels/${encodeURIComponent(wheelId)}`, getWheelResponseSchema),
  });
