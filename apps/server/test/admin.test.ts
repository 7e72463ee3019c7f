import type {
  AdminUser,
  AdminWheel,
  AdminWheelRow,
  BusinessUser,
  BusinessUserReport,
  DashboardStats,
  DemoRequestView,
  ErrorBody,
  Settings,
} from '@wheelmeet/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createWheelsAdminRepository } from '../src/modules/wheels-admin/wheels-admin.repository';
import { describeEachDialect } from './support/each-dialect';
import { createTestBusinessUser, createTestParticipant, slotIdsOf } from './support/factories';
import { ManualClock } from './support/manual-clock';
import { signIn } from './support/staff';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './support/test-app';

describeEachDialect('admin area', (dialect) => {
  let t: TestApp;
  const clock = new ManualClock();
  let superAdmin: Awaited<ReturnType<typeof signIn>>;

  beforeAll(async () => {
    t = await startTestApp(dialect, { clock });
    superAdmin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
  });
  afterAll(() => t?.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const errorOf = (response: { json: <T>() => T }) => response.json<ErrorBody>().error;

  it('signs in the seeded super admin and tells who is signed in', async () => {
    expect(superAdmin).toMatchObject({
      userType: 'Admin',
      profile: { firstName: 'Platform', isSuperAdmin: true },
    });
    expect(superAdmin.admin?.lastLoginAt).toBe(clock.now().toISOString());
    const profile = await call('GET', '/api/admin/profile', superAdmin.headers);
    expect(profile.json()).toEqual({ profile: superAdmin.profile, userType: 'Admin' });
    expect((await call('GET', '/api/admin/profile', {})).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/profile', { authorization: 'Bearer nonsense' })).statusCode).toBe(
      401,
    );
  });

  it('refuses wrong credentials without saying which part was wrong, and throttles guessing', async () => {
    const wrongPassword = await call('POST', '/api/admin/login', {}, { username: 'admin', password: 'nope' });
    const unknownUser = await call('POST', '/api/admin/login', {}, { username: 'nobody', password: 'nope' });
    for (const response of [wrongPassword, unknownUser]) {
      expect(response.statusCode).toBe(401);
      expect(errorOf(response)).toEqual({
        code: 'unauthorized',
        reason: 'unauthorized',
        message: 'Invalid username or password',
      });
    }
    const blank = await call('POST', '/api/admin/login', {}, { username: ' ', password: '' });
    expect(errorOf(blank).details).toEqual([
      { path: 'body.username', message: 'Username is required' },
      { path: 'body.password', message: 'Password is required' },
    ]);

    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect(
        (await call('POST', '/api/admin/login', {}, { username: 'nobody', password: 'x' })).statusCode,
      ).toBe(401);
    }
    const throttled = await call('POST', '/api/admin/login', {}, { username: 'nobody', password: 'x' });
    expect(throttled.statusCode).toBe(429);
    // Another account is not locked out by someone guessing at 'nobody'.
    expect(
      (await call('POST', '/api/admin/login', {}, { username: 'admin', password: TEST_ADMIN_PASSWORD }))
        .statusCode,
    ).toBe(200);
    clock.advance(15 * 60_000 + 1);
    expect(
      (await call('POST', '/api/admin/login', {}, { username: 'nobody', password: 'x' })).statusCode,
    ).toBe(401);
  });

  it('signs in a business user by email, and refuses one whose account is not active', async () => {
    await createTestBusinessUser(t.database, {
      email: `Bea-${dialect.name}@Example.com`,
      password: 'business-pass',
    });
    const bea = await signIn(t.app, `bea-${dialect.name}@example.com`, 'business-pass');
    expect(bea).toMatchObject({
      userType: 'BusinessUser',
      profile: { firstName: 'Bea', isSuperAdmin: false },
    });
    await createTestBusinessUser(t.database, {
      email: `idle-${dialect.name}@example.com`,
      password: 'business-pass',
      isActive: false,
    });
    const idle = await call(
      'POST',
      '/api/admin/login',
      {},
      { username: `idle-${dialect.name}@example.com`, password: 'business-pass' },
    );
    expect(idle.statusCode).toBe(403);
    expect(errorOf(idle).message).toMatch(/not active/);
  });

  it('lets a super admin manage admins, keeping the last super admin and their own account', async () => {
    const created = await call('POST', '/api/admin/users', superAdmin.headers, {
      username: `ops-${dialect.name}`,
      email: `ops-${dialect.name}@example.com`,
      firstName: 'Olli',
      lastName: 'Ops',
      password: 'ops-password',
    });
    expect(created.statusCode).toBe(201);
    const ops = created.json<AdminUser>();
    expect(ops).toMatchObject({ isSuperAdmin: false, isActive: true, lastLoginAt: null });

    const duplicate = await call('POST', '/api/admin/users', superAdmin.headers, {
      username: `ops-${dialect.name}`,
      email: 'other@example.com',
      firstName: 'A',
      lastName: 'B',
      password: 'ops-password',
    });
    expect(duplicate.statusCode).toBe(409);
    const missing = await call('POST', '/api/admin/users', superAdmin.headers, {
      username: '',
      email: 'x',
      firstName: '',
      lastName: '',
    });
    expect(errorOf(missing).details?.map((detail) => detail.message)).toEqual(
      expect.arrayContaining([
        'Username is required',
        'Please enter a valid email address',
        'First name is required',
        'Last name is required',
        'Password is required',
      ]),
    );

    // A blank password on edit keeps the current one.
    const edited = await call('PUT', `/api/admin/users/${ops.id}`, superAdmin.headers, {
      username: ops.username,
      email: ops.email,
      firstName: 'Olivia',
      lastName: 'Ops',
      password: '',
      isSuperAdmin: false,
      isActive: true,
    });
    expect(edited.json<AdminUser>().firstName).toBe('Olivia');
    const opsSession = await signIn(t.app, ops.username, 'ops-password');
    expect((await call('GET', '/api/admin/users', opsSession.headers)).statusCode).toBe(403);

    const me = superAdmin.profile.id;
    const selfDelete = await call('DELETE', `/api/admin/users/${me}`, superAdmin.headers);
    expect(selfDelete.statusCode).toBe(409);
    const demote = await call('PUT', `/api/admin/users/${me}`, superAdmin.headers, {
      username: 'admin',
      email: 'admin@wheelmeet.local',
      firstName: 'Platform',
      lastName: 'Admin',
      isSuperAdmin: false,
      isActive: true,
    });
    expect(errorOf(demote).message).toBe(
      'The last active super admin cannot be deleted, deactivated or demoted.',
    );

    expect((await call('DELETE', `/api/admin/users/${ops.id}`, superAdmin.headers)).statusCode).toBe(204);
    // A deleted admin's token stops working at once.
    expect((await call('GET', '/api/admin/profile', opsSession.headers)).statusCode).toBe(401);
  });

  it('creates, edits and deletes wheels with the spec’s rules and messages', async () => {
    const invalid = await call('POST', '/api/admin/wheels', superAdmin.headers, {
      name: ' ',
      description: '',
      slotCount: 13,
      price: -1,
      isPrivate: true,
    });
    expect(invalid.statusCode).toBe(400);
    expect(errorOf(invalid).details).toEqual(
      expect.arrayContaining([
        { path: 'body.name', message: 'Name is required' },
        { path: 'body.description', message: 'Description is required' },
        {
          path: 'body.slotCount',
          message: 'Slot count must be an even number from 2 to 100 (each ring holds half)',
        },
        { path: 'body.price', message: 'Price cannot be negative' },
      ]),
    );
    const noCode = await call('POST', '/api/admin/wheels', superAdmin.headers, {
      name: 'P',
      description: 'd',
      isPrivate: true,
    });
    expect(errorOf(noCode).details).toEqual([
      { path: 'body.accessCode', message: 'A private wheel needs an access code' },
    ]);

    const created = await call('POST', '/api/admin/wheels', superAdmin.headers, {
      name: 'Founders night',
      description: 'Meet the founders',
      isPrivate: true,
      accessCode: 'K7Q-2XM-9PW',
      expiresAt: '2026-12-31',
      price: 12.5,
      rules: '',
      registrationFields: {
        enabled: true,
        fields: [
          { id: 'u', name: 'username', label: 'Username', type: 'text', required: true, enabled: true },
        ],
      },
    });
    expect(created.statusCode).toBe(201);
    const wheel = created.json<AdminWheel>();
    expect(wheel).toMatchObject({
      slotCount: 12,
      status: 'Active',
      accessCode: 'K7Q-2XM-9PW',
      requiresAccessCode: true,
      expiresAt: '2026-12-31T00:00:00.000Z',
      price: 12.5,
      rules: null,
      participantCount: 0,
      seatedCount: 0,
    });

    const updated = await call('PUT', `/api/admin/wheels/${wheel.id}`, superAdmin.headers, {
      name: 'Founders night 2',
      description: 'Meet the founders again',
      isPrivate: false,
      status: 'Inactive',
      roundSeconds: 45,
      answerSeconds: 20,
      callMinutes: 7,
      slotCount: 2,
    });
    expect(updated.json<AdminWheel>()).toMatchObject({
      name: 'Founders night 2',
      slotCount: 12,
      requiresAccessCode: false,
      accessCode: null,
      status: 'Inactive',
      roundSeconds: 45,
      effectiveRoundSeconds: 45,
      answerSeconds: 20,
      effectiveAnswerSeconds: 20,
      callMinutes: 7,
      effectiveCallMinutes: 7,
    });
    const tooShort = await call('PUT', `/api/admin/wheels/${wheel.id}`, superAdmin.headers, {
      name: 'Founders night 2',
      description: 'Meet the founders again',
      answerSeconds: 5,
    });
    expect(tooShort.statusCode).toBe(400);
    expect(errorOf(tooShort).details).toEqual([
      { path: 'body.answerSeconds', message: 'People need at least 10 seconds to answer' },
    ]);
    const list = (await call('GET', '/api/admin/wheels', superAdmin.headers)).json<AdminWheelRow[]>();
    expect(list.map((row) => row.id)).toContain(wheel.id);

    expect((await call('DELETE', `/api/admin/wheels/${wheel.id}`, superAdmin.headers)).statusCode).toBe(204);
    expect((await call('GET', `/api/admin/wheels/${wheel.id}`, superAdmin.headers)).statusCode).toBe(404);
  });

  it('keeps business users to their own wheels, within their plan', async () => {
    await createTestBusinessUser(t.database, {
      email: `a-${dialect.name}@example.com`,
      password: 'business-pass',
    });
    await createTestBusinessUser(t.database, {
      email: `b-${dialect.name}@example.com`,
      password: 'business-pass',
    });
    const a = await signIn(t.app, `a-${dialect.name}@example.com`, 'business-pass');
    const b = await signIn(t.app, `b-${dialect.name}@example.com`, 'business-pass');

    const tooBig = await call('POST', '/api/admin/wheels', a.headers, {
      name: 'Huge',
      description: 'd',
      slotCount: 52,
    });
    expect(errorOf(tooBig).message).toBe(
      'Your plan admits at most 50 participants per wheel, so a wheel can have at most 50 slots.',
    );
    const created = await call('POST', '/api/admin/wheels', a.headers, {
      name: 'A’s wheel',
      description: 'd',
      businessUserId: b.profile.id,
    });
    const wheel = created.json<AdminWheel>();
    expect(wheel.businessUserId).toBe(a.profile.id);

    expect(
      (await call('GET', '/api/admin/wheels', a.headers)).json<AdminWheelRow[]>().map((row) => row.id),
    ).toEqual([wheel.id]);
    expect((await call('GET', '/api/admin/wheels', b.headers)).json<AdminWheelRow[]>()).toEqual([]);
    for (const [method, url] of [
      ['GET', `/api/admin/wheels/${wheel.id}`],
      ['PUT', `/api/admin/wheels/${wheel.id}`],
      ['DELETE', `/api/admin/wheels/${wheel.id}`],
      ['POST', `/api/admin/wheels/${wheel.id}/rounds`],
    ] as const) {
      const response = await call(
        method,
        url,
        b.headers,
        method === 'PUT'
          ? { name: 'x', description: 'y' }
          : method === 'POST'
            ? { action: 'pause' }
            : undefined,
      );
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }

    const paused = await call('POST', `/api/admin/wheels/${wheel.id}/rounds`, a.headers, { action: 'pause' });
    expect(paused.json<AdminWheel>()).toMatchObject({ roundsPaused: true, nextSpinAt: null });
    const spinNow = await call('POST', `/api/admin/wheels/${wheel.id}/rounds`, a.headers, {
      action: 'spin-now',
    });
    expect(spinNow.json<AdminWheel>()).toMatchObject({
      roundsPaused: false,
      nextSpinAt: clock.now().toISOString(),
    });
  });

  it('keeps settings on the server with the SMTP password write-only', async () => {
    const defaults = (await call('GET', '/api/admin/settings', superAdmin.headers)).json<Settings>();
    expect(defaults).toMatchObject({
      maxWheelParticipants: 20,
      defaultMatchDuration: 7,
      smtpPort: 587,
      smtpPasswordSet: false,
    });
    const { smtpPasswordSet: _ignored, ...editable } = defaults;
    const outOfRange = await call('PUT', '/api/admin/settings', superAdmin.headers, {
      ...editable,
      maxWheelParticipants: 101,
      defaultMatchDuration: 0,
    });
    expect(errorOf(outOfRange).details?.map((detail) => detail.message)).toEqual([
      'Max participants must be from 2 to 100',
      'Match duration must be from 1 to 30 days',
    ]);
    const saved = await call('PUT', '/api/admin/settings', superAdmin.headers, {
      ...editable,
      siteName: 'Meetly',
      smtpPassword: 'mail-secret',
    });
    expect(saved.body).not.toContain('mail-secret');
    expect(saved.json<Settings>()).toMatchObject({ siteName: 'Meetly', smtpPasswordSet: true });
    const kept = await call('PUT', '/api/admin/settings', superAdmin.headers, {
      ...editable,
      siteName: 'Meetly',
      smtpPassword: '',
    });
    expect(kept.json<Settings>().smtpPasswordSet).toBe(true);
  });

  it('counts participants, active wheels, business users and revenue on the dashboard', async () => {
    const stats = (
      await call('GET', '/api/admin/dashboard/stats', superAdmin.headers)
    ).json<DashboardStats>();
    expect(stats.activeWheels).toBeGreaterThanOrEqual(1);
    expect(stats.businessSignUps).toBeGreaterThanOrEqual(2);
    expect(stats.businessUsers).toBeLessThanOrEqual(stats.businessSignUps);
    expect(stats.totalRevenue).toBe(
      Object.values(stats.revenueByCurrency).reduce((sum, value) => sum + value, 0),
    );
  });

  it('counts as business users only paying accounts; every sign-up counts apart', async () => {
    const stats = async () =>
      (await call('GET', '/api/admin/dashboard/stats', superAdmin.headers)).json<DashboardStats>();
    const before = await stats();

    // Periods far from any 'now' the test could run at, so the answer does not hang on the clock.
    const period = async (businessUserId: string, startsAt: string, endsAt: string | null) =>
      t.database.db
        .insertInto('subscriptions')
        .values({
          id: crypto.randomUUID(),
          business_user_id: businessUserId,
          plan_id: 'starter',
          payment_id: null,
          starts_at: startsAt,
          ends_at: endsAt,
          created_at: startsAt,
        })
        .execute();
    const account = (name: string, isActive = true) =>
      createTestBusinessUser(t.database, {
        email: `${name}-${dialect.name}@example.com`,
        password: 'business-pass',
        isActive,
      });

    // Paying: a period running now, or one that never ends.
    await period(await account('paying'), '2020-01-01T00:00:00.000Z', '2100-01-01T00:00:00.000Z');
    await period(await account('paying-forever'), '2020-01-01T00:00:00.000Z', null);
    // Not paying: never paid (a sign-up, or an account an admin made), paid time over, paid
    // time not begun, or switched off by an admin.
    const signUp = await call(
      'POST',
      '/api/business/register',
      {},
      {
        firstName: 'Sam',
        lastName: 'Signup',
        email: `signup-${dialect.name}@example.com`,
        password: 'sign-up-password',
        companyName: 'Sam Co',
        planId: 'starter',
      },
    );
    expect(signUp.statusCode).toBe(201);
    await account('admin-made');
    await period(await account('lapsed'), '2020-01-01T00:00:00.000Z', '2020-02-01T00:00:00.000Z');
    await period(await account('later'), '2100-01-01T00:00:00.000Z', '2100-02-01T00:00:00.000Z');
    await period(await account('switched-off', false), '2020-01-01T00:00:00.000Z', null);

    const after = await stats();
    expect(after.businessUsers - before.businessUsers).toBe(2);
    expect(after.businessSignUps - before.businessSignUps).toBe(7);
  });

  it('tells the people seated now apart from everyone who registered on a wheel', async () => {
    const wheel = (
      await call('POST', '/api/admin/wheels', superAdmin.headers, {
        name: 'Seats and sign-ups',
        description: 'd',
        slotCount: 4,
      })
    ).json<AdminWheel>();
    const people: string[] = [];
    for (let count = 0; count < 3; count += 1)
      people.push(
        await createTestParticipant(t.database, { wheelId: wheel.id, createdAt: clock.now().toISOString() }),
      );
    const rowOf = async () =>
      (await call('GET', '/api/admin/wheels', superAdmin.headers))
        .json<AdminWheelRow[]>()
        .find((row) => row.id === wheel.id);
    const detailOf = async () =>
      (await call('GET', `/api/admin/wheels/${wheel.id}`, superAdmin.headers)).json<AdminWheel>();

    // Three registered, nobody in a slot (as after a round, when the slots clear).
    expect(await rowOf()).toMatchObject({ participantCount: 3, seatedCount: 0 });
    expect(await detailOf()).toMatchObject({ participantCount: 3, seatedCount: 0 });

    const slots = await slotIdsOf(t.database, wheel.id);
    for (const [index, id] of people.slice(0, 2).entries()) {
      await t.database.db
        .updateTable('slots')
        .set({ participant_id: id, occupied_at: clock.now().toISOString() })
        .where('id', '=', slots[index] ?? '')
        .execute();
    }
    expect(await rowOf()).toMatchObject({ participantCount: 3, seatedCount: 2 });
    expect(await detailOf()).toMatchObject({ participantCount: 3, seatedCount: 2 });
    // The admin area's one-query count for a whole list agrees.
    const figures = createWheelsAdminRepository(t.database.db);
    expect(await figures.seatedByWheel([wheel.id, crypto.randomUUID()])).toEqual(new Map([[wheel.id, 2]]));
    expect(await figures.seatedByWheel([])).toEqual(new Map());
    // Other wheels are not touched by these seats.
    const others = (await call('GET', '/api/admin/wheels', superAdmin.headers))
      .json<AdminWheelRow[]>()
      .filter((row) => row.id !== wheel.id);
    expect(others.every((row) => row.seatedCount === 0)).toBe(true);
  });

  it('lets admins manage business users: password needed only to create, kept when left blank', async () => {
    const noPassword = await call('POST', '/api/admin/business-users', superAdmin.headers, {
      firstName: 'Cara',
      lastName: 'Customer',
      email: `cara-${dialect.name}@example.com`,
      companyName: 'Cara Co',
      planId: 'professional',
    });
    expect(errorOf(noPassword).details).toEqual([
      { path: 'body.password', message: 'Password is required for new users' },
    ]);

    const created = await call('POST', '/api/admin/business-users', superAdmin.headers, {
      firstName: 'Cara',
      lastName: 'Customer',
      email: `Cara-${dialect.name}@Example.com`,
      companyName: 'Cara Co',
      planId: 'professional',
      password: 'cara-password',
    });
    expect(created.statusCode).toBe(201);
    const cara = created.json<BusinessUser>();
    expect(cara).toMatchObject({
      email: `cara-${dialect.name}@example.com`,
      isActive: true,
      plan: { name: 'Professional' },
    });
    const duplicate = await call('POST', '/api/admin/business-users', superAdmin.headers, {
      ...{ firstName: 'X', lastName: 'Y', companyName: 'Z', planId: 'starter', password: 'another-password' },
      email: `cara-${dialect.name}@example.com`,
    });
    expect(duplicate.statusCode).toBe(409);

    const edited = await call('PUT', `/api/admin/business-users/${cara.id}`, superAdmin.headers, {
      firstName: 'Cara',
      lastName: 'Client',
      email: cara.email,
      companyName: 'Cara Co',
      planId: 'enterprise',
      password: '',
      isActive: true,
    });
    expect(edited.json<BusinessUser>()).toMatchObject({ lastName: 'Client', plan: { name: 'Enterprise' } });
    await signIn(t.app, cara.email, 'cara-password');

    await call('PUT', `/api/admin/business-users/${cara.id}`, superAdmin.headers, {
      firstName: 'Cara',
      lastName: 'Client',
      email: cara.email,
      companyName: 'Cara Co',
      planId: 'enterprise',
      isActive: false,
    });
    expect(
      (await call('POST', '/api/admin/login', {}, { username: cara.email, password: 'cara-password' }))
        .statusCode,
    ).toBe(403);

    expect(
      (await call('DELETE', `/api/admin/business-users/${cara.id}`, superAdmin.headers)).statusCode,
    ).toBe(204);
    const list = (await call('GET', '/api/admin/business-users', superAdmin.headers)).json<BusinessUser[]>();
    expect(list.map((user) => user.id)).not.toContain(cara.id);
  });

  it('lists demo requests for admins', async () => {
    await call(
      'POST',
      '/api/business/demo-request',
      {},
      {
        name: 'Dana Demo',
        telephone: '+31 20 123 4567',
        company: `Demo ${dialect.name}`,
        email: 'dana@example.com',
      },
    );
    const list = (await call('GET', '/api/admin/demo-requests', superAdmin.headers)).json<
      DemoRequestView[]
    >();
    expect(list).toContainEqual(
      expect.objectContaining({
        companyName: `Demo ${dialect.name}`,
        contactPerson: 'Dana Demo',
        email: 'dana@example.com',
      }),
    );
  });

  it('reports how a business user’s events went, to admins and to that business user only', async () => {
    const ownerId = await createTestBusinessUser(t.database, {
      email: `rita-${dialect.name}@example.com`,
      password: 'rita-password',
    });
    const rita = await signIn(t.app, `rita-${dialect.name}@example.com`, 'rita-password');
    const wheel = (
      await call('POST', '/api/admin/wheels', rita.headers, {
        name: 'Rita’s mixer',
        description: 'd',
        slotCount: 4,
      })
    ).json<AdminWheel>();
    const people: string[] = [];
    for (let count = 0; count < 2; count += 1)
      people.push(
        await createTestParticipant(t.database, { wheelId: wheel.id, createdAt: '2026-11-20T10:00:00.000Z' }),
      );
    await t.database.db
      .insertInto('matches')
      .values({
        id: crypto.randomUUID(),
        wheel_id: wheel.id,
        round: 1,
        user1_id: people[0] ?? '',
        user2_id: people[1] ?? '',
        status: 'Accepted',
        accepted_by_user1: true,
        accepted_by_user2: true,
        created_at: '2026-11-20T10:01:00.000Z',
        call_started_at: '2026-11-20T10:01:10.000Z',
        call_ended_at: '2026-11-20T10:03:10.000Z',
      })
      .execute();

    const asAdmin = await call('GET', `/api/admin/reports/business-user/${ownerId}`, superAdmin.headers);
    expect(asAdmin.json<BusinessUserReport>().totals).toMatchObject({
      wheels: 1,
      participants: 2,
      matches: 1,
      acceptedMatches: 1,
      acceptanceRate: 1,
      callsStarted: 1,
      callSeconds: 120,
      averageCallSeconds: 120,
    });
    expect((await call('GET', `/api/admin/reports/business-user/${ownerId}`, rita.headers)).statusCode).toBe(
      200,
    );
    const other = await createTestBusinessUser(t.database, {
      email: `otto-${dialect.name}@example.com`,
      password: 'otto-password',
    });
    expect((await call('GET', `/api/admin/reports/business-user/${other}`, rita.headers)).statusCode).toBe(
      404,
    );
  });
});
