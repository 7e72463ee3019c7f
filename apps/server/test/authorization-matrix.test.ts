import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from './support/databases';
import { createTestBusinessUser, createTestWheel } from './support/factories';
import { registerParticipant } from './support/hub-client';
import { signIn } from './support/staff';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './support/test-app';

type Role = 'anonymous' | 'participant' | 'businessA' | 'businessB' | 'admin' | 'superAdmin';
const ROLES: Role[] = ['anonymous', 'participant', 'businessA', 'businessB', 'admin', 'superAdmin'];

/** 'pass': the guard let the request through (any answer but 401 or 403). */
type Expected = 401 | 403 | 404 | 'pass';

interface Ids {
  wheelOfA: string;
  businessA: string;
  missing: string;
}

interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route as the OpenAPI document names it. */
  route: string;
  url: (ids: Ids) => string;
  body?: object;
  expect: Record<Role, Expected>;
}

const signedOut = { anonymous: 401, participant: 401 } as const;
const adminsOnly = {
  ...signedOut,
  businessA: 403,
  businessB: 403,
  admin: 'pass',
  superAdmin: 'pass',
} as const;
const superAdminsOnly = { ...adminsOnly, admin: 403 } as const;
const anyStaff = {
  ...signedOut,
  businessA: 'pass',
  businessB: 'pass',
  admin: 'pass',
  superAdmin: 'pass',
} as const;
const ownWheel = { ...anyStaff, businessB: 404 } as const;
const ownReport = ownWheel;
/** Only business users hold API keys and webhooks (decision 018). */
const businessOnly = { ...anyStaff, admin: 403, superAdmin: 403 } as const;

/** Every `/api/admin/*` endpoint and who may use it. A new endpoint without a row fails the last test. */
const MATRIX: Row[] = [
  { method: 'GET', route: '/api/admin/api-keys', url: () => '/api/admin/api-keys', expect: businessOnly },
  {
    method: 'POST',
    route: '/api/admin/api-keys',
    url: () => '/api/admin/api-keys',
    body: {},
    expect: businessOnly,
  },
  {
    method: 'DELETE',
    route: '/api/admin/api-keys/{id}',
    url: (ids) => `/api/admin/api-keys/${ids.missing}`,
    expect: businessOnly,
  },
  { method: 'GET', route: '/api/admin/webhooks', url: () => '/api/admin/webhooks', expect: businessOnly },
  {
    method: 'POST',
    route: '/api/admin/webhooks',
    url: () => '/api/admin/webhooks',
    body: {},
    expect: businessOnly,
  },
  {
    method: 'DELETE',
    route: '/api/admin/webhooks/{id}',
    url: (ids) => `/api/admin/webhooks/${ids.missing}`,
    expect: businessOnly,
  },
  {
    method: 'GET',
    route: '/api/admin/webhooks/{id}/deliveries',
    url: (ids) => `/api/admin/webhooks/${ids.missing}/deliveries`,
    expect: businessOnly,
  },
  {
    method: 'GET',
    route: '/api/admin/business-users',
    url: () => '/api/admin/business-users',
    expect: adminsOnly,
  },
  {
    method: 'POST',
    route: '/api/admin/business-users',
    url: () => '/api/admin/business-users',
    body: {},
    expect: adminsOnly,
  },
  {
    method: 'PUT',
    route: '/api/admin/business-users/{id}',
    url: (ids) => `/api/admin/business-users/${ids.missing}`,
    body: {},
    expect: adminsOnly,
  },
  {
    method: 'DELETE',
    route: '/api/admin/business-users/{id}',
    url: (ids) => `/api/admin/business-users/${ids.missing}`,
    expect: adminsOnly,
  },
  {
    method: 'GET',
    route: '/api/admin/demo-requests',
    url: () => '/api/admin/demo-requests',
    expect: adminsOnly,
  },
  {
    method: 'GET',
    route: '/api/admin/reports/business-user/{id}',
    url: (ids) => `/api/admin/reports/business-user/${ids.businessA}`,
    expect: ownReport,
  },
  { method: 'GET', route: '/api/admin/profile', url: () => '/api/admin/profile', expect: anyStaff },
  {
    method: 'GET',
    route: '/api/admin/dashboard/stats',
    url: () => '/api/admin/dashboard/stats',
    expect: adminsOnly,
  },
  {
    method: 'GET',
    route: '/api/admin/participants',
    url: () => '/api/admin/participants',
    expect: adminsOnly,
  },
  { method: 'GET', route: '/api/admin/settings', url: () => '/api/admin/settings', expect: adminsOnly },
  {
    method: 'PUT',
    route: '/api/admin/settings',
    url: () => '/api/admin/settings',
    body: {},
    // Plain admins pass the guard; changing the mail server is refused them (smtp-settings.test.ts).
    expect: adminsOnly,
  },
  { method: 'GET', route: '/api/admin/users', url: () => '/api/admin/users', expect: superAdminsOnly },
  {
    method: 'POST',
    route: '/api/admin/users',
    url: () => '/api/admin/users',
    body: {},
    expect: superAdminsOnly,
  },
  {
    method: 'PUT',
    route: '/api/admin/users/{id}',
    url: (ids) => `/api/admin/users/${ids.missing}`,
    body: {},
    expect: superAdminsOnly,
  },
  {
    method: 'DELETE',
    route: '/api/admin/users/{id}',
    url: (ids) => `/api/admin/users/${ids.missing}`,
    expect: superAdminsOnly,
  },
  { method: 'GET', route: '/api/admin/wheels', url: () => '/api/admin/wheels', expect: anyStaff },
  { method: 'POST', route: '/api/admin/wheels', url: () => '/api/admin/wheels', body: {}, expect: anyStaff },
  {
    method: 'GET',
    route: '/api/admin/wheels/{id}',
    url: (ids) => `/api/admin/wheels/${ids.wheelOfA}`,
    expect: ownWheel,
  },
  {
    method: 'PUT',
    route: '/api/admin/wheels/{id}',
    url: (ids) => `/api/admin/wheels/${ids.wheelOfA}`,
    body: { name: 'Renamed', description: 'Still A’s' },
    expect: ownWheel,
  },
  {
    method: 'POST',
    route: '/api/admin/wheels/{id}/rounds',
    url: (ids) => `/api/admin/wheels/${ids.wheelOfA}/rounds`,
    body: { action: 'pause' },
    expect: ownWheel,
  },
  {
    method: 'GET',
    route: '/api/admin/wheels/{id}/report',
    url: (ids) => `/api/admin/wheels/${ids.wheelOfA}/report`,
    expect: ownReport,
  },
  {
    method: 'POST',
    route: '/api/admin/wheels/{id}/announcements',
    url: (ids) => `/api/admin/wheels/${ids.wheelOfA}/announcements`,
    body: { message: 'Welcome' },
    expect: ownWheel,
  },
  {
    method: 'GET',
    route: '/api/admin/wheels/{id}/live',
    url: (ids) => `/api/admin/wheels/${ids.wheelOfA}/live`,
    expect: ownWheel,
  },
  {
    method: 'GET',
    route: '/api/admin/wheels/{id}/export.csv',
    url: (ids) => `/api/admin/wheels/${ids.wheelOfA}/export.csv`,
    expect: ownWheel,
  },
  {
    method: 'GET',
    route: '/api/admin/wheels/{id}/safety/reports',
    url: (ids) => `/api/admin/wheels/${ids.wheelOfA}/safety/reports`,
    expect: ownWheel,
  },
  {
    method: 'PUT',
    route: '/api/admin/wheels/{id}/safety/reports/{reportId}/handled',
    url: (ids) => `/api/admin/wheels/${ids.wheelOfA}/safety/reports/${ids.missing}/handled`,
    body: { handled: true },
    expect: ownWheel,
  },
  {
    method: 'POST',
    route: '/api/admin/wheels/{id}/safety/removals',
    url: (ids) => `/api/admin/wheels/${ids.wheelOfA}/safety/removals`,
    body: { participantId: '00000000-0000-4000-8000-000000000000' },
    expect: ownWheel,
  },
  {
    method: 'PUT',
    route: '/api/admin/wheels/{id}/timing',
    url: (ids) => `/api/admin/wheels/${ids.wheelOfA}/timing`,
    body: { roundSeconds: 30, callMinutes: null },
    expect: ownWheel,
  },
  {
    method: 'GET',
    route: '/api/admin/wheels/{id}/embed',
    url: (ids) => `/api/admin/wheels/${ids.wheelOfA}/embed`,
    expect: ownWheel,
  },
  {
    method: 'PUT',
    route: '/api/admin/wheels/{id}/embed',
    url: (ids) => `/api/admin/wheels/${ids.wheelOfA}/embed`,
    body: { allowedOrigins: ['https://events.example.com'] },
    expect: ownWheel,
  },
  {
    method: 'POST',
    route: '/api/admin/wheels/{id}/summaries',
    url: (ids) => `/api/admin/wheels/${ids.wheelOfA}/summaries`,
    expect: ownWheel,
  },
  {
    method: 'POST',
    route: '/api/admin/email/test',
    url: () => '/api/admin/email/test',
    body: {},
    // It connects to the saved mail server: only those who may choose it may probe it (issue 36).
    expect: superAdminsOnly,
  },
  {
    method: 'DELETE',
    route: '/api/admin/wheels/{id}',
    url: (ids) => `/api/admin/wheels/${ids.missing}`,
    expect: { ...anyStaff, businessB: 'pass' },
  },
];

// One dialect is enough here: this is about who passes the guards, not about SQL.
const sqlite = TEST_DIALECTS.find((dialect) => dialect.name === 'sqlite');

describe('authorization matrix: every admin endpoint × every kind of caller', () => {
  let t: TestApp;
  let ids: Ids;
  const headers = {} as Record<Role, Record<string, string>>;

  beforeAll(async () => {
    if (!sqlite) throw new Error('no sqlite dialect');
    t = await startTestApp(sqlite);
    await createTestBusinessUser(t.database, { email: 'a@example.com', password: 'business-pass' });
    const bId = await createTestBusinessUser(t.database, {
      email: 'b@example.com',
      password: 'business-pass',
    });
    const a = await signIn(t.app, 'a@example.com', 'business-pass');
    const superAdmin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: superAdmin.headers,
      payload: {
        username: 'plain',
        email: 'plain@example.com',
        firstName: 'P',
        lastName: 'A',
        password: 'plain-password',
      },
    });
    const participant = await registerParticipant(
      (await t.app.listen({ port: 0, host: '127.0.0.1' })) as string,
      t.seedReport.demoWheelId,
    );
    ids = {
      wheelOfA: await createTestWheel(t.database, {
        name: 'A',
        description: 'x',
        slotCount: 4,
        businessUserId: a.profile.id,
      }),
      businessA: a.profile.id,
      missing: '00000000-0000-4000-8000-000000000000',
    };
    expect(bId).toBeTruthy();
    headers.anonymous = {};
    headers.participant = { authorization: `Bearer ${participant.token}` };
    headers.businessA = a.headers;
    headers.businessB = (await signIn(t.app, 'b@example.com', 'business-pass')).headers;
    headers.admin = (await signIn(t.app, 'plain', 'plain-password')).headers;
    headers.superAdmin = superAdmin.headers;
  });
  afterAll(() => t?.close());

  for (const row of MATRIX) {
    for (const role of ROLES) {
      it(`${row.method} ${row.route} as ${role} → ${row.expect[role]}`, async () => {
        const response = await t.app.inject({
          method: row.method,
          url: row.url(ids),
          headers: headers[role],
          ...(row.body ? { payload: row.body } : {}),
        });
        const expected = row.expect[role];
        if (expected === 'pass') expect([401, 403]).not.toContain(response.statusCode);
        else expect(response.statusCode).toBe(expected);
      });
    }
  }

  it('has a row for every /api/admin endpoint the server offers', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const offered = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/admin/') && path !== '/api/admin/login')
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    const covered = MATRIX.map((row) => `${row.method} ${row.route}`);
    expect(offered.filter((endpoint) => !covered.includes(endpoint))).toEqual([]);
    expect(covered.filter((endpoint) => !offered.includes(endpoint))).toEqual([]);
  });
});
