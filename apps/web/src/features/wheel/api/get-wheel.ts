import { queryOptions } from '@tanstack/react-query';
import { getWheelResponseSchema, WHEEL_ACCESS_HEADER } from '@wheelmeet/contracts';
import { api } from '@/lib/api-client';

/**
 * GET /api/wheels/{id}: the open wheel, or its locked view when an access code is required.
 * With a grant from unlocking, a private wheel answers open.
 */
export const wheelQuery = (wheelId: string, accessGrant: string | null = null) =>
  queryOptions({
    queryKey: ['wheels', 'detail', wheelId, accessGrant],
    queryFn: () =>
      api.get(
        `/api/wheels/${encodeURIComponent(wheelId)}`,
        getWheelResponseSchema,
        accessGrant ? { headers: { [WHEEL_ACCESS_HEADER]: accessGrant } } : undefined,
      ),
  });

/** GET /api/wheels/current: the wheel behind `/` and `/wheel` (404 when there is none). */
export const currentWheelQuery = () =>
  queryOptions({
    queryKey: ['wheels', 'current'],
    queryFn: () => api.get('/api/wheels/current', getWheelResponseSchema),
  });
