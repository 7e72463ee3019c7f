import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Credentials and identities of the two kinds of people who sign in to the admin area. */
export function createAuthRepository(db: Kysely<Database>) {
  const adminColumns = [
    'id',
    'username',
    'email',
    'password_hash',
    'first_name',
    'last_name',
    'is_super_admin',
    'is_active',
    'session_version',
    'last_login_at',
  ] as const;
  const businessColumns = [
    'id',
    'email',
    'password_hash',
    'first_name',
    'last_name',
    'company_name',
    'plan_id',
    'is_active',
    'session_version',
    'deactivated_at',
  ] as const;

  return {
    findAdminByUsername: (username: string) =>
      db.selectFrom('admins').select(adminColumns).where('username', '=', username).executeTakeFirst(),
    findAdminById: (id: string) =>
      db.selectFrom('admins').select(adminColumns).where('id', '=', id).executeTakeFirst(),
    findBusinessUserByEmail: (email: string) =>
      db
        .selectFrom('business_users')
        .select(businessColumns)
        .where('email', '=', email.toLowerCase())
        .executeTakeFirst(),
    findBusinessUserById: (id: string) =>
      db.selectFrom('business_users').select(businessColumns).where('id', '=', id).executeTakeFirst(),
    /**
     * When the business user's paid time runs out: the latest end of their subscriptions;
     * null when they have none (an account an admin created) or one that never ends.
     */
    async subscriptionEndOf(businessUserId: string): Promise<string | null> {
      const periods = await db
        .selectFrom('subscriptions')
        .select('ends_at')
        .where('business_user_id', '=', businessUserId)
        .execute();
      if (periods.length === 0 || periods.some((period) => period.ends_at === null)) return null;
      return periods
        .map((period) => period.ends_at as string)
        .reduce((a, b) => (Date.parse(a) > Date.parse(b) ? a : b));
    },
    async recordAdminLogin(id: string, at: string): Promise<void> {
      await db.updateTable('admins').set({ last_login_at: at }).where('id', '=', id).execute();
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
export type AdminAccount = NonNullable<Awaited<ReturnType<AuthRepository['findAdminById']>>>;
export type BusinessAccount = NonNullable<Awaited<ReturnType<AuthRepository['findBusinessUserById']>>>;
