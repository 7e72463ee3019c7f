import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Read-only figures across features for the admin area's dashboard. */
export function createDashboardRepository(db: Kysely<Database>) {
  const count = async (query: Promise<{ count: number | string | bigint } | undefined>) =>
    Number((await query)?.count ?? 0);
  return {
    /** `now` (ISO): a subscription period that runs at this moment makes an account a paying one. */
    async stats(now: string) {
      const [participants, activeWheels, payingBusinessUsers, businessSignUps, revenue] = await Promise.all([
        count(
          db
            .selectFrom('participants')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .executeTakeFirst(),
        ),
        count(
          db
            .selectFrom('wheels')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .where('status', '=', 'Active')
            .executeTakeFirst(),
        ),
        // Paying: not switched off, and a paid period covers now. A sign-up that never paid has
        // no period; an admin-made account without a payment has none either.
        count(
          db
            .selectFrom('business_users')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .where('business_users.is_active', '=', true)
            .where((eb) =>
              eb.exists(
                eb
                  .selectFrom('subscriptions')
                  .select('subscriptions.id')
                  .whereRef('subscriptions.business_user_id', '=', 'business_users.id')
                  .where('subscriptions.starts_at', '<=', now)
                  .where((period) =>
                    period.or([
                      period('subscriptions.ends_at', 'is', null),
                      period('subscriptions.ends_at', '>', now),
                    ]),
                  ),
              ),
            )
            .executeTakeFirst(),
        ),
        count(
          db
            .selectFrom('business_users')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .executeTakeFirst(),
        ),
        db
          .selectFrom('payments')
          .select(['currency', (eb) => eb.fn.sum<number>('amount_cents').as('cents')])
          .where('status', '=', 'succeeded')
          .groupBy('currency')
          .execute(),
      ]);
      return {
        participants,
        activeWheels,
        payingBusinessUsers,
        businessSignUps,
        revenueCentsByCurrency: revenue.map((row) => ({ currency: row.currency, cents: Number(row.cents) })),
      };
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
