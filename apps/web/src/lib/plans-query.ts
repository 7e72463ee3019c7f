import { queryOptions } from '@tanstack/react-query';
import { listPlansResponseSchema } from '@wheelmeet/contracts';
import { api } from './api-client';

/**
 * GET /api/business/plans. Shared by the landing page's pricing and the purchase flow, so a
 * list loaded on /business is reused when the visitor moves on to buy.
 */
export const plansQuery = () =>
  queryOptions({
    queryKey: ['business', 'plans'],
    queryFn: () => api.get('/api/business/plans', listPlansResponseSchema),
  });
