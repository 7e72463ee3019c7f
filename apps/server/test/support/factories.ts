import type { WebhookEvent } from '@wheelmeet/contracts';
import type { DatabaseHandle } from '../../src/db/database';
import type { ParticipantsTable } from '../../src/db/schema';
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

/** A wheel's slot ids in position order: index `i` holds the slot at position `i`. */
export async function slotIdsOf(database: DatabaseHandle, wheelId: string): Promise<string[]> {
  const slots = await database.db
    .selectFrom('slots')
    .select('id')
    .where('wheel_id', '=', wheelId)
    .orderBy('position')
    .execute();
  return slots.map((slot) => slot.id);
}

/**
 * Adds a participant straight to the database (aged 30, no username, gender or email unless
 * told, an empty registration, a session of their own, created now unless told otherwise); their id.
 */
export async function createTestParticipant(
  database: DatabaseHandle,
  input: {
    wheelId: string;
    username?: string;
    gender?: ParticipantsTable['gender'];
    createdAt?: string;
    id?: string;
    sessionId?: string;
    email?: string;
  },
): Promise<string> {
  const id = input.id ?? cryptoRandom.uuid();
  await database.db
    .insertInto('participants')
    .values({
      id,
      wheel_id: input.wheelId,
      session_id: input.sessionId ?? cryptoRandom.uuid(),
      username: input.username ?? null,
      age: 30,
      gender: input.gender ?? null,
      short_bio: null,
      who_am_i: null,
      interests: null,
      registration_data: '{}',
      created_at: input.createdAt ?? new Date().toISOString(),
      email: input.email ?? null,
    })
    .execute();
  return id;
}

/**
 * Adds an open round-1 match straight to the database, made at `at` and to be answered by then:
 * pending, or accepted by both with no call started; its id.
 */
export async function createTestOpenMatch(
  database: DatabaseHandle,
  input: { wheelId: string; user1Id: string; user2Id: string; accepted: boolean; at: string },
): Promise<string> {
  const id = cryptoRandom.uuid();
  await database.db
    .insertInto('matches')
    .values({
      id,
      wheel_id: input.wheelId,
      round: 1,
      user1_id: input.user1Id,
      user2_id: input.user2Id,
      status: input.accepted ? 'Accepted' : 'Pending',
      accepted_by_user1: input.accepted,
      accepted_by_user2: input.accepted,
      created_at: input.at,
      call_started_at: null,
      call_ended_at: null,
      answer_by: input.at,
    })
    .execute();
  return id;
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

/** Subscribes a business user to webhook events, straight in the database, at a URL nothing here listens on; its id. */
export async function createTestWebhook(
  database: DatabaseHandle,
  input: { businessUserId: string; events: WebhookEvent[] },
): Promise<string> {
  const id = cryptoRandom.uuid();
  await database.db
    .insertInto('webhooks')
    .values({
      id,
      business_user_id: input.businessUserId,
      url: 'https://crm.example.com/hooks',
      events: JSON.stringify(input.events),
      secret: 'whsec_test',
      created_at: new Date().toISOString(),
    })
    .execute();
  return id;
}
