import { queryOptions } from '@tanstack/react-query';
import {
  type AdminUser,
  adminUserSchema,
  type CreateAdminRequest,
  type UpdateAdminRequest,
} from '@wheelmeet/contracts';
import { api } from '@/lib/api-client';
import { ADMIN_QUERY_KEY } from './session';

export const adminsKey = [...ADMIN_QUERY_KEY, 'admins'] as const;

const adminListSchema = adminUserSchema.array();

/** GET /api/admin/users: the admin accounts (super admins only). */
export const adminsQuery = () =>
  queryOptions({ queryKey: adminsKey, queryFn: () => api.get('/api/admin/users', adminListSchema) });

export const createAdmin = (body: CreateAdminRequest): Promise<AdminUser> =>
  api.post('/api/admin/users', body, adminUserSchema);

export const updateAdmin = (id: string, body: UpdateAdminRequest): Promise<AdminUser> =>
  api.put(`/api/admin/users/${encodeURIComponent(id)}`, body, adminUserSchema);

export const deleteAdmin = (id: string): Promise<void> =>
  api.delete(`/api/admin/users/${encodeURIComponent(id)}`);
