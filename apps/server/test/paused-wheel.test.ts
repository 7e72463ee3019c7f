import type { GetWheelResponse, WheelSnapshot } from '@wheelmeet/contracts';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from './support/each-dialect';
import { createTestWheel } from './support/factories';
import { connectHub, type HubClient } from './support/hub-client';
import { ManualClock } from './support/manual-clock';
import { signIn } from './support/staff';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './support/test-app';

/**
 * Issue 33 (4): the people on a wheel can tell a paused wheel from one waiting for people. The
 * wheel says `roundsPaused` to a new page and in JoinWheel's snapshot, and RoundScheduled says it
 * when the organiser pauses or resumes.
 */
describeEachDialect('a paused wheel, as its participants see it', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  const clients: HubClient[] = [];

  beforeAll(async () => {
    t = await startTestApp(dialect, { clock: new ManualClock(), listen: true });
    admin = (await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD)).headers;
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(() => t?.close());

  const control = (wheelId: string, action: 'pause' | 'resume') =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/wheels/${wheelId}/rounds`,
      headers: admin,
      payload: { action },
    });
  const view = async (wheelId: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/wheels/${wheelId}` })).json<GetWheelResponse>();
  const join = async (wheelId: string) => {
    const client = await connectHub(t.baseUrl);
    clients.push(client);
    const joined = await client.call('JoinWheel', { wheelId });
    return { client, snapshot: (joined as { data: WheelSnapshot }).data };
  };

  it('says the rounds are paused on the wheel, in the snapshot and in RoundScheduled, until resumed', async () => {
    const wheelId = await createTestWheel(t.database, { name: 'Mixer', description: 'd', slotCount: 4 });
    expect(await view(wheelId)).toMatchObject({ roundsPaused: false });
    const watcher = await join(wheelId);
    expect(watcher.snapshot.wheel.roundsPaused).toBe(false);

    expect((await control(wheelId, 'pause')).statusCode).toBe(200);
    expect(await watcher.client.next('RoundScheduled', (event) => event.roundsPaused)).toMatchObject({
      wheelId,
      nextSpinAt: null,
      roundsPaused: true,
      slotsCleared: false,
    });
    expect(await view(wheelId)).toMatchObject({ roundsPaused: true, nextSpinAt: null });
    expect((await join(wheelId)).snapshot.wheel.roundsPaused).toBe(true);

    expect((await control(wheelId, 'resume')).statusCode).toBe(200);
    expect(await watcher.client.next('RoundScheduled', (event) => !event.roundsPaused)).toMatchObject({
      wheelId,
      roundsPaused: false,
    });
    expect(await view(wheelId)).toMatchObject({ roundsPaused: false });
  });
});
