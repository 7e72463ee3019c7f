import { queryOptions } from '@tanstack/react-query';
import {
  type BusinessUser,
  businessUserReportSchema,
  businessUserSchema,
  type CreateBusinessUserRequest,
  type UpdateBusinessUserRequest,
} from '@wheelmeet/contracts';
import { api } from '@/lib/api-client';
import { ADMIN_QUERY_KEY } from './session';

export const businessUsersKey = [...ADMIN_QUERY_KEY, 'business-users'] as const;

const businessUserListSchema = businessUserSchema.array();

export const businessUsersQuery = () =>
  queryOptions({
    queryKey: businessUsersKey,
    queryFn: () => api.get('/api/admin/business-users', businessUserListSchema),
  });

export const createBusinessUser = (body: CreateBusinessUserRequest): Promise<BusinessUser> =>
  api.post('/api/admin/business-users', body, businessUserSchema);

export const updateBusinessUser = (id: string, body: UpdateBusinessUserRequest): Promise<BusinessUser> =>
  api.put(`/api/admin/business-users/${encodeURIComponent(id)}`, body, businessUserSchema);

export const deleteBusinessUser = (id: string): Promise<void> =>
  api.delete(`/api/admin/business-users/${encodeURIComponent(id)}`);

/** GET /api/admin/reports/business-user/{id}: an admin, or that business user for itself. */
export const businessUserReportQuery = (id: string) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'reports', 'business-user', id],
    queryFn: () =>
      api.get(`/api/admin/reports/business-user/${encodeURIComponent(id)}`, businessUserReportSchema),
  });
