import { queryOptions } from '@tanstack/react-query';
import { demoRequestViewSchema } from '@wheelmeet/contracts';
import { api } from '@/lib/api-client';
import { ADMIN_QUERY_KEY } from './session';

const demoRequestListSchema = demoRequestViewSchema.array();

export const demoRequestsQuery = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'demo-requests'],
    queryFn: () => api.get('/api/admin/demo-requests', demoRequestListSchema),
  });
