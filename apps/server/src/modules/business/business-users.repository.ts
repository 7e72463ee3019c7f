import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { BusinessUsersTable, Database } from '../../db/schema';
import { type SubscriptionCoverage, subscriptionCoverage } from './subscription-coverage';

export type BusinessUserRow = Selectable<BusinessUsersTable>;

/** A business user with its plan's name and the time it paid for, as the API shows it. */
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
        .select(['id', 'is_active', 'deactivated_at', 'password_hash'])
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

    /** `endSessions`: also raise the session version, so sign-in tokens issued before stop working. */
    async update(
      id: string,
      changes: Updateable<BusinessUsersTable>,
      options: { endSessions?: boolean } = {},
    ): Promise<void> {
      await db
        .updateTable('business_users')
        .set((eb) => ({
          ...changes,
          ...(options.endSessions ? { session_version: eb('session_version', '+', 1) } : {}),
        }))
        .where('id', '=', id)
        .execute();
    },

    /** The time the account paid for (its chained subscription periods); undefined if it never paid. */
    async subscriptionCoverage(id: string): Promise<SubscriptionCoverage | undefined> {
      const periods = await db
        .selectFrom('subscriptions')
        .select(['starts_at', 'ends_at'])
        .where('business_user_id', '=', id)
        .execute();
      return subscriptionCoverage(periods);
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
    let periods = db.selectFrom('subscriptions').select(['business_user_id', 'starts_at', 'ends_at']);
    if (onlyId) periods = periods.where('business_user_id', '=', onlyId);
    const byUser = new Map<string, { starts_at: string; ends_at: string | null }[]>();
    for (const period of await periods.execute()) {
      const list = byUser.get(period.business_user_id) ?? [];
      list.push(period);
      byUser.set(period.business_user_id, list);
    }
    return rows.map((row) => {
      // Renewals chain, so the latest period alone would show a start in the future: the
      // span paid for in one go, up to the end of the last period, is what an admin needs.
      const coverage = subscriptionCoverage(byUser.get(row.id) ?? []);
      return {
        ...row,
        subscription_starts_at: coverage?.startsAt ?? null,
        subscription_ends_at: coverage?.endsAt ?? null,
      };
    });
  }
}

export type BusinessUsersRepository = ReturnType<typeof createBusinessUsersRepository>;
