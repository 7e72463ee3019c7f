import {
  getWheelResponseSchema,
  listPlansResponseSchema,
  listPublicWheelsResponseSchema,
  type OpenWheel,
  openWheelSchema,
  type UnlockWheelResponse,
} from '@wheelmeet/contracts';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createWheelsAdminRepository } from '../src/modules/wheels-admin/wheels-admin.repository';
import { describeEachDialect } from './support/each-dialect';
import { createTestWheel } from './support/factories';
import { connectHub, type HubClient, registerParticipant } from './support/hub-client';
import { signIn } from './support/staff';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './support/test-app';

/**
 * The public read path answers from caches (docs/decisions/011-http-read-path.md): what it
 * answers must still be exactly what the contracts say, and a change must be seen by the
 * very next read.
 */
describeEachDialect('the public read path', (dialect) => {
  let t: TestApp;
  const clients: HubClient[] = [];

  beforeAll(async () => {
    t = await startTestApp(dialect, { listen: true });
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(() => t?.close());

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${t.baseUrl}${url}`, { headers });
    expect(response.status, url).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    return response.json() as Promise<unknown>;
  };
  const wheels = createWheelsAdminRepository;

  it('answers every public read with what its contract schema parses, nothing more', async () => {
    const wheelId = await createTestWheel(t.database, {
      name: 'Contract wheel',
      description: 'Occupied, with a form',
      slotCount: 4,
      price: 12.5,
      registrationFields: {
        enabled: true,
        fields: [
          {
            id: 'role',
            name: 'role',
            label: 'Role',
            type: 'select',
            required: false,
            options: ['a'],
            enabled: true,
          },
        ],
      },
    });
    const lockedId = await createTestWheel(t.database, {
      name: 'Locked',
      description: 'Behind a code',
      slotCount: 2,
      isPrivate: true,
      accessCode: 'OPEN-SESAME',
    });
    // Someone seated and connected, so slots carry a user and activeUsers is not empty.
    const registration = await registerParticipant(t.baseUrl, wheelId, { username: 'Ada' });
    const client = await connectHub(t.baseUrl, { token: registration.token });
    clients.push(client);
    expect(await client.call('JoinWheel', { wheelId })).toHaveProperty('data');
    const slotId = openWheelSchema.parse(await get(`/api/wheels/${wheelId}`)).slots[1]?.id ?? '';
    expect(await client.call('TakeSlot', { wheelId, userId: registration.user.id, slotId })).toEqual({
      data: null,
    });

    const strict = <T>(schema: { parse(value: unknown): T }, body: unknown) => {
      // Parsing drops unknown properties: equal to the body means the body had none.
      expect(schema.parse(body)).toEqual(body);
      return schema.parse(body);
    };
    expect(strict(listPlansResponseSchema, await get('/api/business/plans'))).toHaveLength(3);
    expect(
      strict(listPublicWheelsResponseSchema, await get('/api/wheels/public')).map((w) => w.id),
    ).toContain(wheelId);
    strict(openWheelSchema, await get('/api/wheels/current'));
    const open = strict(openWheelSchema, await get(`/api/wheels/${wheelId}`));
    expect(open.slots[1]?.user?.id).toBe(registration.user.id);
    expect(open.activeUsers.map((user) => user.id)).toEqual([registration.user.id]);
    expect(open.registrationFields?.fields[0]?.options).toEqual(['a']);
    expect(open.price).toBe(12.5);

    const locked = strict(getWheelResponseSchema, await get(`/api/wheels/${lockedId}`));
    expect(locked.requiresAccessCode).toBe(true);
    const unlocked = await fetch(`${t.baseUrl}/api/wheels/${lockedId}/access`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accessCode: 'OPEN-SESAME' }),
    });
    const { accessGrant } = (await unlocked.json()) as UnlockWheelResponse;
    const granted = strict(
      getWheelResponseSchema,
      await get(`/api/wheels/${lockedId}`, { 'x-wheel-access': accessGrant }),
    );
    expect(granted.requiresAccessCode).toBe(false);
    // The same cached wheel, still locked for a caller without the grant.
    expect(strict(getWheelResponseSchema, await get(`/api/wheels/${lockedId}`)).requiresAccessCode).toBe(
      true,
    );
  });

  it('shows a plan edited in the database on the very next read', async () => {
    const before = listPlansResponseSchema.parse(await get('/api/business/plans'));
    await t.database.db
      .updateTable('plans')
      .set({ name: 'Starter Plus', price_cents: 1234 })
      .where('id', '=', 'starter')
      .execute();
    const after = listPlansResponseSchema.parse(await get('/api/business/plans'));
    expect(after.find((plan) => plan.id === 'starter')).toMatchObject({ name: 'Starter Plus', price: 12.34 });
    expect(after).not.toEqual(before);
  });

  it('shows a wheel edited through the admin API on the very next read, in the list and on its page', async () => {
    const wheelId = await createTestWheel(t.database, { name: 'Before', description: 'x', slotCount: 2 });
    expect(
      listPublicWheelsResponseSchema
        .parse(await get('/api/wheels/public'))
        .find((wheel) => wheel.id === wheelId)?.name,
    ).toBe('Before');
    expect(openWheelSchema.parse(await get(`/api/wheels/${wheelId}`)).name).toBe('Before');

    const admin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/wheels/${wheelId}`,
      headers: admin.headers,
      payload: { name: 'After', description: 'x' },
    });
    expect(edited.statusCode).toBe(200);
    expect(
      listPublicWheelsResponseSchema
        .parse(await get('/api/wheels/public'))
        .find((wheel) => wheel.id === wheelId)?.name,
    ).toBe('After');
    expect(openWheelSchema.parse(await get(`/api/wheels/${wheelId}`)).name).toBe('After');

    // Made private: gone from the list, and its page turns into the locked view at once.
    await wheels(t.database.db).update(wheelId, {
      is_private: true,
      requires_access_code: true,
      access_code: 'X',
    });
    const list = listPublicWheelsResponseSchema.parse(await get('/api/wheels/public'));
    expect(list.map((wheel) => wheel.id)).not.toContain(wheelId);
    expect(getWheelResponseSchema.parse(await get(`/api/wheels/${wheelId}`)).requiresAccessCode).toBe(true);

    await wheels(t.database.db).delete(wheelId);
    expect((await fetch(`${t.baseUrl}/api/wheels/${wheelId}`)).status).toBe(404);
  });

  it('shows a seat taken, a profile changed and who is here on the very next read', async () => {
    const wheelId = await createTestWheel(t.database, { name: 'Seats', description: 'x', slotCount: 2 });
    const page = async () => openWheelSchema.parse(await get(`/api/wheels/${wheelId}`)) as OpenWheel;
    const [free] = (await page()).slots;
    expect((await page()).activeUsers).toEqual([]);

    const registration = await registerParticipant(t.baseUrl, wheelId, { username: 'Bo' });
    const client = await connectHub(t.baseUrl, { token: registration.token });
    clients.push(client);
    expect(await client.call('JoinWheel', { wheelId })).toHaveProperty('data');
    expect((await page()).activeUsers.map((user) => user.id)).toEqual([registration.user.id]);

    expect(
      await client.call('TakeSlot', { wheelId, userId: registration.user.id, slotId: free?.id ?? '' }),
    ).toEqual({
      data: null,
    });
    expect((await page()).slots[0]?.user?.id).toBe(registration.user.id);

    await t.database.db
      .updateTable('participants')
      .set({ short_bio: 'Changed my bio' })
      .where('id', '=', registration.user.id)
      .execute();
    const renamed = await page();
    expect(renamed.slots[0]?.user?.shortBio).toBe('Changed my bio');
    expect(renamed.activeUsers.map((user) => user.shortBio)).toEqual(['Changed my bio']);

    expect(await client.call('LeaveWheel', { wheelId })).toEqual({ data: null });
    const left = await page();
    expect(left.slots[0]?.userId).toBeNull();
    expect(left.activeUsers).toEqual([]);
  });
});
