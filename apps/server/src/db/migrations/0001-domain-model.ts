import { type Kysely, sql } from 'kysely';
import type { ColumnTypes } from './column-types';

/** The whole domain model of spec section 3, with the constraints that keep it whole. */
export function domainModelMigration(types: ColumnTypes) {
  const { timestamp, boolean } = types;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('plans')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents >= 0`))
        .addColumn('period', 'text')
        .addColumn('features', 'text', (c) => c.notNull())
        .addColumn('featured', boolean, (c) => c.notNull().defaultTo(false))
        .addColumn('max_participants_per_wheel', 'integer', (c) =>
          c.check(sql`max_participants_per_wheel > 0`),
        )
        .addColumn('support_level', 'text', (c) =>
          c.notNull().check(sql`support_level in ('email', 'priority', 'dedicated')`),
        )
        .addColumn('api_access', boolean, (c) => c.notNull().defaultTo(false))
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('business_users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('company_name', 'text', (c) => c.notNull())
        .addColumn('phone_number', 'text')
        .addColumn('plan_id', 'text', (c) => c.notNull().references('plans.id'))
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('is_active', boolean, (c) => c.notNull().defaultTo(false))
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('updated_at', timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('admins')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('is_super_admin', boolean, (c) => c.notNull().defaultTo(false))
        .addColumn('is_active', boolean, (c) => c.notNull().defaultTo(true))
        .addColumn('last_login_at', timestamp)
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('updated_at', timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('wheels')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('slot_count', 'integer', (c) => c.notNull().check(sql`slot_count between 2 and 100`))
        .addColumn('current_round', 'integer', (c) => c.notNull().defaultTo(0).check(sql`current_round >= 0`))
        .addColumn('last_spin_date', timestamp)
        .addColumn('round_seconds', 'integer', (c) => c.check(sql`round_seconds > 0`))
        .addColumn('rounds_paused', boolean, (c) => c.notNull().defaultTo(false))
        .addColumn('is_private', boolean, (c) => c.notNull().defaultTo(false))
        .addColumn('requires_access_code', boolean, (c) => c.notNull().defaultTo(false))
        .addColumn('access_code', 'text')
        .addColumn('expires_at', timestamp)
        .addColumn('price_cents', 'integer', (c) => c.notNull().defaultTo(0).check(sql`price_cents >= 0`))
        .addColumn('rules', 'text')
        .addColumn('guidelines', 'text')
        .addColumn('status', 'text', (c) =>
          c
            .notNull()
            .defaultTo('Active')
            .check(sql`status in ('Active', 'Inactive', 'Completed', 'Expired')`),
        )
        .addColumn('registration_fields', 'text')
        .addColumn('business_user_id', 'text', (c) => c.references('business_users.id').onDelete('cascade'))
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('updated_at', timestamp, (c) => c.notNull())
        // A wheel that asks for a code must have one.
        .addCheckConstraint(
          'wheels_access_code_present',
          sql`requires_access_code = ${sql.lit(false)} or access_code is not null`,
        )
        .execute();
      await db.schema
        .createIndex('wheels_business_user_idx')
        .on('wheels')
        .column('business_user_id')
        .execute();

      await db.schema
        .createTable('participants')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('wheel_id', 'text', (c) => c.notNull().references('wheels.id').onDelete('cascade'))
        .addColumn('session_id', 'text', (c) => c.notNull())
        .addColumn('username', 'text')
        .addColumn('age', 'integer', (c) => c.check(sql`age between 18 and 100`))
        .addColumn('gender', 'text', (c) => c.check(sql`gender in ('male', 'female', 'other')`))
        .addColumn('short_bio', 'text')
        .addColumn('who_am_i', 'text')
        .addColumn('interests', 'text')
        .addColumn('registration_data', 'text', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('participants_wheel_idx').on('participants').column('wheel_id').execute();

      await db.schema
        .createTable('slots')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('wheel_id', 'text', (c) => c.notNull().references('wheels.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull().check(sql`position >= 0`))
        .addColumn('participant_id', 'text', (c) => c.references('participants.id').onDelete('set null'))
        .addColumn('occupied_at', timestamp)
        // One slot per position, and one slot per participant per wheel (NULLs, free slots, do not collide).
        .addUniqueConstraint('slots_wheel_position_unique', ['wheel_id', 'position'])
        .addUniqueConstraint('slots_wheel_participant_unique', ['wheel_id', 'participant_id'])
        .addCheckConstraint(
          'slots_occupied_at_with_occupant',
          sql`(participant_id is null) = (occupied_at is null)`,
        )
        .execute();

      await db.schema
        .createTable('matches')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('wheel_id', 'text', (c) => c.notNull().references('wheels.id').onDelete('cascade'))
        .addColumn('round', 'integer', (c) => c.notNull().check(sql`round > 0`))
        .addColumn('user1_id', 'text', (c) => c.notNull().references('participants.id').onDelete('cascade'))
        .addColumn('user2_id', 'text', (c) => c.notNull().references('participants.id').onDelete('cascade'))
        .addColumn('status', 'text', (c) =>
          c.notNull().defaultTo('Pending').check(sql`status in ('Pending', 'Accepted', 'Rejected')`),
        )
        .addColumn('accepted_by_user1', boolean, (c) => c.notNull().defaultTo(false))
        .addColumn('accepted_by_user2', boolean, (c) => c.notNull().defaultTo(false))
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('call_started_at', timestamp)
        .addColumn('call_ended_at', timestamp)
        .addCheckConstraint('matches_two_people', sql`user1_id <> user2_id`)
        // Someone is in at most one match per round.
        .addUniqueConstraint('matches_round_user1_unique', ['wheel_id', 'round', 'user1_id'])
        .addUniqueConstraint('matches_round_user2_unique', ['wheel_id', 'round', 'user2_id'])
        .execute();

      await db.schema
        .createTable('demo_requests')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('contact_person', 'text', (c) => c.notNull())
        .addColumn('phone_number', 'text', (c) => c.notNull())
        .addColumn('company_name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('requested_at', timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('payments')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('business_user_id', 'text', (c) =>
          c.notNull().references('business_users.id').onDelete('cascade'),
        )
        .addColumn('plan_id', 'text', (c) => c.notNull().references('plans.id'))
        .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('stripe', 'test')`))
        .addColumn('provider_payment_id', 'text', (c) => c.notNull())
        .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents >= 0`))
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('pending', 'succeeded', 'failed')`),
        )
        .addColumn('failure_message', 'text')
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('updated_at', timestamp, (c) => c.notNull())
        .addUniqueConstraint('payments_provider_payment_unique', ['provider', 'provider_payment_id'])
        .execute();

      await db.schema
        .createTable('payment_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('received_at', timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('subscriptions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('business_user_id', 'text', (c) =>
          c.notNull().references('business_users.id').onDelete('cascade'),
        )
        .addColumn('plan_id', 'text', (c) => c.notNull().references('plans.id'))
        .addColumn('payment_id', 'text', (c) => c.references('payments.id').onDelete('set null').unique())
        .addColumn('starts_at', timestamp, (c) => c.notNull())
        .addColumn('ends_at', timestamp)
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', timestamp, (c) => c.notNull())
        .execute();
    },
  };
}
