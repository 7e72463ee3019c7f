import type { Insertable, Kysely, Selectable } from 'kysely';
import type { BusinessUsersTable, Database } from '../../db/schema';

export type BusinessUserRow = Selectable<BusinessUsersTable>;

/** A business user with its plan's name and its latest subscription period, as the API shows it. */
export type BusinessUserRecord = BusinessUserRow & {
  plan_name: string;
  subscription_starts_at: string | null;
  subscription_ends_at: string | null;
};

export function createBusinessUsersRepository(db: Kysely<Database>) {
  return {
    findById(id: string): Promise<BusinessUserRow | undefined> {
      return db.selectFrom('business_users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** `email` must already be lower-cased, as stored. */
    async existsWithEmail(email: string): Promise<boolean> {
      const row = await db
        .selectFrom('business_users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Throws a unique violation when the email is taken (see `isUniqueViolation`). */
    async insert(user: Insertable<BusinessUsersTable>): Promise<void> {
      await db.insertInto('business_users').values(user).execute();
    },

    async findRecordById(id: string): Promise<BusinessUserRecord | undefined> {
      const row = await db
        .selectFrom('business_users')
        .innerJoin('plans', 'plans.id', 'business_users.plan_id')
        .selectAll('business_users')
        .select('plans.name as plan_name')
        .where('business_users.id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      const subscription = await db
        .selectFrom('subscriptions')
        .select(['starts_at', 'ends_at'])
        .where('business_user_id', '=', id)
        .orderBy('starts_at', 'desc')
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      return {
        ...row,
        subscription_starts_at: subscription?.starts_at ?? null,
        subscription_ends_at: subscription?.ends_at ?? null,
      };
    },
  };
}

export type BusinessUsersRepository = ReturnType<typeof createBusinessUsersRepository>;
