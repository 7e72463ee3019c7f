import {
  type AdminWheel,
  EVENT_ENDED_MESSAGE,
  type Match,
  ROUND_RESET_MS,
  SPIN_ANIMATION_MS,
  type WheelSnapshot,
} from '@wheelmeet/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { NewWheel } from '../src/modules/wheels/wheels.service';
import { describeEachDialect } from './support/each-dialect';
import { dataOf, type HubClient } from './support/hub-client';
import { ManualClock } from './support/manual-clock';
import { joinedPeople } from './support/matched-pair';
import { signIn } from './support/staff';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './support/test-app';

const ROUND_SECONDS = 5;
const MINUTE = 60_000;

/*
 * Issue 35: a wheel as an event. No round spins before its start (people may sit and wait),
 * exactly `roundCount` rounds spin, then the event is over: everyone hears EventEnded, the seats
 * are given up, and no seat can be taken. The organiser can start it early and end it early.
 */
describeEachDialect('an event with a start and an end', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  const clock = new ManualClock();
  const clients: HubClient[] = [];

  beforeAll(async () => {
    t = await startTestApp(dialect, {
      clock,
      listen: true,
      env: { WHEEL_ROUND_SECONDS: String(ROUND_SECONDS) },
    });
    admin = (await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD)).headers;
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(() => t?.close());

  const control = (wheelId: string, action: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/wheels/${wheelId}/rounds`,
      headers: admin,
      payload: { action },
    });

  /** Ada (inner ring) and Bo (outer ring) on a fresh two-seat event, both seated. */
  async function seatedOnEvent(event: Pick<NewWheel, 'startsAt' | 'roundCount' | 'prompts'>) {
    const joined = await joinedPeople(t, clients, ['Ada', 'Bo'], { slotCount: 2, ...event });
    for (const [index, person] of joined.people.entries()) {
      dataOf(
        await person.client.call('TakeSlot', {
          wheelId: joined.wheelId,
          userId: person.id,
          slotId: joined.slotIds[index] ?? '',
        }),
      );
    }
    const [ada, bo] = joined.people;
    if (!ada || !bo) throw new Error('two people expected');
    return { ...joined, ada, bo };
  }

  /** The countdown runs out, the wheel spins and reveals, and the round resets. */
  async function playRound(watcher: HubClient, round: number): Promise<Match[]> {
    clock.advance(ROUND_SECONDS * 1_000);
    await t.app.rounds.tick();
    clock.advance(SPIN_ANIMATION_MS);
    await t.app.rounds.tick();
    const completed = await watcher.next('WheelSpinCompleted', (event) => event.currentRound === round);
    clock.advance(ROUND_RESET_MS);
    await t.app.rounds.tick();
    return completed.matches as Match[];
  }

  const wheelRow = (wheelId: string) =>
    t.database.db.selectFrom('wheels').selectAll().where('id', '=', wheelId).executeTakeFirstOrThrow();

  it('lets people sit before the start, counts down to it, and spins no round before it', async () => {
    const startsAt = new Date(clock.now().getTime() + 10 * MINUTE).toISOString();
    const { wheelId, ada } = await seatedOnEvent({ startsAt });
    const scheduled = await ada.client.next('RoundScheduled', (event) => event.nextSpinAt !== null);
    expect(scheduled).toMatchObject({ nextSpinAt: startsAt, startsAt });

    clock.advance(10 * MINUTE - 1_000);
    await t.app.rounds.tick();
    expect((await wheelRow(wheelId)).current_round).toBe(0);

    clock.advance(1_000);
    await t.app.rounds.tick();
    expect(await ada.client.next('WheelSpinStarted')).toMatchObject({ wheelId, round: 1 });
  });

  it('spins exactly roundCount rounds, then ends the event: EventEnded, seats given up, takes refused', async () => {
    const { wheelId, slotIds, ada, bo } = await seatedOnEvent({ roundCount: 2 });
    await playRound(ada.client, 1);
    // Both stay seated (issue 38), so round 2 counts down on its own.
    await playRound(ada.client, 2);
    expect(await ada.client.next('EventEnded')).toEqual({ wheelId, seq: expect.any(Number) });
    expect(
      await bo.client.next('RoundScheduled', (event) => event.slotsCleared && event.nextSpinAt === null),
    ).toBeTruthy();

    clock.advance(10 * MINUTE);
    await t.app.rounds.tick();
    const row = await wheelRow(wheelId);
    expect(row.current_round).toBe(2);
    expect(row.event_ended_at).not.toBeNull();

    const take = await ada.client.call('TakeSlot', { wheelId, userId: ada.id, slotId: slotIds[0] ?? '' });
    expect(take).toEqual({
      error: { code: 'conflict', reason: 'event_ended', message: EVENT_ENDED_MESSAGE },
    });
    expect((await ada.client.call('TakeAnySeat', { wheelId })) as unknown).toMatchObject({
      error: { reason: 'event_ended' },
    });
    const snapshot = dataOf<WheelSnapshot>(await bo.client.call('JoinWheel', { wheelId }));
    expect(snapshot.wheel.eventEndedAt).toBe(row.event_ended_at);
    expect(snapshot.wheel.slots.every((slot) => slot.userId === null)).toBe(true);
  });

  it('gives each round the next prompt in turn, on the match and in the snapshot', async () => {
    const prompts = ['What are you working on?', 'What surprised you this year?'];
    const { wheelId, ada } = await seatedOnEvent({ prompts });
    const rounds = [];
    for (const round of [1, 2, 3]) rounds.push((await playRound(ada.client, round))[0]?.prompt);
    expect(rounds).toEqual([prompts[0], prompts[1], prompts[0]]);
    const snapshot = dataOf<WheelSnapshot>(await ada.client.call('JoinWheel', { wheelId }));
    expect(snapshot.myMatches.at(-1)?.prompt).toBe(prompts[0]);
  });

  describe("the organiser's controls", () => {
    it('Start now spins the waiting people at once and moves the start to now', async () => {
      const startsAt = new Date(clock.now().getTime() + 30 * MINUTE).toISOString();
      const { wheelId, ada } = await seatedOnEvent({ startsAt });
      const response = await control(wheelId, 'start-now');
      expect(response.statusCode).toBe(200);
      expect(response.json<AdminWheel>().startsAt).toBe(clock.now().toISOString());
      expect(
        await ada.client.next('RoundScheduled', (event) => event.startsAt === clock.now().toISOString()),
      ).toMatchObject({ nextSpinAt: clock.now().toISOString() });
      await t.app.rounds.tick();
      expect(await ada.client.next('WheelSpinStarted')).toMatchObject({ round: 1 });
      expect((await control(wheelId, 'start-now')).json()).toMatchObject({ error: { code: 'conflict' } });
    });

    it('End event ends it at once: seats given up, EventEnded, and every control refused after', async () => {
      const { wheelId, ada, bo } = await seatedOnEvent({ roundCount: 10 });
      await playRound(ada.client, 1);
      const response = await control(wheelId, 'end-event');
      expect(response.statusCode).toBe(200);
      expect(response.json<AdminWheel>().eventEndedAt).toBe(clock.now().toISOString());
      expect(await bo.client.next('EventEnded')).toEqual({ wheelId, seq: expect.any(Number) });
      expect((await wheelRow(wheelId)).next_spin_at).toBeNull();
      for (const action of ['spin-now', 'resume', 'start-now', 'end-event']) {
        const refused = await control(wheelId, action);
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toMatchObject({ error: { reason: 'event_ended' } });
      }
      clock.advance(10 * MINUTE);
      await t.app.rounds.tick();
      expect((await wheelRow(wheelId)).current_round).toBe(1);
    });

    it('ending during a spin lets that round finish, then gives the seats up', async () => {
      const { wheelId, ada } = await seatedOnEvent({});
      clock.advance(ROUND_SECONDS * 1_000);
      await t.app.rounds.tick();
      expect((await control(wheelId, 'end-event')).statusCode).toBe(200);
      clock.advance(SPIN_ANIMATION_MS);
      await t.app.rounds.tick();
      expect((await ada.client.next('WheelSpinCompleted')).matches).toHaveLength(1);
      clock.advance(ROUND_RESET_MS);
      await t.app.rounds.tick();
      const slots = await t.database.db
        .selectFrom('slots')
        .select('participant_id')
        .where('wheel_id', '=', wheelId)
        .execute();
      expect(slots.every((slot) => slot.participant_id === null)).toBe(true);
    });

    it('Spin now before the start starts the event', async () => {
      const startsAt = new Date(clock.now().getTime() + 30 * MINUTE).toISOString();
      const { wheelId, ada } = await seatedOnEvent({ startsAt });
      expect((await control(wheelId, 'spin-now')).statusCode).toBe(200);
      await t.app.rounds.tick();
      expect(await ada.client.next('WheelSpinStarted')).toMatchObject({ round: 1 });
    });

    it('moving the start moves the countdown that waits for it, and everyone hears the new start', async () => {
      const startsAt = new Date(clock.now().getTime() + 30 * MINUTE).toISOString();
      const { wheelId, ada } = await seatedOnEvent({ startsAt });
      const current = (
        await t.app.inject({ method: 'GET', url: `/api/admin/wheels/${wheelId}`, headers: admin })
      ).json<AdminWheel>();
      const later = new Date(clock.now().getTime() + 45 * MINUTE).toISOString();
      const updated = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/wheels/${wheelId}`,
        headers: admin,
        payload: { ...current, accessCode: null, startsAt: later },
      });
      expect(updated.statusCode).toBe(200);
      expect(await ada.client.next('RoundScheduled', (event) => event.startsAt === later)).toMatchObject({
        nextSpinAt: later,
      });
    });
  });
});
