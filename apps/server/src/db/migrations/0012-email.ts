import { type Kysely, sql } from 'kysely';
import type { ColumnTypes } from './column-types';

/**
 * Email notifications (issue 13, decision 019): an outbox of mails waiting to be sent, so a
 * crash or an SMTP outage loses none and several processes send each once, and the wishes of
 * participants to get their "My connections" summary by email after the event.
 */
export function emailMigration(types: ColumnTypes) {
  const { timestamp } = types;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('email_outbox')
        .addColumn('id', 'text', (c) => c.primaryKey())
        // What the mail is about (e.g. 'receipt:<paymentId>'): the same mail is never queued twice.
        .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'sent', 'failed')`))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        // Due time; while a process sends the mail, the end of its lease.
        .addColumn('next_attempt_at', timestamp, (c) => c.notNull())
        .addColumn('last_error', 'text')
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('sent_at', timestamp)
        .execute();
      await db.schema
        .createIndex('email_outbox_due')
        .on('email_outbox')
        .columns(['status', 'next_attempt_at'])
        .execute();
      await db.schema
        .createTable('summary_emails')
        .addColumn('participant_id', 'text', (c) =>
          c.primaryKey().references('participants.id').onDelete('cascade'),
        )
        .addColumn('wheel_id', 'text', (c) => c.notNull().references('wheels.id').onDelete('cascade'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('updated_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('summary_emails_by_wheel')
        .on('summary_emails')
        .column('wheel_id')
        .execute();
    },
  };
}
