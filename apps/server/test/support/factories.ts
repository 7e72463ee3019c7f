import type { DatabaseHandle } from '../../src/db/database';
import { systemClock } from '../../src/lib/clock';
import { hashPassword } from '../../src/lib/passwords';
import { cryptoRandom } from '../../src/lib/random';
import { createWheelsRepository } from '../../src/modules/wheels/wheels.repository';
import { buildNewWheel, type NewWheel } from '../../src/modules/wheels/wheels.service';

/** Adds a wheel with its slots straight to the database; its id. */
export async function createTestWheel(database: DatabaseHandle, input: NewWheel): Promise<string> {
  const { row, slotIds } = buildNewWheel(input, { clock: systemClock, random: cryptoRandom });
  await createWheelsRepository(database.db).insertWithSlots(row, slotIds);
  return row.id;
}

/** Adds a business user straight to the database (active unless told otherwise); its id. */
export async function createTestBusinessUser(
  database: DatabaseHandle,
  input: { email: string; password: string; planId?: string; isActive?: boolean; firstName?: string },
): Promise<string> {
  const id = cryptoRandom.uuid();
  const now = new Date().toISOString();
  await database.db
    .insertInto('business_users')
    .values({
      id,
      first_name: input.firstName ?? 'Bea',
      last_name: 'Business',
      email: input.email.toLowerCase(),
      company_name: 'Events Ltd',
      phone_number: null,
      plan_id: input.planId ?? 'starter',
      password_hash: await hashPassword(input.password),
      is_active: input.isActive ?? true,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}
