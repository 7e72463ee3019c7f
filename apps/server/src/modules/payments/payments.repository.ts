import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, PaymentEventsTable, PaymentsTable, SubscriptionsTable } from '../../db/schema';
import { insertOutboxEvent, type NewOutboxEvent } from '../event-outbox/event-outbox.repository';
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
    /** The event a settlement raises, kept with it (decision 026). */
    recordOutboxEvent: (event: NewOutboxEvent) => insertOutboxEvent(db, event),

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

    /**
     * The newest pending payment of this account for exactly this plan, amount, currency and
     * provider: one a repeated request may reuse instead of opening another intent.
     */
    findPendingPayment(payment: {
      businessUserId: string;
      planId: string;
      amountCents: number;
      currency: string;
      provider: PaymentProviderName;
    }): Promise<PaymentRow | undefined> {
      return db
        .selectFrom('payments')
        .selectAll()
        .where('business_user_id', '=', payment.businessUserId)
        .where('plan_id', '=', payment.planId)
        .where('amount_cents', '=', payment.amountCents)
        .where('currency', '=', payment.currency)
        .where('provider', '=', payment.provider)
        .where('status', '=', 'pending')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
    },

    /** When each payment of the account opened since `since` was opened, oldest first. */
    async paymentTimesSince(businessUserId: string, since: string): Promise<string[]> {
      const rows = await db
        .selectFrom('payments')
        .select('created_at')
        .where('business_user_id', '=', businessUserId)
        .where('created_at', '>=', since)
        .orderBy('created_at')
        .execute();
      return rows.map((row) => row.created_at);
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

    /**
     * Touches the business user's row first thing in a settlement: on PostgreSQL that holds
     * the row until the transaction ends, so two payments of one account settle one after the
     * other and the second sees the first's subscription. (SQLite runs one writer at a time.)
     */
    async lockBusinessUser(businessUserId: string, now: string): Promise<void> {
      await db
        .updateTable('business_users')
        .set({ updated_at: now })
        .where('id', '=', businessUserId)
        .execute();
    },

    /** Activates the account, unless an admin deactivated it: paying never reopens that. False then. */
    async activateBusinessUser(businessUserId: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('business_users')
        .set({ is_active: true, updated_at: now })
        .where('id', '=', businessUserId)
        .where('deactivated_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The account's subscription periods, to chain a new one after them. */
    subscriptionPeriods(businessUserId: string) {
      return db
        .selectFrom('subscriptions')
        .select(['starts_at', 'ends_at'])
        .where('business_user_id', '=', businessUserId)
        .execute();
    },

    async insertSubscription(subscription: Insertable<SubscriptionsTable>): Promise<void> {
      await db.insertInto('subscriptions').values(subscription).execute();
    },
  };
}

export type PaymentQueries = ReturnType<typeof paymentQueries>;
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
