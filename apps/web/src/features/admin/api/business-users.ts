import { queryOptions } from '@tanstack/react-query';
import {
  type BusinessUser,
  businessUserReportSchema,
  businessUserSchema,
  type CreateBusinessUserRequest,
  type UpdateBusinessUserRequest,
} from '@wheelmeet/contracts';
import { api } from '@/lib/api-client';
import { adminResource } from './admin-resource';
import { ADMIN_QUERY_KEY } from './session';

export const businessUsersKey = [...ADMIN_QUERY_KEY, 'business-users'] as const;

const businessUsers = adminResource<
  BusinessUser,
  BusinessUser,
  CreateBusinessUserRequest,
  UpdateBusinessUserRequest
>('/api/admin/business-users', businessUsersKey, {
  list: businessUserSchema.array(),
  item: businessUserSchema,
});

/** GET /api/admin/business-users: the organisers' accounts (admins only). */
export const businessUsersQuery = businessUsers.listQuery;
export const {
  create: createBusinessUser,
  update: updateBusinessUser,
  remove: deleteBusinessUser,
} = businessUsers;

/** GET /api/admin/reports/business-user/{id}: an admin, or that business user for itself. */
export const businessUserReportQuery = (id: string) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'reports', 'business-user', id],
    queryFn: () =>
      api.get(`/api/admin/reports/business-user/${encodeURIComponent(id)}`, businessUserReportSchema),
  });
