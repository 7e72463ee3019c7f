import { queryOptions } from '@tanstack/react-query';
import { dashboardStatsSchema } from '@wheelmeet/contracts';
import { api } from '@/lib/api-client';
import { ADMIN_QUERY_KEY } from './session';

/** GET /api/admin/dashboard/stats (admins only). */
export const dashboardStatsQuery = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'dashboard'],
    queryFn: () => api.get('/api/admin/dashboard/stats', dashboardStatsSchema),
  });
