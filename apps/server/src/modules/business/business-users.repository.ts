import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
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
    findByEmail(email: string) {
      return db
        .selectFrom('business_users')
        .select(['id', 'is_active', 'password_hash'])
        .where('email', '=', email)
        .executeTakeFirst();
    },

    /** Throws a unique violation when the email is taken (see `isUniqueViolation`). */
    async insert(user: Insertable<BusinessUsersTable>): Promise<void> {
      await db.insertInto('business_users').values(user).execute();
    },

    async findRecordById(id: string): Promise<BusinessUserRecord | undefined> {
      return (await listRecords(id))[0];
    },

    /** Every business user with plan and latest subscription, newest first. */
    listRecords: () => listRecords(),

    async update(id: string, changes: Updateable<BusinessUsersTable>): Promise<void> {
      await db.updateTable('business_users').set(changes).where('id', '=', id).execute();
    },

    /** Deletes the account; its wheels, payments and subscriptions go with it. */
    async delete(id: string): Promise<void> {
      await db.deleteFrom('business_users').where('id', '=', id).execute();
    },
  };

  async function listRecords(onlyId?: string): Promise<BusinessUserRecord[]> {
    let users = db
      .selectFrom('business_users')
      .innerJoin('plans', 'plans.id', 'business_users.plan_id')
      .selectAll('business_users')
      .select('plans.name as plan_name')
      .orderBy('business_users.created_at', 'desc')
      .orderBy('business_users.id');
    if (onlyId) users = users.where('business_users.id', '=', onlyId);
    const rows = await users.execute();
    if (rows.length === 0) return [];
    let periods = db
      .selectFrom('subscriptions')
      .select(['business_user_id', 'starts_at', 'ends_at'])
      .orderBy('starts_at', 'desc')
      .orderBy('created_at', 'desc');
    if (onlyId) periods = periods.where('business_user_id', '=', onlyId);
    const latest = new Map<string, { starts_at: string; ends_at: string | null }>();
    for (const period of await periods.execute()) {
      if (!latest.has(period.business_user_id)) latest.set(period.business_user_id, period);
    }
    return rows.map((row) => ({
      ...row,
      subscription_starts_at: latest.get(row.id)?.starts_at ?? null,
      subscription_ends_at: latest.get(row.id)?.ends_at ?? null,
    }));
  }
}

export type BusinessUsersRepository = ReturnType<typeof createBusinessUsersRepository>;
