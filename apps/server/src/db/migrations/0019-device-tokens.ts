import type { Kysely } from 'kysely';
import type { ColumnTypes } from './column-types';

/**
 * Issue 36: device tokens (decision 008). A browser that signed in to an account holds a token
 * that lets its next sign-in skip the account's delay and use the reserved hashing lane. Only
 * a sha-256 of each token is kept; a token belongs to an admin or to a business user, and goes
 * with the account when it is deleted.
 */
export function deviceTokensMigration(types: ColumnTypes) {
  const { timestamp } = types;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('device_tokens')
        // sha-256 of the token, hex: the token is 32 random bytes, so no slow hash is needed.
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        // Exactly one of the two is set.
        .addColumn('admin_id', 'text', (c) => c.references('admins.id').onDelete('cascade'))
        .addColumn('business_user_id', 'text', (c) => c.references('business_users.id').onDelete('cascade'))
        // Wrong passwords sent with this token since its last right one.
        .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('last_used_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('device_tokens_by_admin').on('device_tokens').column('admin_id').execute();
      await db.schema
        .createIndex('device_tokens_by_business_user')
        .on('device_tokens')
        .column('business_user_id')
        .execute();
    },
  };
}
