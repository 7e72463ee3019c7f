import type { HubResult, OpenWheel } from '@wheelmeet/contracts';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from './support/each-dialect';
import { createTestWheel } from './support/factories';
import { connectHub, type HubClient, registerParticipant } from './support/hub-client';
import { ManualClock } from './support/manual-clock';
import { startTestApp, type TestApp } from './support/test-app';

const ROUND_SECONDS = 30;

describeEachDialect('leaving and changing seats (issue 12)', (dialect) => {
  let t: TestApp;
  const clock = new ManualClock();
  const clients: HubClient[] = [];

  beforeAll(async () => {
    t = await startTestApp(dialect, {
      clock,
      listen: true,
      env: { WHEEL_ROUND_SECONDS: String(ROUND_SECONDS) },
    });
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(() => t?.close());

  async function wheelWith(names: string[], slotCount = 8) {
    const wheelId = await createTestWheel(t.database, { name: 'Seats', description: 'x', slotCount });
    const slots = ((await (await fetch(`${t.baseUrl}/api/wheels/${wheelId}`)).json()) as OpenWheel).slots;
    const people = [];
    for (const name of names) {
      const registration = await registerParticipant(t.baseUrl, wheelId, { username: name });
      const client = await connectHub(t.baseUrl, { token: registration.token });
      clients.push(client);
      expect(await client.call('JoinWheel', { wheelId })).toHaveProperty('data');
      people.push({ id: registration.user.id, client });
    }
    const seatOf = async (participantId: string) =>
      ((await (await fetch(`${t.baseUrl}/api/wheels/${wheelId}`)).json()) as OpenWheel).slots
        .filter((slot) => slot.userId === participantId)
        .map((slot) => slot.id);
    return { wheelId, slots, people, seatOf };
  }
  const slotId = (slots: OpenWheel['slots'], index: number) => slots[index]?.id ?? '';

  it('moves a seated person to a free slot; everyone sees the old slot freed and the new one taken', async () => {
    const { wheelId, slots, people, seatOf } = await wheelWith(['Ada', 'Bo']);
    const [ada, bo] = people;
    if (!ada || !bo) throw new Error('people expected');
    await ada.client.call('TakeSlot', { wheelId, userId: ada.id, slotId: slotId(slots, 0) });
    expect(await ada.client.call('ChangeSlot', { wheelId, slotId: slotId(slots, 5) })).toEqual({
      data: null,
    });
    expect(await seatOf(ada.id)).toEqual([slotId(slots, 5)]);
    expect(
      await bo.client.nextSeatChange('left', (event) => event.slotId === slotId(slots, 0)),
    ).toMatchObject({
      userId: ada.id,
    });
    expect(
      await bo.client.nextSeatChange('taken', (event) => event.slotId === slotId(slots, 5)),
    ).toMatchObject({
      userId: ada.id,
    });
  });

  it('names who sat where and since when in a seat change, not their profile, which the room has from their join', async () => {
    const { wheelId, slots, people } = await wheelWith(['Ada', 'Bo']);
    const [ada, bo] = people;
    if (!ada || !bo) throw new Error('people expected');
    expect((await ada.client.next('UserJoined', (event) => event.user.id === bo.id)).user).toHaveProperty(
      'age',
    );
    await bo.client.call('TakeSlot', { wheelId, userId: bo.id, slotId: slotId(slots, 1) });
    expect(await ada.client.next('SlotsChanged')).toEqual({
      wheelId,
      changes: [
        { kind: 'taken', userId: bo.id, slotId: slotId(slots, 1), occupiedAt: clock.now().toISOString() },
      ],
      seq: expect.any(Number),
    });
  });

  it('keeps the old seat when the new one is taken, and gives one free slot to exactly one of two movers', async () => {
    const { wheelId, slots, people, seatOf } = await wheelWith(['Ada', 'Bo']);
    const [ada, bo] = people;
    if (!ada || !bo) throw new Error('people expected');
    await ada.client.call('TakeSlot', { wheelId, userId: ada.id, slotId: slotId(slots, 0) });
    await bo.client.call('TakeSlot', { wheelId, userId: bo.id, slotId: slotId(slots, 1) });
    expect(await ada.client.call('ChangeSlot', { wheelId, slotId: slotId(slots, 1) })).toMatchObject({
      error: { code: 'conflict' },
    });
    expect(await seatOf(ada.id)).toEqual([slotId(slots, 0)]);

    const raced = await Promise.all([
      ada.client.call('ChangeSlot', { wheelId, slotId: slotId(slots, 6) }),
      bo.client.call('ChangeSlot', { wheelId, slotId: slotId(slots, 6) }),
    ]);
    expect(raced.filter((result) => 'data' in result)).toHaveLength(1);
    const winner = 'data' in (raced[0] as HubResult<null>) ? ada : bo;
    const loser = winner === ada ? bo : ada;
    expect(await seatOf(winner.id)).toEqual([slotId(slots, 6)]);
    expect(await seatOf(loser.id)).toEqual([slotId(slots, loser === ada ? 0 : 1)]);
  });

  it('leaves one seat however many moves one person makes at once', async () => {
    const { wheelId, slots, people, seatOf } = await wheelWith(['Ada'], 40);
    const [ada] = people;
    if (!ada) throw new Error('person expected');
    await ada.client.call('TakeSlot', { wheelId, userId: ada.id, slotId: slotId(slots, 0) });
    await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        ada.client.call('ChangeSlot', { wheelId, slotId: slotId(slots, index + 1) }),
      ),
    );
    expect(await seatOf(ada.id)).toHaveLength(1);
  });

  it('frees a seat on LeaveSlot while the person stays on the wheel, and refuses both while the wheel spins', async () => {
    const { wheelId, slots, people, seatOf } = await wheelWith(['Ada', 'Bo', 'Cy'], 4);
    const [ada, bo, cy] = people;
    if (!ada || !bo || !cy) throw new Error('people expected');
    await ada.client.call('TakeSlot', { wheelId, userId: ada.id, slotId: slotId(slots, 0) });
    await cy.client.call('TakeSlot', { wheelId, userId: cy.id, slotId: slotId(slots, 1) });
    expect(await cy.client.call('LeaveSlot', { wheelId })).toEqual({ data: null });
    expect(await seatOf(cy.id)).toEqual([]);
    expect(await bo.client.nextSeatChange('left', (event) => event.userId === cy.id)).toBeTruthy();
    expect(bo.client.all('UserLeft')).toEqual([]);

    await bo.client.call('TakeSlot', { wheelId, userId: bo.id, slotId: slotId(slots, 2) });
    clock.advance(ROUND_SECONDS * 1000);
    await t.app.rounds.tick();
    await ada.client.next('WheelSpinStarted');
    expect(await ada.client.call('LeaveSlot', { wheelId })).toMatchObject({ error: { code: 'conflict' } });
    expect(await ada.client.call('ChangeSlot', { wheelId, slotId: slotId(slots, 3) })).toMatchObject({
      error: { code: 'conflict' },
    });
    expect(await seatOf(ada.id)).toEqual([slotId(slots, 0)]);
  });

  it('refuses seat changes from a visitor and from someone who has not joined', async () => {
    const { wheelId, slots } = await wheelWith([]);
    const visitor = await connectHub(t.baseUrl);
    clients.push(visitor);
    expect(await visitor.call('ChangeSlot', { wheelId, slotId: slotId(slots, 0) })).toMatchObject({
      error: { code: 'unauthorized' },
    });
    const registration = await registerParticipant(t.baseUrl, wheelId, { username: 'Dee' });
    const notJoined = await connectHub(t.baseUrl, { token: registration.token });
    clients.push(notJoined);
    expect(await notJoined.call('LeaveSlot', { wheelId })).toMatchObject({ error: { code: 'forbidden' } });
    expect(await notJoined.call('ChangeSlot', { wheelId, slotId: 'not-a-uuid' } as never)).toMatchObject({
      error: { code: 'validation_failed' },
    });
  });
});
