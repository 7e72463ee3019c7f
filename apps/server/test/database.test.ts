import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../src/bootstrap';
import type { DatabaseHandle } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { systemClock } from '../src/lib/clock';
import { verifyPassword } from '../src/lib/passwords';
import { cryptoRandom } from '../src/lib/random';
import { createPlansRepository } from '../src/modules/business/plans.repository';
import { createWheelsRepository } from '../src/modules/wheels/wheels.repository';
import type { SeedOptions } from '../src/seed';
import { TEST_DIALECTS, type TestDatabase } from './support/databases';
import { describeEachDialect } from './support/each-dialect';
import { createTestParticipant, createTestWheel } from './support/factories';

const deps = { clock: systemClock, random: cryptoRandom };
const seedOptions: SeedOptions = {
  adminUsername: 'root',
  adminEmail: 'Root@Example.com',
  adminPassword: undefined,
};

describeEachDialect('database', (dialect) => {
  let testDatabase: TestDatabase;
  let handle: DatabaseHandle;
  let firstSeed: Awaited<ReturnType<typeof prepareDatabase>>['seedReport'];

  beforeEach(async () => {
    testDatabase = await dialect.create();
    const prepared = await prepareDatabase({ ...testDatabase, ...seedOptions }, deps);
    handle = prepared.database;
    firstSeed = prepared.seedReport;
  });
  afterEach(async () => {
    await handle.close();
    await testDatabase.drop();
  });

  const now = () => new Date().toISOString();
  const addParticipant = (wheelId: string, username: string) =>
    createTestParticipant(handle, { wheelId, username, gender: 'other' });

  it('uses the dialect it was asked for', () => {
    expect(handle.dialect).toBe(dialect.name);
  });

  it('seeds once: a second start adds nothing and prints no new password', async () => {
    expect(firstSeed.createdAdmin?.username).toBe('root');
    expect(firstSeed.createdAdmin?.generatedPassword).toMatch(/^[\w-]{16}$/);

    const again = await prepareDatabase({ ...testDatabase, ...seedOptions }, deps);
    try {
      expect(again.seedReport.createdAdmin).toBeUndefined();
      expect(again.seedReport.demoWheelId).toBe(firstSeed.demoWheelId);
      const counts = await Promise.all(
        (['plans', 'wheels', 'admins', 'slots'] as const).map(async (table) =>
          Number(
            (
              await again.database.db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ),
      );
      expect(counts).toEqual([3, 1, 1, 12]);
    } finally {
      await again.database.close();
    }
  });

  it('stores the first super admin with a hashed password that verifies', async () => {
    const admin = await handle.db.selectFrom('admins').selectAll().executeTakeFirstOrThrow();
    expect(admin).toMatchObject({
      username: 'root',
      email: 'root@example.com',
      is_super_admin: true,
      is_active: true,
    });
    expect(admin.password_hash).not.toContain(firstSeed.createdAdmin?.generatedPassword ?? '');
    expect(await verifyPassword(firstSeed.createdAdmin?.generatedPassword ?? '', admin.password_hash)).toBe(
      true,
    );
    expect(await verifyPassword('wrong password', admin.password_hash)).toBe(false);
  });

  it('round-trips booleans, timestamps and JSON the same way on both dialects', async () => {
    const plan = await createPlansRepository(handle.db).findById('professional');
    expect(plan?.featured).toBe(true);
    expect(plan?.api_access).toBe(true);
    expect(JSON.parse(plan?.features ?? '[]')).toContain('API access');

    const wheel = await createWheelsRepository(handle.db).findById(firstSeed.demoWheelId);
    expect(wheel?.is_private).toBe(false);
    expect(wheel?.rounds_paused).toBe(false);
    expect(wheel?.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const onlyFeatured = await handle.db
      .selectFrom('plans')
      .select('id')
      .where('featured', '=', true)
      .execute();
    expect(onlyFeatured).toEqual([{ id: 'professional' }]);
  });

  it('keeps one occupant per slot and one slot per participant per wheel', async () => {
    const wheelId = firstSeed.demoWheelId;
    const ada = await addParticipant(wheelId, 'ada');
    const occupy = (position: number, participantId: string) =>
      handle.db
        .updateTable('slots')
        .set({ participant_id: participantId, occupied_at: now() })
        .where('wheel_id', '=', wheelId)
        .where('position', '=', position)
        .execute();

    await occupy(0, ada);
    await expect(occupy(7, ada)).rejects.toThrow();
    const slots = await createWheelsRepository(handle.db).listSlots(wheelId);
    expect(slots.filter((slot) => slot.occupant?.id === ada).map((slot) => slot.position)).toEqual([0]);

    await expect(
      handle.db
        .insertInto('slots')
        .values({
          id: cryptoRandom.uuid(),
          wheel_id: wheelId,
          position: 0,
          participant_id: null,
          occupied_at: null,
        })
        .execute(),
    ).rejects.toThrow();
  });

  it('refuses rows that point at nothing, duplicate usernames and emails, and impossible values', async () => {
    await expect(addParticipant(cryptoRandom.uuid(), 'ghost')).rejects.toThrow();

    const admin = (username: string, email: string) =>
      handle.db
        .insertInto('admins')
        .values({
          id: cryptoRandom.uuid(),
          username,
          email,
          password_hash: 'x',
          first_name: 'A',
          last_name: 'B',
          is_super_admin: false,
          is_active: true,
          last_login_at: null,
          created_at: now(),
          updated_at: now(),
        })
        .execute();
    await expect(admin('root', 'other@example.com')).rejects.toThrow();
    await expect(admin('other', 'root@example.com')).rejects.toThrow();

    await expect(
      createTestWheel(handle, { name: 'Too big', description: 'x', slotCount: 101 }),
    ).rejects.toThrow();
    await expect(
      handle.db
        .updateTable('wheels')
        .set({ status: 'Sleeping' as 'Active' })
        .where('id', '=', firstSeed.demoWheelId)
        .execute(),
    ).rejects.toThrow();
  });

  it('removes a deleted wheel’s slots and participants with it', async () => {
    const id = await createTestWheel(handle, { name: 'Short-lived', description: 'x', slotCount: 4 });
    await addParticipant(id, 'bob');
    await handle.db.deleteFrom('wheels').where('id', '=', id).execute();
    expect(await handle.db.selectFrom('slots').select('id').where('wheel_id', '=', id).execute()).toEqual([]);
    expect(
      await handle.db.selectFrom('participants').select('id').where('wheel_id', '=', id).execute(),
    ).toEqual([]);
  });

  it('does nothing when migrated again', async () => {
    expect(await migrateToLatest(handle)).toEqual([]);
  });
});

const postgres = TEST_DIALECTS.find((dialect) => dialect.name === 'postgres');

describe.skipIf(postgres?.skipReason !== undefined)(
  `PostgreSQL connections${postgres?.skipReason ? ` (skipped: ${postgres.skipReason})` : ''}`,
  () => {
    let testDatabase: TestDatabase;
    let handle: DatabaseHandle;
    beforeEach(async () => {
      if (!postgres) throw new Error('no postgres dialect');
      testDatabase = await postgres.create();
      handle = (await prepareDatabase({ ...testDatabase, ...seedOptions }, deps)).database;
    });
    afterEach(async () => {
      await handle.close();
      await testDatabase.drop();
    });

    it('survives PostgreSQL closing its idle connections', async () => {
      await createPlansRepository(handle.db).listAll();
      const url = new URL(testDatabase.databaseUrl ?? '');
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [url.pathname.slice(1)],
        );
      } finally {
        await admin.end();
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await createPlansRepository(handle.db).listAll()).length).toBe(3);
    });
  },
);
