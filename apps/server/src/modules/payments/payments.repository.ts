import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, PaymentEventsTable, PaymentsTable, SubscriptionsTable } from '../../db/schema';
import type { PaymentProviderName } from './payment-provider';

export type PaymentRow = Selectable<PaymentsTable>;
/** A payment with the billing period of the plan it pays for. */
export type PaymentWithPlan = PaymentRow & { plan_period: string | null };

/**
 * The payments' SQL. Settling a payment touches several tables (the payment, the event log,
 * the business user and its subscription), so those steps run in one transaction, and each
 * is conditional so that a replayed or racing provider report changes nothing.
 */
export function createPaymentsRepository(db: Kysely<Database>) {
  return {
    ...paymentQueries(db),
    /** Runs `work` in one transaction with the queries bound to it. */
    transaction<T>(work: (queries: PaymentQueries) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(paymentQueries(trx)));
    },
  };
}

function paymentQueries(db: Kysely<Database>) {
  return {
    async insertPayment(payment: Insertable<PaymentsTable>): Promise<void> {
      await db.insertInto('payments').values(payment).execute();
    },

    findByProviderPaymentId(
      provider: PaymentProviderName,
      providerPaymentId: string,
    ): Promise<PaymentWithPlan | undefined> {
      return db
        .selectFrom('payments')
        .innerJoin('plans', 'plans.id', 'payments.plan_id')
        .selectAll('payments')
        .select('plans.period as plan_period')
        .where('payments.provider', '=', provider)
        .where('payments.provider_payment_id', '=', providerPaymentId)
        .executeTakeFirst();
    },

    /** Notes a provider event as handled; false when it was handled before (a replay). */
    async recordEvent(event: Insertable<PaymentEventsTable>): Promise<boolean> {
      const result = await db
        .insertInto('payment_events')
        .values(event)
        .onConflict((conflict) => conflict.column('id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** False when the payment had already succeeded. */
    async markSucceeded(paymentId: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('payments')
        .set({ status: 'succeeded', failure_message: null, updated_at: now })
        .where('id', '=', paymentId)
        .where('status', '<>', 'succeeded')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** A payment that already succeeded stays so (a late failure report changes nothing); false then. */
    async markFailed(paymentId: string, message: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('payments')
        .set({ status: 'failed', failure_message: message, updated_at: now })
        .where('id', '=', paymentId)
        .where('status', '<>', 'succeeded')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async activateBusinessUser(businessUserId: string, now: string): Promise<void> {
      await db
        .updateTable('business_users')
        .set({ is_active: true, updated_at: now })
        .where('id', '=', businessUserId)
        .execute();
    },

    async insertSubscription(subscription: Insertable<SubscriptionsTable>): Promise<void> {
      await db.insertInto('subscriptions').values(subscription).execute();
    },
  };
}

export type PaymentQueries = ReturnType<typeof paymentQueries>;
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
