import type { AdminUser, CreateAdminRequest, UpdateAdminRequest } from '@wheelmeet/contracts';
import { isUniqueViolation } from '../../db/errors';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import type { PasswordHasher } from '../../lib/passwords';
import type { Random } from '../../lib/random';
import type { AdminRow, AdminsRepository } from './admins.repository';

export const ADMIN_TAKEN = 'An admin with this username or email already exists.';
export const NOT_YOURSELF = 'You cannot delete or deactivate your own account.';
export const LAST_SUPER_ADMIN = 'The last active super admin cannot be deleted, deactivated or demoted.';

export function toAdminUser(row: AdminRow): AdminUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    isSuperAdmin: row.is_super_admin,
    isActive: row.is_active,
    lastLoginAt: row.last_login_at,
  };
}

type CreateInput = Required<
  Pick<CreateAdminRequest, 'username' | 'email' | 'firstName' | 'lastName' | 'password'>
> & {
  isSuperAdmin: boolean;
};
type UpdateInput = Omit<UpdateAdminRequest, 'isSuperAdmin'> & { isSuperAdmin: boolean };

/** Admin accounts, managed by super admins; the platform always keeps one active super admin. */
export function createAdminsService(deps: {
  admins: AdminsRepository;
  clock: Clock;
  random: Random;
  passwords: PasswordHasher;
}) {
  const { admins, clock, random, passwords } = deps;

  const requireAdmin = async (id: string) => {
    const row = await admins.findById(id);
    if (!row) throw notFound('Admin not found');
    return row;
  };

  /** Would this change leave no active super admin? */
  const losesLastSuperAdmin = async (row: AdminRow, after: { isSuperAdmin: boolean; isActive: boolean }) =>
    row.is_super_admin &&
    row.is_active &&
    !(after.isSuperAdmin && after.isActive) &&
    (await admins.countActiveSuperAdmins()) <= 1;

  const uniquely = async (write: () => Promise<void>) => {
    try {
      await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('conflict', ADMIN_TAKEN);
      throw error;
    }
  };

  return {
    async list(): Promise<AdminUser[]> {
      return (await admins.list()).map(toAdminUser);
    },

    async create(input: CreateInput): Promise<AdminUser> {
      const now = clock.now().toISOString();
      const id = random.uuid();
      await uniquely(async () =>
        admins.insert({
          id,
          username: input.username,
          email: input.email.toLowerCase(),
          password_hash: await passwords.hash(input.password),
          first_name: input.firstName,
          last_name: input.lastName,
          is_super_admin: input.isSuperAdmin,
          is_active: true,
          last_login_at: null,
          created_at: now,
          updated_at: now,
        }),
      );
      return toAdminUser(await requireAdmin(id));
    },

    /** A blank password keeps the current one. */
    async update(id: string, input: UpdateInput, actingAdminId: string): Promise<AdminUser> {
      const row = await requireAdmin(id);
      if (id === actingAdminId && !input.isActive) throw new AppError('conflict', NOT_YOURSELF);
      if (await losesLastSuperAdmin(row, { isSuperAdmin: input.isSuperAdmin, isActive: input.isActive })) {
        throw new AppError('conflict', LAST_SUPER_ADMIN);
      }
      // A new password, a deactivation or a change of role ends the sessions signed in before it.
      const endsSessions =
        Boolean(input.password) || !input.isActive || input.isSuperAdmin !== row.is_super_admin;
      await uniquely(async () =>
        admins.update(id, {
          username: input.username,
          email: input.email.toLowerCase(),
          first_name: input.firstName,
          last_name: input.lastName,
          is_super_admin: input.isSuperAdmin,
          is_active: input.isActive,
          ...(input.password ? { password_hash: await passwords.hash(input.password) } : {}),
          ...(endsSessions ? { session_version: row.session_version + 1 } : {}),
          updated_at: clock.now().toISOString(),
        }),
      );
      return toAdminUser(await requireAdmin(id));
    },

    async delete(id: string, actingAdminId: string): Promise<void> {
      const row = await requireAdmin(id);
      if (id === actingAdminId) throw new AppError('conflict', NOT_YOURSELF);
      if (await losesLastSuperAdmin(row, { isSuperAdmin: false, isActive: false })) {
        throw new AppError('conflict', LAST_SUPER_ADMIN);
      }
      await admins.delete(id);
    },
  };
}

export type AdminsService = ReturnType<typeof createAdminsService>;
