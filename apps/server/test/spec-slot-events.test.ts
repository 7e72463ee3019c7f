import {
  HUB_CAPABILITIES_MESSAGE,
  type OpenWheel,
  type SlotLeftEvent,
  type SlotTakenEvent,
  type WheelSnapshot,
} from '@wheelmeet/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from './support/each-dialect';
import { createTestWheel } from './support/factories';
import { connectHub, type HubClient, registerParticipant } from './support/hub-client';
import { ManualClock } from './support/manual-clock';
import { startTestApp, type TestApp } from './support/test-app';

/** Longer than a seat-change tick (SLOT_CHANGES_TICK_MS), so whatever was going to arrive has. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

/*
 * Issue 33: a client written from the spec hears SlotTaken and SlotLeft, one per seat change.
 * Only a connection that asks for it in its handshake (`auth.capabilities: ['SlotsChanged']`,
 * as the web app does) gets the batched SlotsChanged instead.
 */
describeEachDialect('the spec’s seat events, and SlotsChanged for those who ask', (dialect) => {
  let t: TestApp;
  const clock = new ManualClock();
  const clients: HubClient[] = [];

  beforeAll(async () => {
    t = await startTestApp(dialect, { clock, listen: true });
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(() => t?.close());

  const connect = async (options: Parameters<typeof connectHub>[1]) => {
    const client = await connectHub(t.baseUrl, options);
    clients.push(client);
    return client;
  };
  async function wheel(slotCount = 8) {
    const wheelId = await createTestWheel(t.database, { name: 'Seats', description: 'x', slotCount });
    const slots = ((await (await fetch(`${t.baseUrl}/api/wheels/${wheelId}`)).json()) as OpenWheel).slots;
    return { wheelId, slotIds: slots.map((slot) => slot.id) };
  }
  /** Registers, connects (with these handshake options) and joins the wheel. */
  async function person(wheelId: string, name: string, options: Parameters<typeof connectHub>[1] = {}) {
    const registration = await registerParticipant(t.baseUrl, wheelId, { username: name });
    const client = await connect({ token: registration.token, ...options });
    const joined = await client.call('JoinWheel', { wheelId });
    expect(joined).toHaveProperty('data');
    return { id: registration.user.id, client, snapshot: (joined as { data: WheelSnapshot }).data };
  }
  /** The single seat events a client received, in order, as [event, payload]. */
  const singleSeatEvents = (client: HubClient) =>
    client.received
      .filter((entry) => entry.event === 'SlotTaken' || entry.event === 'SlotLeft')
      .map((entry) => [entry.event, entry.payload]);

  it('sends a client that connects as the spec’s does SlotTaken then SlotLeft, and never SlotsChanged', async () => {
    const { wheelId, slotIds } = await wheel();
    const spec = await person(wheelId, 'Spec', { asSpecClient: true });
    const ada = await person(wheelId, 'Ada');
    const [slotId = ''] = slotIds;

    expect(await ada.client.call('TakeSlot', { wheelId, userId: ada.id, slotId })).toEqual({ data: null });
    const taken = await spec.client.next('SlotTaken');
    expect(taken).toEqual({
      wheelId,
      userId: ada.id,
      slotId,
      occupiedAt: clock.now().toISOString(),
      seq: expect.any(Number),
    } satisfies SlotTakenEvent);
    expect(await ada.client.call('LeaveSlot', { wheelId })).toEqual({ data: null });
    const left = await spec.client.next('SlotLeft');
    expect(left).toEqual({
      wheelId,
      userId: ada.id,
      slotId,
      seq: expect.any(Number),
    } satisfies SlotLeftEvent);
    // Issue 36: numbered after the snapshot, one number per push.
    expect(taken.seq).toBeGreaterThan(spec.snapshot.seq);
    expect(left.seq).toBe((taken.seq ?? 0) + 1);

    await settle();
    expect(singleSeatEvents(spec.client).map(([event]) => event)).toEqual(['SlotTaken', 'SlotLeft']);
    expect(spec.client.all('SlotsChanged')).toEqual([]);
  });

  it('sends a client that asks for SlotsChanged the batch, and not the single events', async () => {
    const { wheelId, slotIds } = await wheel();
    const batched = await person(wheelId, 'Batched', { capabilities: ['SlotsChanged'] });
    const ada = await person(wheelId, 'Ada');
    const [slotId = ''] = slotIds;

    await ada.client.call('TakeSlot', { wheelId, userId: ada.id, slotId });
    expect(await batched.client.next('SlotsChanged')).toEqual({
      wheelId,
      changes: [{ kind: 'taken', userId: ada.id, slotId, occupiedAt: clock.now().toISOString() }],
      seq: expect.any(Number),
    });
    await ada.client.call('LeaveSlot', { wheelId });
    expect(await batched.client.nextSeatChange('left')).toEqual({ wheelId, userId: ada.id, slotId });

    await settle();
    expect(singleSeatEvents(batched.client)).toEqual([]);
  });

  it('serves two spec clients and two batched ones on one wheel at once, each the same changes in order', async () => {
    const { wheelId, slotIds } = await wheel();
    const specs = [
      await person(wheelId, 'Spec 1', { asSpecClient: true }),
      await person(wheelId, 'Spec 2', { capabilities: [] }),
    ];
    const batched = [
      await person(wheelId, 'Batched 1', { capabilities: ['SlotsChanged'] }),
      await person(wheelId, 'Batched 2', { capabilities: ['SlotsChanged'] }),
    ];
    const everyone = [...specs, ...batched];

    // All four take a seat at once (one tick: one SlotsChanged), then two of them move.
    const [a, b, c, d] = everyone;
    if (!a || !b || !c || !d) throw new Error('four people expected');
    await Promise.all(
      everyone.map((who, index) =>
        who.client.call('TakeSlot', { wheelId, userId: who.id, slotId: slotIds[index] ?? '' }),
      ),
    );
    await settle();
    expect(await a.client.call('ChangeSlot', { wheelId, slotId: slotIds[4] ?? '' })).toEqual({ data: null });
    expect(await c.client.call('LeaveSlot', { wheelId })).toEqual({ data: null });
    await settle();

    const seats = (client: HubClient) => ({
      taken: client.seatChanges('taken').map(({ userId, slotId }) => [userId, slotId]),
      left: client.seatChanges('left').map(({ userId, slotId }) => [userId, slotId]),
    });
    const expected = seats(b.client);
    expect(expected.taken).toHaveLength(5);
    expect(expected.left).toEqual([
      [a.id, slotIds[0]],
      [c.id, slotIds[2]],
    ]);
    for (const who of everyone) {
      expect(seats(who.client)).toEqual(expected);
      // Each seat change, on this one connection, exactly once.
      const perChange = who.client.all('SlotsChanged').flatMap((event) => event.changes).length;
      expect(perChange + singleSeatEvents(who.client).length).toBe(7);
    }
    for (const spec of specs) {
      expect(spec.client.all('SlotsChanged')).toEqual([]);
      expect(singleSeatEvents(spec.client)).toHaveLength(7);
      // The move: the old seat is left before the new one is taken.
      expect(singleSeatEvents(spec.client).slice(4)).toEqual([
        ['SlotLeft', expect.objectContaining({ wheelId, userId: a.id, slotId: slotIds[0] })],
        ['SlotTaken', expect.objectContaining({ wheelId, userId: a.id, slotId: slotIds[4] })],
        ['SlotLeft', expect.objectContaining({ wheelId, userId: c.id, slotId: slotIds[2] })],
      ]);
    }
    for (const one of batched) expect(singleSeatEvents(one.client)).toEqual([]);
    // JoinWheel's snapshot is the same whatever the connection asked for.
    expect(specs[0]?.snapshot.wheel.slots).toEqual(batched[0]?.snapshot.wheel.slots);
  });

  it('stops the single events when a spec client leaves the wheel', async () => {
    const { wheelId, slotIds } = await wheel();
    const spec = await person(wheelId, 'Spec', { asSpecClient: true });
    const ada = await person(wheelId, 'Ada');
    expect(await spec.client.call('LeaveWheel', { wheelId })).toEqual({ data: null });
    await ada.client.call('TakeSlot', { wheelId, userId: ada.id, slotId: slotIds[0] ?? '' });
    await ada.client.nextSeatChange('taken');
    await settle();
    expect(spec.client.seatChanges('taken')).toEqual([]);
  });

  describe('the handshake’s capabilities', () => {
    it('ignores names it does not know, so a newer client can ask an older server', async () => {
      const { wheelId, slotIds } = await wheel();
      const both = await person(wheelId, 'Both', { capabilities: ['SlotsChanged', 'SomethingLater'] });
      const unknownOnly = await person(wheelId, 'Unknown', { capabilities: ['SomethingLater'] });
      const ada = await person(wheelId, 'Ada');
      await ada.client.call('TakeSlot', { wheelId, userId: ada.id, slotId: slotIds[0] ?? '' });
      await both.client.next('SlotsChanged');
      await unknownOnly.client.next('SlotTaken');
      await settle();
      expect(singleSeatEvents(both.client)).toEqual([]);
      expect(unknownOnly.client.all('SlotsChanged')).toEqual([]);
    });

    it('refuses a malformed list as validation_failed, not as a bad token', async () => {
      const { wheelId } = await wheel();
      const registration = await registerParticipant(t.baseUrl, wheelId, { username: 'Malformed' });
      for (const capabilities of ['SlotsChanged', [42], { SlotsChanged: true }, Array(17).fill('x')]) {
        const refused = await connect({ token: registration.token, capabilities }).then(
          () => undefined,
          (error: unknown) => error as Error & { data?: unknown },
        );
        expect(refused?.message).toBe(HUB_CAPABILITIES_MESSAGE);
        expect(refused?.data).toEqual({
          code: 'validation_failed',
          reason: 'validation_failed',
          message: HUB_CAPABILITIES_MESSAGE,
        });
      }
      // The token itself is fine.
      await connect({ token: registration.token, capabilities: ['SlotsChanged'] });
    });
  });
});
