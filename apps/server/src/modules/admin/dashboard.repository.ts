import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Read-only figures across features for the admin dashboard. */
export function createDashboardRepository(db: Kysely<Database>) {
  const count = async (query: Promise<{ count: number | string | bigint } | undefined>) =>
    Number((await query)?.count ?? 0);
  return {
    async stats() {
      const [participants, activeWheels, businessUsers, revenue] = await Promise.all([
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
        businessUsers,
        revenueCentsByCurrency: revenue.map((row) => ({ currency: row.currency, cents: Number(row.cents) })),
      };
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
