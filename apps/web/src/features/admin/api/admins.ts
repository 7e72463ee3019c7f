import {
  type AdminUser,
  adminUserSchema,
  type CreateAdminRequest,
  type UpdateAdminRequest,
} from '@wheelmeet/contracts';
import { adminResource } from './admin-resource';
import { ADMIN_QUERY_KEY } from './session';

export const adminsKey = [...ADMIN_QUERY_KEY, 'admins'] as const;

const admins = adminResource<AdminUser, AdminUser, CreateAdminRequest, UpdateAdminRequest>(
  '/api/admin/users',
  adminsKey,
  { list: adminUserSchema.array(), item: adminUserSchema },
);

/** GET /api/admin/users: the admin accounts (super admins only). */
export const adminsQuery = admins.listQuery;
export const { create: createAdmin, update: updateAdmin, remove: deleteAdmin } = admins;
