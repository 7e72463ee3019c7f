import type { Kysely } from 'kysely';
import type { ColumnTypes } from './column-types';

/**
 * The public API (issue 13 part 5, decision 018): organisers' API keys (only a hash of each is
 * kept), webhook subscriptions and the record of every delivery and its retries.
 */
export function apiKeysMigration(types: ColumnTypes) {
  const { timestamp } = types;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('business_user_id', 'text', (c) =>
          c.notNull().references('business_users.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('prefix', 'text', (c) => c.notNull())
        // sha-256 of the whole key, hex; the key itself is never stored.
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('last_used_at', timestamp)
        .addColumn('revoked_at', timestamp)
        .execute();
      await db.schema.createIndex('api_keys_by_owner').on('api_keys').column('business_user_id').execute();

      await db.schema
        .createTable('webhooks')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('business_user_id', 'text', (c) =>
          c.notNull().references('business_users.id').onDelete('cascade'),
        )
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('events', 'text', (c) => c.notNull()) // JSON array of WebhookEvent
        // Kept as given: signing needs the secret itself (it is shown to the owner once).
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('webhooks_by_owner').on('webhooks').column('business_user_id').execute();

      await db.schema
        .createTable('webhook_deliveries')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('webhook_id', 'text', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull()) // the JSON body, exactly as sent
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', timestamp)
        .addColumn('last_status_code', 'integer')
        .addColumn('last_error', 'text')
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('updated_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_due')
        .on('webhook_deliveries')
        .columns(['status', 'next_attempt_at'])
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_by_webhook')
        .on('webhook_deliveries')
        .column('webhook_id')
        .execute();
    },
  };
}
