import {
  NUMBERED_WHEEL_PUSHES,
  ROUND_RESET_MS,
  SPIN_ANIMATION_MS,
  type WheelSnapshot,
} from '@wheelmeet/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from './support/each-dialect';
import { createTestWheel } from './support/factories';
import { connectHub, type HubClient, registerParticipant } from './support/hub-client';
import { ManualClock } from './support/manual-clock';
import { startTestApp, type TestApp } from './support/test-app';

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
const WHEEL_PUSHES = new Set<string>(NUMBERED_WHEEL_PUSHES);

/*
 * Issue 36: every push to a wheel's room carries the wheel's next number, and JoinWheel's
 * snapshot the number it is current to, so a client can tell it missed one.
 */
describeEachDialect('the numbers of a wheel’s pushes', (dialect) => {
  let t: TestApp;
  const clock = new ManualClock();
  const clients: HubClient[] = [];

  beforeAll(async () => {
    t = await startTestApp(dialect, { clock, listen: true, env: { WHEEL_ROUND_SECONDS: '10' } });
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await t?.close();
  });

  async function join(wheelId: string, username: string) {
    const registration = await registerParticipant(t.baseUrl, wheelId, { username });
    const client = await connectHub(t.baseUrl, { token: registration.token });
    clients.push(client);
    const joined = (await client.call('JoinWheel', { wheelId })) as { data: WheelSnapshot };
    return { id: registration.user.id, client, snapshot: joined.data };
  }
  const numbersOf = (client: HubClient) =>
    client.received.flatMap(({ event, payload }) =>
      WHEEL_PUSHES.has(event) ? [[event, (payload as { seq?: number }).seq] as const] : [],
    );
  /** first, first + 1, … for as many pushes as the client got. */
  const runFrom = (first: number, client: HubClient) => numbersOf(client).map((_, index) => first + index);

  it('numbers every push one after another, through arrivals, seats and a whole round', async () => {
    const wheelId = await createTestWheel(t.database, { name: 'Numbers', description: 'x', slotCount: 2 });
    const watcher = await join(wheelId, 'Watcher');
    expect(watcher.snapshot.seq).toBe(0);

    const ada = await join(wheelId, 'Ada');
    const bo = await join(wheelId, 'Bo');
    for (const person of [ada, bo])
      expect(await person.client.call('TakeAnySeat', { wheelId })).toHaveProperty('data');
    await settle();
    for (const ms of [10_000, SPIN_ANIMATION_MS, ROUND_RESET_MS]) {
      clock.advance(ms);
      await t.app.rounds.tick();
      await settle();
    }
    expect(await ada.client.call('LeaveWheel', { wheelId })).toEqual({ data: null });
    await settle();

    const numbered = numbersOf(watcher.client);
    const kinds = new Set<string>(numbered.map(([event]) => event));
    expect([...kinds].sort()).toEqual([
      'MatchesCreated',
      'RoundScheduled',
      'SlotsChanged',
      'UserJoined',
      'UserLeft',
      'WheelSpinCompleted',
      'WheelSpinStarted',
    ]);
    expect(numbered.map(([, seq]) => seq)).toEqual(runFrom(1, watcher.client));
    // Everyone on the wheel got the same numbers from their snapshot on, and a later snapshot
    // is current to the last of them.
    expect(numbersOf(bo.client).map(([, seq]) => seq)).toEqual(runFrom(bo.snapshot.seq + 1, bo.client));
    expect((await join(wheelId, 'Late')).snapshot.seq).toBe(numbered.length);
  });

  it('tells a pair their last match closed after the spin that closed it, not before', async () => {
    const wheelId = await createTestWheel(t.database, { name: 'Order', description: 'x', slotCount: 2 });
    const ada = await join(wheelId, 'Ada');
    const bo = await join(wheelId, 'Bo');
    for (const person of [ada, bo]) await person.client.call('TakeAnySeat', { wheelId });
    await settle();
    // Round 1 spins and reveals; nobody answers; the seats are kept, so round 2 follows.
    for (const ms of [10_000, SPIN_ANIMATION_MS, ROUND_RESET_MS, 10_000]) {
      clock.advance(ms);
      await t.app.rounds.tick();
      await settle();
    }
    const events = ada.client.received.map(({ event, payload }) => ({ event, payload }));
    const secondSpin = events.findIndex(
      ({ event, payload }) => event === 'WheelSpinStarted' && (payload as { round: number }).round === 2,
    );
    const closed = events.findIndex(({ event }) => event === 'MatchExpired');
    expect(secondSpin).toBeGreaterThanOrEqual(0);
    expect(closed).toBeGreaterThan(secondSpin);
  });

  it('keeps one count per wheel', async () => {
    const [north, south] = await Promise.all(
      ['North', 'South'].map((name) => createTestWheel(t.database, { name, description: 'x', slotCount: 4 })),
    );
    if (!north || !south) throw new Error('two wheels expected');
    const watcher = await join(south, 'Watcher');
    await join(north, 'Ada');
    await join(north, 'Bo');
    await settle();
    // Only the watcher's own arrival on its wheel.
    expect(numbersOf(watcher.client)).toEqual([['UserJoined', 1]]);
    expect((await join(south, 'Cy')).snapshot.seq).toBe(1);
    expect((await join(north, 'Di')).snapshot.seq).toBe(2);
  });
});
