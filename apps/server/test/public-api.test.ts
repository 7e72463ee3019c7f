import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  AdminWheel,
  AdminWheelRow,
  ApiKeysResponse,
  CreatedApiKey,
  CreatedWebhook,
  ErrorBody,
  WebhookDelivery,
  WebhookPayload,
} from '@wheelmeet/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { webhookEventsToDeliveriesMigration } from '../src/db/migrations/0016-webhook-events-to-deliveries';
import { createTokenService } from '../src/lib/tokens';
import { WEBHOOK_DELIVERIES_JOB } from '../src/modules/webhooks/webhook-deliveries.job';
import { deliveryIdOf } from '../src/modules/webhooks/webhook-delivery-rules';
import { describeEachDialect } from './support/each-dialect';
import {
  createTestBusinessUser,
  createTestOpenMatch,
  createTestParticipant,
  createTestWebhook,
  createTestWheel,
} from './support/factories';
import type { HubClient } from './support/hub-client';
import { ManualClock } from './support/manual-clock';
import { connectedPair, matchedPair } from './support/matched-pair';
import { signIn } from './support/staff';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './support/test-app';

const PASSWORD = 'business-pass-123';
// Hub round trips and real HTTP receivers on a machine shared by several suites.
vi.setConfig({ testTimeout: 60_000 });
const REQUESTS_PER_MINUTE = 40;

/** A real HTTP receiver on 127.0.0.1 that answers with the statuses it is given, then 200. */
async function startReceiver(statuses: number[] = []) {
  const received: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
  const waiters: (() => void)[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.statusCode = statuses.shift() ?? 200;
      response.end('ok');
      for (const wake of waiters.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** Resolves once `count` requests have arrived. */
    async waitFor(count: number) {
      while (received.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What a receiver does with the WheelMeet-Signature header, written here from the documented format. */
function signatureIsValid(secret: string, body: string, header: string) {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=')));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex');
  return parts.v1 === expected && Number.isInteger(Number(parts.t));
}

describeEachDialect('public API for Professional and Enterprise plans (decision 018)', (dialect) => {
  let t: TestApp;
  const clock = new ManualClock();
  const clients: HubClient[] = [];
  const receivers: Awaited<ReturnType<typeof startReceiver>>[] = [];
  let accounts = 0;

  beforeAll(async () => {
    t = await startTestApp(dialect, {
      clock,
      listen: true,
      env: {
        WHEEL_ROUND_SECONDS: '5',
        WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true',
        API_REQUESTS_PER_MINUTE: String(REQUESTS_PER_MINUTE),
      },
    });
  });
  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await t.app.webhookDeliveries.idle();
    for (const receiver of receivers.splice(0)) await receiver.close();
  });
  afterAll(() => t?.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string> = {},
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

  /**
   * A signed-in business user on a plan (no subscription rows: an account an admin created,
   * running). Written straight to the database with a token minted like a sign-in's, so the
   * suite does not spend scrypt work on accounts whose password it never uses.
   */
  async function organiser(planId = 'professional') {
    accounts += 1;
    const id = crypto.randomUUID();
    const now = clock.now().toISOString();
    await t.database.db
      .insertInto('business_users')
      .values({
        id,
        first_name: 'Bea',
        last_name: `Api ${accounts}`,
        email: `api-${accounts}-${dialect.name}@example.com`,
        company_name: 'Events Ltd',
        phone_number: null,
        plan_id: planId,
        password_hash: 'scrypt$not-a-real-hash',
        is_active: true,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const tokens = createTokenService(t.config.jwtSecret as string, clock);
    const token = await tokens.signStaff({ kind: 'BusinessUser', id, sessionVersion: 0 });
    return { id, headers: { authorization: `Bearer ${token}` } };
  }
  async function keyFor(account: { headers: Record<string, string> }, name = 'CRM sync') {
    const response = await call('POST', '/api/admin/api-keys', account.headers, { name });
    expect(response.statusCode).toBe(201);
    return response.json<CreatedApiKey>();
  }
  async function wheelOf(key: string, name = 'Api wheel') {
    const response = await call('POST', '/api/v1/wheels', bearer(key), {
      name,
      description: 'Made with the API',
      slotCount: 2,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<AdminWheel>();
  }
  async function subscribe(key: string, url: string, events: string[]) {
    const response = await call('POST', '/api/v1/webhooks', bearer(key), { url, events });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CreatedWebhook>();
  }
  /** A pair on the owner's wheel who accepted, held their call and both shared their contact details. */
  /** A pair on the owner's wheel who met and then both shared; the match, and the token of one of them. */
  async function connectedAndSharing(ownerId: string) {
    const { matchId, ada, bo } = await connectedPair(t, clock, clients, { businessUserId: ownerId });
    for (const person of [ada, bo]) {
      const shared = await call('PUT', `/api/me/connections/${matchId}`, bearer(person.token), {
        share: true,
        contact: { email: `${person.id.slice(0, 8)}@example.com` },
      });
      expect(shared.statusCode, shared.body).toBe(200);
    }
    return { matchId, adaToken: ada.token };
  }
  const deliveriesOf = async (key: string, webhookId: string) =>
    (await call('GET', `/api/v1/webhooks/${webhookId}/deliveries`, bearer(key))).json<WebhookDelivery[]>();

  it('shows a new key once; afterwards only its prefix, with created and last-used dates', async () => {
    const owner = await organiser();
    const created = await keyFor(owner);
    expect(created.key).toMatch(/^wm_live_[\w-]{40,}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    expect(created.lastUsedAt).toBeNull();

    expect((await call('GET', '/api/v1/wheels', bearer(created.key))).statusCode).toBe(200);

    const listed = (await call('GET', '/api/admin/api-keys', owner.headers)).json<ApiKeysResponse>();
    expect(listed.planAllowsApi).toBe(true);
    expect(listed.keys).toEqual([
      {
        id: created.id,
        name: 'CRM sync',
        prefix: created.prefix,
        createdAt: created.createdAt,
        lastUsedAt: clock.now().toISOString(),
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.key);
    // Only its hash is kept.
    const stored = await t.database.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(created.key);
  });

  it("lists, creates and reads only the key owner's wheels; anyone else's is 'not found'", async () => {
    const ada = await organiser();
    const bo = await organiser('enterprise');
    const adaKey = (await keyFor(ada)).key;
    const boKey = (await keyFor(bo)).key;
    const adaWheel = await wheelOf(adaKey, 'Ada’s evening');

    const adaList = (await call('GET', '/api/v1/wheels', bearer(adaKey))).json<AdminWheelRow[]>();
    expect(adaList.map((wheel) => wheel.id)).toEqual([adaWheel.id]);
    const boList = (await call('GET', '/api/v1/wheels', bearer(boKey))).json<AdminWheelRow[]>();
    expect(boList).toEqual([]);

    for (const path of ['', '/participants', '/matches', '/report']) {
      const mine = await call('GET', `/api/v1/wheels/${adaWheel.id}${path}`, bearer(adaKey));
      expect(mine.statusCode, `${path} ${mine.body}`).toBe(200);
      const theirs = await call('GET', `/api/v1/wheels/${adaWheel.id}${path}`, bearer(boKey));
      expect(theirs.statusCode, path).toBe(404);
      expect(theirs.json<ErrorBody>().error.code).toBe('not_found');
    }
    const report = (await call('GET', `/api/v1/wheels/${adaWheel.id}/report`, bearer(adaKey))).json();
    expect(report).toMatchObject({ id: adaWheel.id, name: 'Ada’s evening', participants: 0, matches: 0 });
  });

  it('reads the participants and matches of a round on the owner’s wheel', async () => {
    const owner = await organiser();
    const key = (await keyFor(owner)).key;
    const { wheelId, match } = await matchedPair(t, clock, clients, { businessUserId: owner.id });
    const people = (await call('GET', `/api/v1/wheels/${wheelId}/participants`, bearer(key))).json<{
      total: number;
    }>();
    expect(people.total).toBe(2);
    const matches = (await call('GET', `/api/v1/wheels/${wheelId}/matches`, bearer(key))).json<{
      round: number;
      matches: { id: string }[];
    }>();
    expect(matches).toMatchObject({ round: 1, matches: [{ id: match.id }] });
  });

  it('refuses a revoked key at once, and another account cannot revoke it', async () => {
    const owner = await organiser();
    const stranger = await organiser();
    const created = await keyFor(owner);
    expect((await call('DELETE', `/api/admin/api-keys/${created.id}`, stranger.headers)).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/api/v1/wheels', bearer(created.key))).statusCode).toBe(200);

    expect((await call('DELETE', `/api/admin/api-keys/${created.id}`, owner.headers)).statusCode).toBe(204);
    const refused = await call('GET', '/api/v1/wheels', bearer(created.key));
    expect(refused.statusCode).toBe(401);
    expect(refused.json<ErrorBody>().error.code).toBe('unauthorized');
    const listed = (await call('GET', '/api/admin/api-keys', owner.headers)).json<ApiKeysResponse>();
    expect(listed.keys).toEqual([]);
  });

  it('refuses requests without a key, with a malformed one, or with a key that does not exist', async () => {
    for (const headers of [{}, { authorization: 'Bearer nonsense' }, bearer(`wm_live_${'x'.repeat(43)}`)]) {
      const response = await call('GET', '/api/v1/wheels', headers);
      expect(response.statusCode).toBe(401);
      expect(response.json<ErrorBody>().error.code).toBe('unauthorized');
    }
    // Admins have no keys of their own.
    const admin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
    expect((await call('GET', '/api/admin/api-keys', admin.headers)).statusCode).toBe(403);
  });

  it('refuses Starter accounts, and keys of accounts that were downgraded or whose subscription ended', async () => {
    const starter = await organiser('starter');
    const refused = await call('POST', '/api/admin/api-keys', starter.headers, { name: 'x' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>().error).toEqual({
      code: 'plan_required',
      reason: 'plan_required',
      message: 'The API is part of the Professional and Enterprise plans. Upgrade your plan to use it.',
    });
    const page = (await call('GET', '/api/admin/api-keys', starter.headers)).json<ApiKeysResponse>();
    expect(page).toEqual({ keys: [], planAllowsApi: false, apiPlans: ['Professional', 'Enterprise'] });

    const downgraded = await organiser();
    const downgradedKey = (await keyFor(downgraded)).key;
    await t.database.db
      .updateTable('business_users')
      .set({ plan_id: 'starter' })
      .where('id', '=', downgraded.id)
      .execute();
    const afterDowngrade = await call('GET', '/api/v1/wheels', bearer(downgradedKey));
    expect(afterDowngrade.statusCode).toBe(403);
    expect(afterDowngrade.json<ErrorBody>().error.code).toBe('plan_required');

    const expired = await organiser();
    const expiredKey = (await keyFor(expired)).key;
    const day = 86_400_000;
    await t.database.db
      .insertInto('subscriptions')
      .values({
        id: crypto.randomUUID(),
        business_user_id: expired.id,
        plan_id: 'professional',
        payment_id: null,
        starts_at: new Date(clock.now().getTime() - 30 * day).toISOString(),
        ends_at: new Date(clock.now().getTime() + day).toISOString(),
        created_at: new Date(clock.now().getTime() - 30 * day).toISOString(),
      })
      .execute();
    expect((await call('GET', '/api/v1/wheels', bearer(expiredKey))).statusCode).toBe(200);
    clock.advance(day + 1);
    const afterExpiry = await call('GET', '/api/v1/wheels', bearer(expiredKey));
    expect(afterExpiry.statusCode).toBe(403);
    expect(afterExpiry.json<ErrorBody>().error.code).toBe('plan_required');
  });

  it('signs each webhook so a receiver can verify it, for round completed, match accepted and connection made', async () => {
    const owner = await organiser();
    const key = (await keyFor(owner)).key;
    const receiver = await startReceiver();
    receivers.push(receiver);
    const hook = await subscribe(key, receiver.url, ['round.completed', 'match.accepted', 'connection.made']);
    expect(hook.secret).toMatch(/^whsec_/);
    // Someone else's wheel never reaches this webhook.
    await matchedPair(t, clock, clients);

    const { matchId } = await connectedAndSharing(owner.id);
    await receiver.waitFor(3);
    await t.app.webhookDeliveries.idle();
    expect(receiver.received).toHaveLength(3);
    const payloads = receiver.received.map((request) => {
      const header = request.headers['wheelmeet-signature'];
      expect(typeof header).toBe('string');
      expect(signatureIsValid(hook.secret, request.body, header as string)).toBe(true);
      expect(signatureIsValid('whsec_wrong', request.body, header as string)).toBe(false);
      expect(request.headers['content-type']).toBe('application/json');
      return JSON.parse(request.body) as WebhookPayload;
    });
    expect(payloads.map((payload) => payload.type)).toEqual([
      'round.completed',
      'match.accepted',
      'connection.made',
    ]);
    expect(payloads[0]?.data).toMatchObject({ round: 1, matches: 1, unmatchedParticipants: 0 });
    expect(payloads[1]?.data).toMatchObject({ matchId, round: 1 });
    expect(payloads[2]?.data).toMatchObject({ matchId });
    const deliveries = await deliveriesOf(key, hook.id);
    expect(deliveries.map((delivery) => delivery.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
  });

  it('sends the webhooks of a process that stopped right after the change: recorded with it, sent once by the pass', async () => {
    const owner = await organiser();
    const key = (await keyFor(owner)).key;
    const receiver = await startReceiver();
    receivers.push(receiver);
    const hook = await subscribe(key, receiver.url, ['round.completed', 'match.accepted', 'connection.made']);
    const webhooks = t.app.webhookDeliveries;
    const runDue = () => t.app.jobs.runDue(WEBHOOK_DELIVERIES_JOB);
    // The process stops after each change committed, before it sends anything.
    const send = vi.spyOn(webhooks, 'send').mockImplementation(() => {});

    const { matchId, adaToken } = await connectedAndSharing(owner.id);
    await webhooks.idle();
    expect(send).toHaveBeenCalledTimes(3);
    expect(receiver.received).toEqual([]);
    const recorded = await deliveriesOf(key, hook.id);
    expect(recorded.map((delivery) => [delivery.event, delivery.status]).sort()).toEqual([
      ['connection.made', 'pending'],
      ['match.accepted', 'pending'],
      ['round.completed', 'pending'],
    ]);
    send.mockRestore();

    // Any process's pass sends them, each once however often it runs.
    await Promise.all([runDue(), runDue()]);
    await runDue();
    const typesReceived = receiver.received.map(
      (request) => (JSON.parse(request.body) as WebhookPayload).type,
    );
    expect(typesReceived.sort()).toEqual(['connection.made', 'match.accepted', 'round.completed']);
    expect((await deliveriesOf(key, hook.id)).map((delivery) => delivery.status)).toEqual([
      'succeeded',
      'succeeded',
      'succeeded',
    ]);

    // Saving the shared contact again reports no second connection.
    const again = await call('PUT', `/api/me/connections/${matchId}`, bearer(adaToken), {
      share: true,
      contact: { email: 'again@example.com' },
    });
    expect(again.statusCode, again.body).toBe(200);
    await webhooks.idle();
    expect(receiver.received).toHaveLength(3);
    expect(await deliveriesOf(key, hook.id)).toHaveLength(3);
  });

  it('turns the webhook events an upgrade finds in the outbox into their deliveries, once', async () => {
    const owner = await organiser();
    const wheelId = await createTestWheel(t.database, {
      name: 'Upgraded mid-round',
      description: 'x',
      slotCount: 4,
      businessUserId: owner.id,
    });
    const hookId = await createTestWebhook(t.database, {
      businessUserId: owner.id,
      events: ['match.accepted', 'round.completed'],
    });
    const at = clock.now().toISOString();
    const matchId = crypto.randomUUID();
    const round = { wheelId, round: 3, matches: 1, unmatchedParticipants: 0, completedAt: at };
    // What the version before left when it stopped after the commits: two webhook events, and a mail's.
    const left = [
      { name: 'matchAcceptedByBoth', payload: { wheelId, matchId, round: 3 } },
      { name: 'roundCompleted', payload: round },
      { name: 'connectionMade', payload: { wheelId, matchId } },
      { name: 'demoRequested', payload: { id: 'demo' } },
    ].map(({ name, payload }) => ({
      id: crypto.randomUUID(),
      name,
      payload: JSON.stringify(payload),
      due_at: at,
      created_at: at,
    }));
    const db = t.database.db;
    await db.insertInto('event_outbox').values(left).execute();
    const upgrade = webhookEventsToDeliveriesMigration();
    await upgrade.up(db);
    // Found again (the upgrade ran twice): nothing is recorded twice.
    await db.insertInto('event_outbox').values(left.slice(0, 1)).execute();
    await upgrade.up(db);

    const recorded = await db
      .selectFrom('webhook_deliveries')
      .select(['id', 'event', 'status', 'payload'])
      .where('webhook_id', '=', hookId)
      .orderBy('event')
      .execute();
    expect(recorded.map(({ id, event, status }) => ({ id, event, status }))).toEqual([
      { id: deliveryIdOf(hookId, 'match.accepted', matchId), event: 'match.accepted', status: 'pending' },
      {
        id: deliveryIdOf(hookId, 'round.completed', `${wheelId}/3/${at}`),
        event: 'round.completed',
        status: 'pending',
      },
    ]);
    expect(JSON.parse(recorded[1]?.payload ?? '')).toMatchObject({ type: 'round.completed', data: round });
    // The owner wants no connection.made: that event just leaves; the mail's stays for its listener.
    const still = await db.selectFrom('event_outbox').select('name').execute();
    expect(still).toEqual([{ name: 'demoRequested' }]);
    await db.deleteFrom('event_outbox').execute();
  });

  it('reports a connection once when both people share at the same moment, for 20 matches at once', async () => {
    const owner = await organiser();
    const key = (await keyFor(owner)).key;
    const receiver = await startReceiver();
    receivers.push(receiver);
    await subscribe(key, receiver.url, ['connection.made']);
    // 20 calls held on the owner's wheel, written straight to the database.
    const wheelId = await createTestWheel(t.database, {
      name: 'Sharing at once',
      description: 'x',
      slotCount: 40,
      businessUserId: owner.id,
    });
    const tokens = createTokenService(t.config.jwtSecret as string, clock);
    const at = clock.now().toISOString();
    const pairs = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const people = await Promise.all(
          [0, 1].map(async () => {
            const participantId = await createTestParticipant(t.database, { wheelId });
            return { participantId, token: await tokens.signParticipant({ participantId, wheelId }) };
          }),
        );
        const [one, two] = people as [(typeof people)[0], (typeof people)[0]];
        const matchId = await createTestOpenMatch(t.database, {
          wheelId,
          user1Id: one.participantId,
          user2Id: two.participantId,
          accepted: true,
          at,
        });
        await t.database.db
          .updateTable('matches')
          .set({ call_started_at: at })
          .where('id', '=', matchId)
          .execute();
        return { matchId, people };
      }),
    );

    const shares = pairs.flatMap(({ matchId, people }) =>
      people.map((person) =>
        call('PUT', `/api/me/connections/${matchId}`, bearer(person.token), {
          share: true,
          contact: { email: `${person.participantId.slice(0, 8)}@example.com` },
        }),
      ),
    );
    for (const response of await Promise.all(shares)) expect(response.statusCode, response.body).toBe(200);
    await t.app.webhookDeliveries.idle();
    const reported = receiver.received.map(
      (request) => (JSON.parse(request.body) as WebhookPayload).data.matchId as string,
    );
    expect(reported.sort()).toEqual(pairs.map(({ matchId }) => matchId).sort());
  });

  it('records and sends nothing for a wheel whose owner has no webhook for its events', async () => {
    const owner = await organiser();
    const key = (await keyFor(owner)).key;
    const receiver = await startReceiver();
    receivers.push(receiver);
    const hook = await subscribe(key, receiver.url, ['connection.made']);
    const send = vi.spyOn(t.app.webhookDeliveries, 'send');
    // The round is revealed and both accept: this owner wants neither event.
    await connectedPair(t, clock, clients, { businessUserId: owner.id });
    await t.app.webhookDeliveries.idle();
    expect(send).not.toHaveBeenCalled();
    expect(await deliveriesOf(key, hook.id)).toEqual([]);
    expect(receiver.received).toEqual([]);
    send.mockRestore();
  });

  it('retries a delivery the receiver failed, waiting twice as long each time, until it succeeds', async () => {
    const owner = await organiser();
    const key = (await keyFor(owner)).key;
    const receiver = await startReceiver([500, 503]);
    receivers.push(receiver);
    const hook = await subscribe(key, receiver.url, ['round.completed']);
    await matchedPair(t, clock, clients, { businessUserId: owner.id });
    await t.app.webhookDeliveries.idle();
    expect(receiver.received).toHaveLength(1);
    const firstFailedAt = clock.now().getTime();
    let [delivery] = await deliveriesOf(key, hook.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500 });
    expect(Date.parse(delivery?.nextAttemptAt ?? '')).toBe(firstFailedAt + 10_000);

    // Not due yet: nothing is sent.
    clock.advance(9_999);
    await t.app.jobs.runDue(WEBHOOK_DELIVERIES_JOB);
    expect(receiver.received).toHaveLength(1);

    // Due: passes running at once (two processes) send it once.
    clock.advance(1);
    await Promise.all([t.app.jobs.runDue(WEBHOOK_DELIVERIES_JOB), t.app.jobs.runDue(WEBHOOK_DELIVERIES_JOB)]);
    expect(receiver.received).toHaveLength(2);
    [delivery] = await deliveriesOf(key, hook.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 2, lastStatusCode: 503 });
    expect(Date.parse(delivery?.nextAttemptAt ?? '')).toBe(clock.now().getTime() + 20_000);

    clock.advance(20_000);
    await t.app.jobs.runDue(WEBHOOK_DELIVERIES_JOB);
    expect(receiver.received).toHaveLength(3);
    [delivery] = await deliveriesOf(key, hook.id);
    expect(delivery).toMatchObject({
      status: 'succeeded',
      attempts: 3,
      lastStatusCode: 200,
      nextAttemptAt: null,
    });
    // The same event, signed afresh each time.
    const ids = receiver.received.map((request) => (JSON.parse(request.body) as WebhookPayload).id);
    expect(new Set(ids).size).toBe(1);
  });

  it('gives up after six attempts and records the delivery as failed', async () => {
    const owner = await organiser();
    const key = (await keyFor(owner)).key;
    const receiver = await startReceiver([500, 500, 500, 500, 500, 500, 500]);
    receivers.push(receiver);
    const hook = await subscribe(key, receiver.url, ['round.completed']);
    await matchedPair(t, clock, clients, { businessUserId: owner.id });
    await t.app.webhookDeliveries.idle();
    for (const wait of [10_000, 20_000, 40_000, 80_000, 160_000, 320_000]) {
      clock.advance(wait);
      await t.app.jobs.runDue(WEBHOOK_DELIVERIES_JOB);
    }
    expect(receiver.received).toHaveLength(6);
    const [delivery] = await deliveriesOf(key, hook.id);
    expect(delivery).toMatchObject({
      status: 'failed',
      attempts: 6,
      lastStatusCode: 500,
      nextAttemptAt: null,
    });
  });

  it('accepts only http(s) webhook URLs and known events, and keeps bodies small', async () => {
    const owner = await organiser();
    const key = (await keyFor(owner)).key;
    for (const body of [
      { url: 'ftp://example.com/hook', events: ['round.completed'] },
      { url: 'not a url', events: ['round.completed'] },
      { url: 'https://example.com/hook', events: [] },
      { url: 'https://example.com/hook', events: ['wheel.deleted'] },
    ]) {
      const response = await call('POST', '/api/v1/webhooks', bearer(key), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<ErrorBody>().error.code).toBe('validation_failed');
    }
    const huge = await call('POST', '/api/v1/webhooks', bearer(key), {
      url: `https://example.com/${'a'.repeat(20_000)}`,
      events: ['round.completed'],
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json<ErrorBody>().error.code).toBe('payload_too_large');
  });

  it('lets a business user manage webhooks in the admin area, exactly as a key does', async () => {
    const owner = await organiser();
    const key = (await keyFor(owner)).key;
    const receiver = await startReceiver();
    receivers.push(receiver);
    const created = await call('POST', '/api/admin/webhooks', owner.headers, {
      url: receiver.url,
      events: ['match.accepted', 'connection.made'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const hook = created.json<CreatedWebhook>();
    expect(hook.secret).toMatch(/^whsec_/);
    const { secret: _shownOnce, ...listed } = hook;
    // The same subscription, whether read in the admin area or with a key; the secret never again.
    expect((await call('GET', '/api/admin/webhooks', owner.headers)).json()).toEqual([listed]);
    expect((await call('GET', '/api/v1/webhooks', bearer(key))).json()).toEqual([listed]);
    expect((await call('GET', `/api/admin/webhooks/${hook.id}/deliveries`, owner.headers)).json()).toEqual(
      [],
    );

    // Another account sees none of it; an admin is not a business user; bad input is refused.
    const other = await organiser();
    expect((await call('GET', '/api/admin/webhooks', other.headers)).json()).toEqual([]);
    for (const [method, url] of [
      ['GET', `/api/admin/webhooks/${hook.id}/deliveries`],
      ['DELETE', `/api/admin/webhooks/${hook.id}`],
    ] as const) {
      expect((await call(method, url, other.headers)).statusCode).toBe(404);
    }
    const admin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
    expect((await call('GET', '/api/admin/webhooks', admin.headers)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/webhooks', {})).statusCode).toBe(401);
    const bad = await call('POST', '/api/admin/webhooks', owner.headers, { url: 'ftp://x', events: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().error.code).toBe('validation_failed');

    // A plan without the API cannot subscribe, here as with a key.
    const starter = await organiser('starter');
    const refused = await call('POST', '/api/admin/webhooks', starter.headers, {
      url: receiver.url,
      events: ['match.accepted'],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>().error.code).toBe('plan_required');

    expect((await call('DELETE', `/api/admin/webhooks/${hook.id}`, owner.headers)).statusCode).toBe(204);
    expect((await call('GET', '/api/v1/webhooks', bearer(key))).json()).toEqual([]);
  });

  it('limits each key to its requests per minute, however many arrive at once', async () => {
    const owner = await organiser();
    const key = (await keyFor(owner)).key;
    const other = (await keyFor(owner, 'Other')).key;
    const answers = await Promise.all(
      Array.from({ length: REQUESTS_PER_MINUTE + 5 }, () => call('GET', '/api/v1/webhooks', bearer(key))),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(REQUESTS_PER_MINUTE);
    expect(codes.filter((code) => code === 429)).toHaveLength(5);
    const limited = answers.find((answer) => answer.statusCode === 429);
    expect(limited?.headers['retry-after']).toBeDefined();
    expect((await call('GET', '/api/v1/webhooks', bearer(other))).statusCode).toBe(200);
    clock.advance(60_000);
    expect((await call('GET', '/api/v1/webhooks', bearer(key))).statusCode).toBe(200);
  });

  it('documents the API under its own tag with the key’s security scheme', async () => {
    const document = (await call('GET', '/api/docs/json')).json<{
      tags: { name: string }[];
      components: { securitySchemes: Record<string, { type: string; scheme: string }> };
      paths: Record<string, Record<string, { tags: string[]; security: unknown[] }>>;
    }>();
    expect(document.tags.map((tag) => tag.name)).toContain('public api');
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.paths['/api/v1/wheels']?.get).toMatchObject({
      tags: ['public api'],
      security: [{ apiKey: [] }],
    });
    expect(document.paths['/api/v1/webhooks']?.post?.tags).toEqual(['public api']);
  });
});

describe('webhook URLs on a server that keeps private addresses out (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    const { TEST_DIALECTS } = await import('./support/databases');
    t = await startTestApp(TEST_DIALECTS[0] as (typeof TEST_DIALECTS)[number]);
  });
  afterAll(() => t?.close());

  it('refuses loopback, private and link-local addresses, also behind a host name', async () => {
    const id = await createTestBusinessUser(t.database, {
      email: 'ssrf@example.com',
      password: PASSWORD,
      planId: 'enterprise',
    });
    expect(id).toBeTruthy();
    const session = await signIn(t.app, 'ssrf@example.com', PASSWORD);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/api-keys',
      headers: session.headers,
      payload: { name: 'k' },
    });
    const { key } = created.json<CreatedApiKey>();
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://localhost/hook',
      'http://10.1.2.3/hook',
      'http://192.168.0.10/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://[::7f00:9]/hook', // IPv4-compatible 127.0.0.9
      'http://[64:ff9b::7f00:1]/hook', // NAT64 of 127.0.0.1
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks',
        headers: { authorization: `Bearer ${key}` },
        payload: { url, events: ['round.completed'] },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json<ErrorBody>().error.message).toContain('private or local network');
    }
  });
});
