import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Whose a device token is: an admin's or a business user's. */
export interface DeviceOwner {
  kind: 'Admin' | 'BusinessUser';
  id: string;
}

const ownerColumn = (owner: DeviceOwner) => (owner.kind === 'Admin' ? 'admin_id' : 'business_user_id');

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

    /**
     * Atomically counts one more failure against the owner's device token, in advance, if the
     * token is theirs and has fewer than `maxFailures`: true when it was counted (the token
     * holds). A right password then calls `deviceSignedIn`, which clears the count.
     */
    async claimDevice(tokenHash: string, owner: DeviceOwner, maxFailures: number): Promise<boolean> {
      const result = await db
        .updateTable('device_tokens')
        .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
        .where('token_hash', '=', tokenHash)
        .where(ownerColumn(owner), '=', owner.id)
        .where('failed_attempts', '<', maxFailures)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Takes back a failure `claimDevice` counted for a password that was never checked. */
    async releaseDeviceClaim(tokenHash: string): Promise<void> {
      await db
        .updateTable('device_tokens')
        .set((eb) => ({ failed_attempts: eb('failed_attempts', '-', 1) }))
        .where('token_hash', '=', tokenHash)
        .where('failed_attempts', '>', 0)
        .execute();
    },
    async deviceSignedIn(tokenHash: string, at: string): Promise<void> {
      await db
        .updateTable('device_tokens')
        .set({ failed_attempts: 0, last_used_at: at })
        .where('token_hash', '=', tokenHash)
        .execute();
    },
    /** Adds a device to the owner's, then forgets all but their `keep` most recently used. */
    async addDevice(tokenHash: string, owner: DeviceOwner, at: string, keep: number): Promise<void> {
      const column = ownerColumn(owner);
      await db
        .insertInto('device_tokens')
        .values({
          token_hash: tokenHash,
          admin_id: owner.kind === 'Admin' ? owner.id : null,
          business_user_id: owner.kind === 'BusinessUser' ? owner.id : null,
          created_at: at,
          last_used_at: at,
        })
        .execute();
      // The new one is kept by name: its timestamp may tie with older ones.
      await db
        .deleteFrom('device_tokens')
        .where(column, '=', owner.id)
        .where('token_hash', '!=', tokenHash)
        .where('token_hash', 'not in', (eb) =>
          eb
            .selectFrom('device_tokens')
            .select('token_hash')
            .where(column, '=', owner.id)
            .where('token_hash', '!=', tokenHash)
            .orderBy('last_used_at', 'desc')
            .limit(keep - 1),
        )
        .execute();
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
export type AdminAccount = NonNullable<Awaited<ReturnType<AuthRepository['findAdminById']>>>;
export type BusinessAccount = NonNullable<Awaited<ReturnType<AuthRepository['findBusinessUserById']>>>;
