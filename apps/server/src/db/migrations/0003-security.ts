import type { Kysely } from 'kysely';
import type { ColumnTypes } from './column-types';

/**
 * What the security review asked the data to remember (issue 10): a session version per
 * account, so a password change, deactivation or role change ends the tokens issued before
 * it; when an admin deactivated a business account, kept apart from "never paid"; and a
 * version of each wheel's access code, so a grant for an old code stops opening the wheel.
 */
export function securityMigration(types: ColumnTypes) {
  const { timestamp } = types;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('admins')
        .addColumn('session_version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('business_users')
        .addColumn('session_version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('business_users').addColumn('deactivated_at', timestamp).execute();
      await db.schema
        .alterTable('wheels')
        .addColumn('access_code_version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
