import {
  type AdminWheel,
  type BusinessUserReport,
  type Connection,
  displayNameOf,
  type MyConnections,
} from '@wheelmeet/contracts';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from './support/each-dialect';
import { createTestBusinessUser, createTestWheel } from './support/factories';
import { dataOf, type HubClient, registerParticipant } from './support/hub-client';
import { ManualClock } from './support/manual-clock';
import { connectedPair, matchedPair } from './support/matched-pair';
import { signIn } from './support/staff';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './support/test-app';

describeEachDialect('keeping in touch after a call (issue 13, decision 015)', (dialect) => {
  let t: TestApp;
  const clock = new ManualClock();
  const clients: HubClient[] = [];

  beforeAll(async () => {
    t = await startTestApp(dialect, { clock, listen: true, env: { WHEEL_ROUND_SECONDS: '5' } });
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(() => t?.close());

  /** Two people matched on a fresh wheel; `call` true: both accepted and the call connected, else Bo declined. */
  async function met(call: boolean, wheel: { contactFields?: string[] } = {}) {
    const { matchId, ada, bo } = call
      ? await connectedPair(t, clock, clients)
      : await matchedPair(t, clock, clients).then(async (pair) => {
          dataOf(await pair.bo.client.call('DeclineMatch', { matchId: pair.match.id }));
          return { ...pair, matchId: pair.match.id };
        });
    if (wheel.contactFields) {
      const row = await t.database.db
        .selectFrom('matches')
        .select('wheel_id')
        .where('id', '=', matchId)
        .executeTakeFirstOrThrow();
      await t.database.db
        .updateTable('wheels')
        .set({ contact_fields: JSON.stringify(wheel.contactFields) })
        .where('id', '=', row.wheel_id)
        .execute();
    }
    return { matchId, ada, bo };
  }

  const http = (method: 'GET' | 'PUT', url: string, token: string | null, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
  const share = (token: string, matchId: string, body: unknown) =>
    http('PUT', `/api/me/connections/${matchId}`, token, body);
  const mine = async (token: string) =>
    (await http('GET', '/api/me/connections', token)).json<MyConnections>();

  it('reveals contact details only once both chose to share, and keeps ratings and notes to oneself', async () => {
    const { matchId, ada, bo } = await met(true);
    const adaShares = await share(ada.token, matchId, {
      share: true,
      contact: { email: 'ada@example.com', linkedinUrl: 'https://www.linkedin.com/in/ada' },
      rating: 'up',
      note: 'Great chat',
    });
    expect(adaShares.statusCode).toBe(200);
    expect(adaShares.json<Connection>()).toMatchObject({
      matchId,
      partnerContact: null,
      mine: { share: true },
    });

    // Bo has not shared: Bo sees nothing of Ada's, and only that they met.
    const boSees = await mine(bo.token);
    expect(boSees.connections).toEqual([
      expect.objectContaining({
        matchId,
        partner: { id: ada.id, displayName: displayNameOf({ id: ada.id }) },
        mine: null,
        partnerContact: null,
      }),
    ]);
    expect(JSON.stringify(boSees)).not.toContain('ada@example.com');
    expect(JSON.stringify(boSees)).not.toContain('Great chat');

    // Bo shares too: each now sees the other's details.
    const boShares = await share(bo.token, matchId, { share: true, contact: { phone: '+44 20 7946 0958' } });
    expect(boShares.json<Connection>().partnerContact).toEqual({
      email: 'ada@example.com',
      linkedinUrl: 'https://www.linkedin.com/in/ada',
    });
    expect((await mine(ada.token)).connections[0]?.partnerContact).toEqual({ phone: '+44 20 7946 0958' });

    // Changing one's mind hides both ways again.
    await share(ada.token, matchId, { share: false });
    expect((await mine(bo.token)).connections[0]?.partnerContact).toBeNull();
    expect((await mine(ada.token)).connections[0]?.partnerContact).toBeNull();
  });

  it('lists a declined match too, and refuses a stranger, a visitor, fields the organiser does not collect, and bad details', async () => {
    const { matchId, ada, bo } = await met(false, { contactFields: ['email'] });
    expect((await mine(ada.token)).connections).toEqual([
      expect.objectContaining({ matchId, declined: true, metAt: null }),
    ]);
    expect((await mine(ada.token)).contactFields).toEqual(['email']);

    const refused = await share(ada.token, matchId, { share: true, contact: { phone: '+44 20 7946 0958' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: { message: 'The organiser does not collect phone on this wheel.' },
    });
    expect((await share(ada.token, matchId, { share: true })).json()).toMatchObject({
      error: { message: 'Add at least one way to reach you, or choose not to share.' },
    });
    expect(
      (
        await share(ada.token, matchId, {
          share: true,
          contact: { linkedinUrl: 'https://evil.example/in/x' },
        })
      ).statusCode,
    ).toBe(400);

    const other = await met(true);
    expect((await share(other.ada.token, matchId, { share: false })).statusCode).toBe(403);
    expect((await http('GET', '/api/me/connections', null)).statusCode).toBe(401);
    expect((await share(bo.token, matchId, { share: false })).statusCode).toBe(200);
  });

  it('says nothing is shared before the call started', async () => {
    const wheelId = await createTestWheel(t.database, { name: 'Early', description: 'x', slotCount: 2 });
    const registration = await registerParticipant(t.baseUrl, wheelId, { username: 'Cy' });
    expect(await mine(registration.token)).toEqual({
      wheelId,
      contactFields: ['email', 'linkedinUrl', 'phone'],
      connections: [],
    });
  });

  it('gives the organiser’s report its connections, mutual-share rate and ratings', async () => {
    const ownerId = await createTestBusinessUser(t.database, {
      email: `report-${dialect.name}@example.com`,
      password: 'owner-pass',
    });
    const call = () => connectedPair(t, clock, clients, { businessUserId: ownerId });
    const shared = await call();
    const oneSided = await call();
    await share(shared.ada.token, shared.matchId, {
      share: true,
      contact: { email: 'a@example.com' },
      rating: 'up',
    });
    await share(shared.bo.token, shared.matchId, {
      share: true,
      contact: { email: 'b@example.com' },
      rating: 'up',
    });
    await share(oneSided.ada.token, oneSided.matchId, { share: true, contact: { email: 'a@example.com' } });
    await share(oneSided.bo.token, oneSided.matchId, { share: false, rating: 'down' });

    const owner = await signIn(t.app, `report-${dialect.name}@example.com`, 'owner-pass');
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin/reports/business-user/${ownerId}`,
      headers: owner.headers,
    });
    const report = response.json<BusinessUserReport>();
    expect(report.totals).toMatchObject({
      callsStarted: 2,
      connections: 1,
      mutualShareRate: 0.5,
      ratings: 3,
      positiveRatingRate: 2 / 3,
    });
    expect(report.overTime.reduce((sum, day) => sum + day.connections, 0)).toBe(1);
    // An admin reads the same figures.
    const admin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
    const asAdmin = await t.app.inject({
      method: 'GET',
      url: `/api/admin/reports/business-user/${ownerId}`,
      headers: admin.headers,
    });
    expect(asAdmin.json<BusinessUserReport>().totals).toEqual(report.totals);
  });

  it('lets the organiser choose the contact fields in the wheel form; people are offered only those', async () => {
    const admin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
    const create = (contactFields: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/wheels',
        headers: admin.headers,
        payload: { name: 'Fields', description: 'x', slotCount: 2, contactFields },
      });
    const emailOnly = (await create(['email'])).json<AdminWheel>();
    expect(emailOnly.contactFields).toEqual(['email']);
    const registration = await registerParticipant(t.baseUrl, emailOnly.id, { username: 'Di' });
    expect((await mine(registration.token)).contactFields).toEqual(['email']);

    // Every field is the standard; none is refused.
    expect((await create(['phone', 'email', 'linkedinUrl'])).json<AdminWheel>().contactFields).toBeNull();
    const none = await create([]);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      error: { message: expect.stringContaining('Choose at least one contact detail people may share') },
    });

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/wheels/${emailOnly.id}`,
      headers: admin.headers,
      payload: { name: 'Fields', description: 'x', contactFields: ['phone'] },
    });
    expect(edited.json<AdminWheel>().contactFields).toEqual(['phone']);
    expect((await mine(registration.token)).contactFields).toEqual(['phone']);
  });
});
