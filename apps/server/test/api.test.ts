import {
  type ErrorBody,
  type GetWheelResponse,
  type ListPlansResponse,
  listPlansResponseSchema,
  listPublicWheelsResponseSchema,
  openWheelSchema,
} from '@wheelmeet/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from './support/each-dialect';
import { createTestWheel } from './support/factories';
import { startTestApp, TEST_INDEX_HTML, type TestApp } from './support/test-app';

describeEachDialect('HTTP API', (dialect) => {
  let t: TestApp;
  let privateWheelId: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    privateWheelId = await createTestWheel(t.database, {
      name: 'Board retreat',
      description: 'Invitation only',
      slotCount: 8,
      isPrivate: true,
      accessCode: 'S3CRET-CODE',
    });
  });
  afterAll(() => t?.close());

  it('lists the three seeded plans in order with Professional featured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/business/plans' });
    expect(response.statusCode).toBe(200);
    const plans: ListPlansResponse = listPlansResponseSchema.parse(response.json());
    expect(plans.map((plan) => plan.name)).toEqual(['Starter', 'Professional', 'Enterprise']);
    expect(plans.filter((plan) => plan.featured).map((plan) => plan.id)).toEqual(['professional']);
    expect(plans.map((plan) => plan.maxParticipantsPerWheel)).toEqual([50, 200, null]);
    expect(plans.map((plan) => plan.support)).toEqual(['email', 'priority', 'dedicated']);
    expect(plans.map((plan) => plan.apiAccess)).toEqual([false, true, true]);
    expect(plans.every((plan) => plan.price > 0)).toBe(true);
  });

  it('lists the public demo wheel but never a private one', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/wheels/public' });
    const wheels = listPublicWheelsResponseSchema.parse(response.json());
    expect(wheels.map((wheel) => wheel.id)).toEqual([t.seedReport.demoWheelId]);
    expect(wheels[0]).toMatchObject({
      name: 'WheelMeet Demo',
      slotCount: 12,
      currentRound: 0,
      status: 'Active',
    });
  });

  it('shows an open wheel with its twelve empty slots split over two rings', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/wheels/${t.seedReport.demoWheelId}` });
    expect(response.statusCode).toBe(200);
    const wheel = openWheelSchema.parse(response.json());
    expect(wheel.requiresAccessCode).toBe(false);
    expect(wheel.slots.map((slot) => slot.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(wheel.slots.every((slot) => slot.userId === null && slot.user === null)).toBe(true);
    expect(wheel.activeUsers).toEqual([]);
  });

  it('shows a wheel behind an access code only as its locked view', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/wheels/${privateWheelId}` });
    expect(response.statusCode).toBe(200);
    const wheel = response.json<GetWheelResponse>();
    expect(Object.keys(wheel).sort()).toEqual(
      ['currentRound', 'description', 'id', 'name', 'requiresAccessCode', 'slotCount'].sort(),
    );
    expect(wheel).toMatchObject({
      id: privateWheelId,
      name: 'Board retreat',
      slotCount: 8,
      requiresAccessCode: true,
    });
    expect(response.body).not.toContain('S3CRET-CODE');
  });

  it('answers an unknown wheel with a JSON 404 and a malformed id with a 400 naming the field', async () => {
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/wheels/00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<ErrorBody>()).toEqual({
      error: { code: 'not_found', reason: 'not_found', message: 'Wheel not found' },
    });

    const malformed = await t.app.inject({ method: 'GET', url: '/api/wheels/not-a-wheel' });
    expect(malformed.statusCode).toBe(400);
    const body = malformed.json<ErrorBody>();
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.details?.[0]?.path).toBe('params.id');
  });

  it('answers unknown API paths with the JSON error model, never the web app', async () => {
    for (const url of ['/api/nothing-here', '/api', '/hubs/unknown']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json<ErrorBody>().error.code).toBe('not_found');
    }
    const post = await t.app.inject({ method: 'POST', url: '/business', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json<ErrorBody>().error.code).toBe('not_found');
  });

  it('serves index.html for every client route so the web router decides', async () => {
    for (const url of ['/', '/business', '/wheel/abc', '/admin/dashboard', '/no/such/page?x=1']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(TEST_INDEX_HTML);
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/business' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    // Plain-http installs must not be told to upgrade to https.
    expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    // Without Stripe keys nothing outside our own origin may run.
    expect(response.headers['content-security-policy']).not.toContain('stripe.com');
  });

  it('reports liveness and readiness', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
  });

  it('publishes an OpenAPI document generated from the contracts, browsable at /api/docs', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/business/plans', '/api/wheels/public', '/api/wheels/{id}']),
    );
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
  });

  it('starts on a random port and answers over real HTTP', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/api/business/plans`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as unknown[]).length).toBe(3);
  });
});

describeEachDialect('readiness without a database', (dialect) => {
  it('answers 503 once the database is gone', async () => {
    const t = await startTestApp(dialect);
    try {
      await t.database.close();
      const response = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', checks: { database: 'failed' } });
    } finally {
      await t.close();
    }
  });
});
