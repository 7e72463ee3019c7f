import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, EmailOutboxTable } from '../../db/schema';

export type OutboxRow = Selectable<EmailOutboxTable>;

/** The outbox and what the mails are written from (decision 019); the only SQL of email notifications. */
export function createEmailRepository(db: Kysely<Database>) {
  return {
    /** Queues a mail unless one with its dedupe key exists already; whether it was queued. */
    async enqueue(row: Insertable<EmailOutboxTable>): Promise<boolean> {
      const inserted = await db
        .insertInto('email_outbox')
        .values(row)
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    dueMails(now: string, limit: number) {
      return db
        .selectFrom('email_outbox')
        .select(['id', 'attempts'])
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .limit(limit)
        .execute();
    },

    /**
     * Takes a due mail for this process: one conditional update, so of several processes exactly
     * one gets it. Its due time moves to the end of the lease, in case this process dies sending.
     */
    claim(id: string, seenAttempts: number, now: string, leaseUntil: string): Promise<OutboxRow | undefined> {
      return db
        .updateTable('email_outbox')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: leaseUntil }))
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('attempts', '=', seenAttempts)
        .where('next_attempt_at', '<=', now)
        .returningAll()
        .executeTakeFirst();
    },

    async markSent(id: string, at: string): Promise<void> {
      await db
        .updateTable('email_outbox')
        .set({ status: 'sent', sent_at: at, last_error: null })
        .where('id', '=', id)
        .execute();
    },

    /** A failed attempt: due again at `retryAt`, or given up on when null. */
    async markAttemptFailed(id: string, error: string, retryAt: string | null): Promise<void> {
      await db
        .updateTable('email_outbox')
        .set(
          retryAt === null
            ? { status: 'failed', last_error: error }
            : { next_attempt_at: retryAt, last_error: error },
        )
        .where('id', '=', id)
        .execute();
    },

    findByDedupeKey(key: string) {
      return db
        .selectFrom('email_outbox')
        .select(['created_at', 'status'])
        .where('dedupe_key', '=', key)
        .executeTakeFirst();
    },

    countSent(keys: readonly string[]): Promise<number> {
      if (keys.length === 0) return Promise.resolve(0);
      return db
        .selectFrom('email_outbox')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('dedupe_key', 'in', keys)
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n));
    },

    /** What the receipt for a succeeded payment says. */
    receiptFacts(paymentId: string) {
      return db
        .selectFrom('payments')
        .innerJoin('business_users', 'business_users.id', 'payments.business_user_id')
        .innerJoin('plans', 'plans.id', 'payments.plan_id')
        .leftJoin('subscriptions', 'subscriptions.payment_id', 'payments.id')
        .select([
          'payments.id',
          'payments.amount_cents',
          'payments.currency',
          'payments.updated_at',
          'business_users.email',
          'business_users.first_name',
          'business_users.company_name',
          'business_users.is_active',
          'plans.name as plan_name',
          'subscriptions.ends_at',
        ])
        .where('payments.id', '=', paymentId)
        .where('payments.status', '=', 'succeeded')
        .executeTakeFirst();
    },

    activeAdmins() {
      return db.selectFrom('admins').select(['id', 'email']).where('is_active', '=', true).execute();
    },

    findSummaryWish(participantId: string) {
      return db
        .selectFrom('summary_emails')
        .select(['email'])
        .where('participant_id', '=', participantId)
        .executeTakeFirst();
    },

    async saveSummaryWish(row: {
      participant_id: string;
      wheel_id: string;
      email: string;
      updated_at: string;
    }) {
      await db
        .insertInto('summary_emails')
        .values(row)
        .onConflict((oc) =>
          oc.column('participant_id').doUpdateSet({ email: row.email, updated_at: row.updated_at }),
        )
        .execute();
    },

    async deleteSummaryWish(participantId: string): Promise<void> {
      await db.deleteFrom('summary_emails').where('participant_id', '=', participantId).execute();
    },

    /** Everyone on the wheel who asked for their summary, with the name they registered. */
    summaryWishesOn(wheelId: string) {
      return db
        .selectFrom('summary_emails')
        .innerJoin('participants', 'participants.id', 'summary_emails.participant_id')
        .select(['summary_emails.participant_id', 'summary_emails.email', 'participants.username'])
        .where('summary_emails.wheel_id', '=', wheelId)
        .orderBy('participants.created_at')
        .execute();
    },

    findWheel(wheelId: string) {
      return db
        .selectFrom('wheels')
        .select(['id', 'name', 'business_user_id'])
        .where('id', '=', wheelId)
        .executeTakeFirst();
    },
  };
}

export type EmailRepository = ReturnType<typeof createEmailRepository>;
