import type { ErrorBody, OpenWheel } from '@wheelmeet/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLimiterFactory, type RedisConnection } from '../src/lib/redis-limiters';
import { createMetrics } from '../src/modules/metrics/metrics';
import { TEST_DIALECTS } from './support/databases';
import { describeEachDialect } from './support/each-dialect';
import { createTestWheel } from './support/factories';
import { connectHub, type HubClient, registerParticipant } from './support/hub-client';
import { ManualClock } from './support/manual-clock';
import { startTestApp, type TestApp } from './support/test-app';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const ROUND_SECONDS = 30;
const sqlite = TEST_DIALECTS.find((dialect) => dialect.name === 'sqlite');

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (comments skipped). */
function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = line.match(/^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const label of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[label[1] ?? ''] = label[2] ?? '';
    }
    samples.push({ name: match[1] ?? '', labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the one sample named `name` whose labels include `labels`; undefined if none. */
function sampleValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const found = parseSamples(text).filter(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

describe('limiter refusals and Redis fallbacks', () => {
  /** A Redis connection that is never ready: every limiter command falls back to memory. */
  const redisAway: RedisConnection = {
    isReady: false,
    eval: () => Promise.reject(new Error('not connected')),
    multi: () => {
      throw new Error('not connected');
    },
    del: () => Promise.reject(new Error('not connected')),
  };

  it.each([
    ['in memory', undefined],
    ['with Redis away', redisAway],
  ])('counts each refusal by limiter name %s', async (_where, redis) => {
    const metrics = createMetrics({ dialect: 'sqlite' });
    try {
      const limiters = createLimiterFactory({
        clock: new ManualClock(),
        redis,
        onRefusal: metrics.limiterRefusal,
        onRedisError: metrics.redisFallback,
      });
      const attempts = limiters.attempts('tries', { maxAttempts: 1, windowMs: 60_000 });
      expect(await attempts.tryAttempt('k')).toBe(true);
      expect(await attempts.tryAttempt('k')).toBe(false);
      expect(await attempts.isLimited('k')).toBe(true);
      const delay = limiters.growingDelay('waits', {
        freeFailures: 0,
        baseDelayMs: 1_000,
        maxDelayMs: 1_000,
        forgetAfterMs: 60_000,
      });
      expect(await delay.tryBegin('k')).toBe(0);
      expect(await delay.tryBegin('k')).toBe(1_000);

      const text = await metrics.register.metrics();
      expect(sampleValue(text, 'wheelmeet_limiter_refusals_total', { limiter: 'tries' })).toBe(1);
      expect(sampleValue(text, 'wheelmeet_limiter_refusals_total', { limiter: 'waits' })).toBe(1);
      // Five limiter commands, each answered from memory while Redis is away.
      expect(sampleValue(text, 'wheelmeet_redis_fallbacks_total')).toBe(redis ? 5 : 0);
    } finally {
      metrics.stop();
    }
  });
});

describe('without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    if (!sqlite) throw new Error('no sqlite dialect');
    t = await startTestApp(sqlite);
  });
  afterAll(() => t?.close());

  it('has no /metrics: 404 in the error model like any unknown path, even with a bearer token', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json<ErrorBody>().error.code).toBe('not_found');
  });
});

describeEachDialect('Prometheus metrics at /metrics', (dialect) => {
  let t: TestApp;
  let clock: ManualClock;
  const clients: HubClient[] = [];

  beforeAll(async () => {
    clock = new ManualClock();
    t = await startTestApp(dialect, {
      clock,
      listen: true,
      env: { METRICS_TOKEN: TOKEN, PUBLIC_FORM_LIMIT: '2', WHEEL_ROUND_SECONDS: String(ROUND_SECONDS) },
    });
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(() => t?.close());

  const scrape = async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  /** A wheel of four slots (two inner, two outer) with two registered people joined over the hub. */
  async function wheelWithTwoPeople() {
    const wheelId = await createTestWheel(t.database, { name: 'Metrics', description: 'Test', slotCount: 4 });
    const people = [];
    for (const name of ['ada', 'bob']) {
      const registration = await registerParticipant(t.baseUrl, wheelId, { username: name });
      const client = await connectHub(t.baseUrl, { token: registration.token });
      clients.push(client);
      expect(await client.call('JoinWheel', { wheelId })).toHaveProperty('data');
      people.push({ ...registration, client });
    }
    const slots = ((await (await fetch(`${t.baseUrl}/api/wheels/${wheelId}`)).json()) as OpenWheel).slots;
    return { wheelId, people, slots };
  }

  it('refuses a missing or wrong bearer token with 401 in the error model', async () => {
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      'Bearer ',
      `Basic ${TOKEN}`,
      TOKEN,
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.json<ErrorBody>().error).toMatchObject({ code: 'unauthorized' });
    }
  });

  it('answers the right token in the Prometheus text format, with the process and event-loop metrics', async () => {
    // A query of its own (readiness asks the database), so the query histogram has a sample.
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.body).toContain('# TYPE wheelmeet_http_request_duration_seconds histogram');
    expect(sampleValue(response.body, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sampleValue(response.body, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    for (const stat of ['p50', 'p99', 'max']) {
      expect(
        sampleValue(response.body, 'wheelmeet_event_loop_delay_seconds', { stat }),
      ).toBeGreaterThanOrEqual(0);
    }
    expect(sampleValue(response.body, 'wheelmeet_hub_connected_sockets')).toBe(0);
    expect(
      sampleValue(response.body, 'wheelmeet_db_query_duration_seconds_count', { dialect: dialect.name }),
    ).toBeGreaterThan(0);
    // The seeded demo wheel is active and waiting for people.
    expect(sampleValue(response.body, 'wheelmeet_wheels_by_phase', { phase: 'idle' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(sampleValue(response.body, 'wheelmeet_wheels_by_phase', { phase: 'spinning' })).toBe(0);
  });

  it('reports a blocked event loop as event-loop delay', async () => {
    await scrape();
    await new Promise((resolve) => setTimeout(resolve, 30));
    const blockedUntil = Date.now() + 150;
    while (Date.now() < blockedUntil) {
      // Keep the event loop busy, as a long synchronous task would.
    }
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(
      sampleValue(await scrape(), 'wheelmeet_event_loop_delay_seconds', { stat: 'max' }),
    ).toBeGreaterThan(0.1);
  });

  it('times HTTP requests by route pattern, never by the raw URL', async () => {
    const wheelId = t.seedReport.demoWheelId;
    for (let request = 0; request < 3; request += 1) {
      expect((await t.app.inject({ method: 'GET', url: `/api/wheels/${wheelId}` })).statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/no-such-thing/123' })).statusCode).toBe(404);
    const text = await scrape();
    expect(
      sampleValue(text, 'wheelmeet_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/wheels/:id',
        status_code: '200',
      }),
    ).toBe(3);
    expect(
      sampleValue(text, 'wheelmeet_http_request_duration_seconds_count', {
        route: 'unmatched',
        status_code: '404',
      }),
    ).toBe(1);
    expect(text).not.toContain(wheelId);
    expect(text).not.toContain('no-such-thing');
  });

  it('times hub calls by name and counts their errors by code', async () => {
    const { wheelId, people, slots } = await wheelWithTwoPeople();
    const [ada, bob] = people;
    const forbidden = await ada?.client.call('TakeSlot', {
      wheelId,
      userId: bob?.user.id ?? '',
      slotId: slots[0]?.id ?? '',
    });
    expect(forbidden).toMatchObject({ error: { code: 'forbidden' } });

    const text = await scrape();
    expect(sampleValue(text, 'wheelmeet_hub_connected_sockets')).toBe(2);
    expect(
      sampleValue(text, 'wheelmeet_hub_call_duration_seconds_count', { call: 'JoinWheel', code: 'ok' }),
    ).toBeGreaterThanOrEqual(2);
    expect(
      sampleValue(text, 'wheelmeet_hub_call_duration_seconds_count', { call: 'TakeSlot', code: 'forbidden' }),
    ).toBe(1);
    expect(
      sampleValue(text, 'wheelmeet_hub_call_errors_total', { call: 'TakeSlot', code: 'forbidden' }),
    ).toBe(1);
    expect(
      sampleValue(text, 'wheelmeet_hub_call_errors_total', { call: 'JoinWheel', code: 'ok' }),
    ).toBeUndefined();
  });

  it('counts the refusals of each rate limiter', async () => {
    const demoRequest = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/business/demo-request',
        remoteAddress: '203.0.113.9',
        payload: { name: 'Dana', telephone: '123', company: 'Uni', email: 'dana@uni.edu' },
      });
    expect((await demoRequest()).statusCode).toBe(201);
    expect((await demoRequest()).statusCode).toBe(201);
    expect((await demoRequest()).statusCode).toBe(429);
    expect((await demoRequest()).statusCode).toBe(429);
    expect(
      sampleValue(await scrape(), 'wheelmeet_limiter_refusals_total', { limiter: 'demo-requests' }),
    ).toBe(2);
  });

  it('counts spins, how late they started, and the wheels spinning', async () => {
    const { wheelId, people, slots } = await wheelWithTwoPeople();
    const [ada, bob] = people;
    // One person on each ring: the countdown starts.
    for (const [person, slot] of [
      [ada, slots[0]],
      [bob, slots[2]],
    ] as const) {
      expect(
        await person?.client.call('TakeSlot', { wheelId, userId: person.user.id, slotId: slot?.id ?? '' }),
      ).toEqual({ data: null });
    }
    await ada?.client.next(
      'RoundScheduled',
      (event) => event.wheelId === wheelId && event.nextSpinAt !== null,
    );
    expect(
      sampleValue(await scrape(), 'wheelmeet_wheels_by_phase', { phase: 'countdown' }),
    ).toBeGreaterThanOrEqual(1);

    clock.advance(ROUND_SECONDS * 1000 + 250);
    await t.app.rounds.tick();
    await ada?.client.next('WheelSpinStarted');

    const text = await scrape();
    expect(sampleValue(text, 'wheelmeet_spins_total')).toBe(1);
    expect(sampleValue(text, 'wheelmeet_spin_lateness_seconds_count')).toBe(1);
    expect(sampleValue(text, 'wheelmeet_spin_lateness_seconds_sum')).toBeCloseTo(0.25, 3);
    expect(sampleValue(text, 'wheelmeet_spin_lateness_seconds_bucket', { le: '0.2' })).toBe(0);
    expect(sampleValue(text, 'wheelmeet_spin_lateness_seconds_bucket', { le: '0.3' })).toBe(1);
    expect(sampleValue(text, 'wheelmeet_wheels_by_phase', { phase: 'spinning' })).toBe(1);
  });
});
