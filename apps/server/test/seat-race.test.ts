import type { HubResult, OpenWheel } from '@wheelmeet/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SLOT_OCCUPIED } from '../src/modules/wheels/wheels.service';
import { describeEachDialect } from './support/each-dialect';
import { createTestWheel } from './support/factories';
import { connectHub, type HubClient, registerParticipant } from './support/hub-client';
import { ManualClock } from './support/manual-clock';
import { waitFor } from './support/server-process';
import { startTestApp, type TestApp } from './support/test-app';

const PEOPLE = 500;
const SLOTS = 100;
const ARRIVING_AT_ONCE = 10;

describeEachDialect('a round opening: many people race for the seats (issue 14)', (dialect) => {
  let t: TestApp;
  const clients: HubClient[] = [];

  beforeAll(async () => {
    t = await startTestApp(dialect, {
      clock: new ManualClock(),
      listen: true,
      // Everyone connects from this test's one address.
      env: { HUB_CONNECTIONS_PER_ADDRESS: String(PEOPLE + 10) },
    });
  });
  afterAll(async () => {
    for (const client of clients.splice(0)) client.close();
    await t?.close();
  });

  const wheelOf = async (wheelId: string) =>
    (await (await fetch(`${t.baseUrl}/api/wheels/${wheelId}`)).json()) as OpenWheel;

  it(`seats exactly ${SLOTS} of ${PEOPLE} people taking seats at once, and tells every one of them who sits where`, async () => {
    const wheelId = await createTestWheel(t.database, { name: 'Race', description: 'x', slotCount: SLOTS });
    const { slots } = await wheelOf(wheelId);
    // Arriving is not the race: people register and join a few at a time.
    const people: Array<{ id: string; client: HubClient }> = [];
    for (let first = 0; first < PEOPLE; first += ARRIVING_AT_ONCE) {
      const arrivals = Array.from({ length: Math.min(ARRIVING_AT_ONCE, PEOPLE - first) }, async () => {
        const registration = await registerParticipant(t.baseUrl, wheelId);
        const client = await connectHub(t.baseUrl, { token: registration.token });
        clients.push(client);
        expect(await client.call('JoinWheel', { wheelId })).toHaveProperty('data');
        return { id: registration.user.id, client };
      });
      people.push(...(await Promise.all(arrivals)));
    }

    // Five people for every seat, all at once.
    const answers = await Promise.all(
      people.map((person, index) =>
        person.client.call('TakeSlot', {
          wheelId,
          userId: person.id,
          slotId: slots[index % SLOTS]?.id ?? '',
        }),
      ),
    );

    const seatedIds = people.filter((_, index) => 'data' in (answers[index] as HubResult<unknown>));
    expect(seatedIds).toHaveLength(SLOTS);
    for (const answer of answers.filter((candidate) => 'error' in candidate))
      expect(answer).toEqual({ error: { code: 'conflict', reason: 'slot_taken', message: SLOT_OCCUPIED } });
    const wheel = await wheelOf(wheelId);
    expect(new Set(wheel.slots.map((slot) => slot.userId))).toEqual(
      new Set(seatedIds.map((person) => person.id)),
    );

    // Everyone, seated or not, hears of every seat taken, with who took it.
    const seating = new Map(wheel.slots.map((slot) => [slot.id, slot.userId]));
    for (const person of people) {
      await waitFor(() => person.client.seatChanges('taken').length >= SLOTS, 'every seat change');
      const told = person.client.seatChanges('taken');
      expect(told).toHaveLength(SLOTS);
      for (const change of told) expect(change.userId).toBe(seating.get(change.slotId));
    }
  }, 120_000);

  it('gives one person one seat when they ask for two at once', async () => {
    const wheelId = await createTestWheel(t.database, { name: 'Twice', description: 'x', slotCount: 8 });
    const { slots } = await wheelOf(wheelId);
    const registration = await registerParticipant(t.baseUrl, wheelId);
    const client = await connectHub(t.baseUrl, { token: registration.token });
    clients.push(client);
    await client.call('JoinWheel', { wheelId });
    const answers = await Promise.all(
      [0, 1, 2, 3].map((index) =>
        client.call('TakeSlot', { wheelId, userId: registration.user.id, slotId: slots[index]?.id ?? '' }),
      ),
    );
    expect(answers.filter((answer) => 'data' in answer)).toHaveLength(1);
    expect(answers.filter((answer) => 'error' in answer && answer.error.code === 'conflict')).toHaveLength(3);
    const seated = (await wheelOf(wheelId)).slots.filter((slot) => slot.userId === registration.user.id);
    expect(seated).toHaveLength(1);
  });
});
