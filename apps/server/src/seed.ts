import { WHEEL_SLOT_COUNT_DEFAULT } from '@wheelmeet/contracts';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { toJsonColumn } from './db/json';
import type { Database, PlansTable } from './db/schema';
import type { Clock } from './lib/clock';
import { hashPassword } from './lib/passwords';
import type { Random } from './lib/random';
import { createAdminsRepository } from './modules/admin/admins.repository';
import { createPlansRepository } from './modules/business/plans.repository';
import { createSettingsRepository } from './modules/settings/settings.repository';
import { createWheelsRepository } from './modules/wheels/wheels.repository';
import { buildNewWheel } from './modules/wheels/wheels.service';

/** Monthly prices in cents. The spec leaves prices open; these are ours. */
export const SEED_PLANS: PlansTable[] = [
  {
    id: 'starter',
    name: 'Starter',
    description: 'For meetups and small events getting started with speed networking.',
    price_cents: 2900,
    period: 'month',
    features: toJsonColumn([
      'Up to 50 participants per wheel',
      'Unlimited wheels',
      'Public and private wheels',
      'Peer-to-peer video calls',
      'Email support',
    ]),
    featured: false,
    max_participants_per_wheel: 50,
    support_level: 'email',
    api_access: false,
    sort_order: 1,
  },
  {
    id: 'professional',
    name: 'Professional',
    description: 'For conferences and communities that run networking every week.',
    price_cents: 9900,
    period: 'month',
    features: toJsonColumn([
      'Up to 200 participants per wheel',
      'Everything in Starter',
      'Custom registration forms',
      'Event reports and analytics',
      'API access',
      'Priority support',
    ]),
    featured: true,
    max_participants_per_wheel: 200,
    support_level: 'priority',
    api_access: true,
    sort_order: 2,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    description: 'For organisations running networking at scale, with a team behind them.',
    price_cents: 29900,
    period: 'month',
    features: toJsonColumn([
      'Unlimited participants',
      'Everything in Professional',
      'API access',
      '24/7 dedicated support',
    ]),
    featured: false,
    max_participants_per_wheel: null,
    support_level: 'dedicated',
    api_access: true,
    sort_order: 3,
  },
];

export const DEMO_WHEEL = {
  name: 'WheelMeet Demo',
  description: 'Try WheelMeet: take a slot, wait for the spin, and meet the person facing you.',
  slotCount: WHEEL_SLOT_COUNT_DEFAULT,
  // Issue 35: each round's match opens with one of these, so a first conversation has a start.
  prompts: [
    'What are you working on this week?',
    'What is something you learned recently?',
    'What would make today worth it for you?',
  ],
};

const DEMO_WHEEL_SETTING = 'seed.demoWheelId';

export interface SeedOptions {
  adminUsername: string;
  adminEmail: string;
  /** Unset: a random password is generated and reported once. */
  adminPassword: string | undefined;
}

export interface SeedReport {
  /** Set only on the start that created the first admin. */
  createdAdmin?: { username: string; generatedPassword?: string };
  demoWheelId: string;
}

/**
 * Fills an empty database with what a new install needs: the plans, one public demo wheel,
 * and the first super admin. Safe to run on every start: what exists is left alone, and a
 * demo wheel that an admin deleted is not brought back.
 */
export async function seedDatabase(
  db: Kysely<Database>,
  options: SeedOptions,
  deps: { clock: Clock; random: Random },
): Promise<SeedReport> {
  const plans = createPlansRepository(db);
  for (const plan of SEED_PLANS) await plans.insertIfMissing(plan);

  const report: SeedReport = { demoWheelId: await ensureDemoWheel(db, deps) };

  const admins = createAdminsRepository(db);
  if ((await admins.count()) === 0) {
    const generatedPassword = options.adminPassword ? undefined : deps.random.token(12);
    const now = deps.clock.now().toISOString();
    await admins.insert({
      id: deps.random.uuid(),
      username: options.adminUsername,
      email: options.adminEmail.toLowerCase(),
      password_hash: await hashPassword(options.adminPassword ?? generatedPassword ?? ''),
      first_name: 'Platform',
      last_name: 'Admin',
      is_super_admin: true,
      is_active: true,
      last_login_at: null,
      created_at: now,
      updated_at: now,
    });
    report.createdAdmin = {
      username: options.adminUsername,
      ...(generatedPassword ? { generatedPassword } : {}),
    };
  }
  return report;
}

async function ensureDemoWheel(
  db: Kysely<Database>,
  deps: { clock: Clock; random: Random },
): Promise<string> {
  const settings = createSettingsRepository(db);
  const recorded = await settings.get(DEMO_WHEEL_SETTING, z.string());
  if (recorded) return recorded;

  const { row, slotIds } = buildNewWheel(DEMO_WHEEL, deps);
  await createWheelsRepository(db).insertWithSlots(row, slotIds);
  await settings.set(DEMO_WHEEL_SETTING, row.id, deps.clock.now().toISOString());
  return row.id;
}
