import type {
  AdminUser,
  AdminWheel,
  AdminWheelRow,
  DashboardStats,
  ErrorBody,
  Settings,
} from '@wheelmeet/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from './support/each-dialect';
import { createTestBusinessUser } from './support/factories';
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
      expect(errorOf(response)).toEqual({ code: 'unauthorized', message: 'Invalid username or password' });
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
      accessCode: 'K7Q-2XM',
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
      accessCode: 'K7Q-2XM',
      requiresAccessCode: true,
      expiresAt: '2026-12-31T00:00:00.000Z',
      price: 12.5,
      rules: null,
      participantCount: 0,
    });

    const updated = await call('PUT', `/api/admin/wheels/${wheel.id}`, superAdmin.headers, {
      name: 'Founders night 2',
      description: 'Meet the founders again',
      isPrivate: false,
      status: 'Inactive',
      roundSeconds: 45,
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
    });
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
    expect(stats.businessUsers).toBeGreaterThanOrEqual(2);
    expect(stats.totalRevenue).toBe(
      Object.values(stats.revenueByCurrency).reduce((sum, value) => sum + value, 0),
    );
  });
});
