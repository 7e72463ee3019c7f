import {
  MATCH_ANSWER_WINDOW_MS,
  type Match,
  ROUND_RESET_MS,
  SPIN_ANIMATION_MS,
  STAYING_ENDED_TEXTS,
  type WheelSnapshot,
} from '@wheelmeet/contracts';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { NOT_SEATED } from '../src/modules/wheels/wheels.service';
import { describeEachDialect } from './support/each-dialect';
import { connectHub, dataOf, type HubClient, registerParticipant } from './support/hub-client';
import { ManualClock } from './support/manual-clock';
import { joinedPeople, type PairedPerson } from './support/matched-pair';
import { startTestApp, type TestApp } from './support/test-app';

const ROUND_SECONDS = 5;
const OFFER = { type: 'offer' as const, sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' };
const ANSWER = { type: 'answer' as const, sdp: 'v=0\r\no=- 3 4 IN IP4 127.0.0.1\r\n' };

/** Longer than a seat-change tick (SLOT_CHANGES_TICK_MS), so whatever was going to arrive has. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

/*
 * Issue 38: a seat taken is kept for the next rounds ("stay seated", on by default), given back
 * after a call, and given up after two matches in a row let pass without an answer.
 */
describeEachDialect('staying seated across rounds', (dialect) => {
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

  /**
   * People on a fresh wheel of `slotCount` seats, each seated in the slot at the position of
   * their index in `positions` (by default, their own index; null: not seated).
   */
  async function seated(
    names: readonly string[],
    slotCount = names.length,
    positions: readonly (number | null)[] = names.map((_, index) => index),
  ) {
    const joined = await joinedPeople(t, clients, names, { slotCount });
    for (const [index, person] of joined.people.entries()) {
      const position = positions[index];
      if (position === null || position === undefined) continue;
      dataOf(
        await person.client.call('TakeSlot', {
          wheelId: joined.wheelId,
          userId: person.id,
          slotId: joined.slotIds[position] ?? '',
        }),
      );
    }
    return joined;
  }

  /** The countdown runs out and the wheel spins and reveals: the round's matches. */
  async function spinAndReveal(watcher: HubClient, round: number): Promise<Match[]> {
    clock.advance(ROUND_SECONDS * 1_000);
    await t.app.rounds.tick();
    clock.advance(SPIN_ANIMATION_MS);
    await t.app.rounds.tick();
    return (await watcher.next('WheelSpinCompleted', (event) => event.currentRound === round))
      .matches as Match[];
  }
  /** The revealed round ends: the reset. */
  async function reset() {
    clock.advance(ROUND_RESET_MS);
    await t.app.rounds.tick();
  }
  /** Who sits where, as a newcomer's snapshot shows it: participant id by slot id. */
  async function seatsNow(person: PairedPerson, wheelId: string) {
    const snapshot = dataOf(await person.client.call('JoinWheel', { wheelId })) as WheelSnapshot;
    return Object.fromEntries(snapshot.wheel.slots.map((slot) => [slot.id, slot.userId]));
  }
  const snapshotOf = async (person: PairedPerson, wheelId: string) =>
    dataOf(await person.client.call('JoinWheel', { wheelId })) as WheelSnapshot;
  const personOf = (people: readonly PairedPerson[], id: string) => {
    const person = people.find((candidate) => candidate.id === id);
    if (!person) throw new Error(`nobody with id ${id}`);
    return person;
  };
  /** Each match declined by its first person: a decline is an answer, so nobody missed one. */
  async function declineEach(people: readonly PairedPerson[], matches: readonly Match[]) {
    for (const match of matches)
      dataOf(await personOf(people, match.user1.id).client.call('DeclineMatch', { matchId: match.id }));
  }

  it('keeps six people who never click again in their seats for three rounds, where each meets three others', async () => {
    const { wheelId, slotIds, people } = await seated(['Ada', 'Bo', 'Cy', 'Di', 'Ed', 'Flo']);
    const [watcher] = people as [PairedPerson];
    const seatOf = Object.fromEntries(people.map((person, index) => [person.id, slotIds[index]]));
    const spec = await connectHub(t.baseUrl, { asSpecClient: true });
    clients.push(spec);
    dataOf(await spec.call('JoinWheel', { wheelId }));
    const met = new Map(people.map((person) => [person.id, new Set<string>()]));

    for (let round = 1; round <= 3; round += 1) {
      const matches = await spinAndReveal(watcher.client, round);
      expect(matches).toHaveLength(3);
      for (const match of matches) {
        met.get(match.user1.id)?.add(match.user2.id);
        met.get(match.user2.id)?.add(match.user1.id);
      }
      await declineEach(people, matches);
      const takenBefore = spec.all('SlotTaken').length;
      await reset();
      await settle();
      // The spec client cleared every seat on the reset's RoundScheduled, and hears each kept one taken again.
      expect((await spec.next('RoundScheduled', (event) => event.slotsCleared)).slotsCleared).toBe(true);
      const takenAgain = spec.all('SlotTaken').slice(takenBefore);
      expect(Object.fromEntries(takenAgain.map((event) => [event.userId, event.slotId]))).toEqual(seatOf);
      expect(new Set(takenAgain.map((event) => event.occupiedAt))).toEqual(
        new Set([clock.now().toISOString()]),
      );
      const snapshot = await snapshotOf(watcher, wheelId);
      expect(snapshot.staying).toBe(true);
      expect(Object.fromEntries(snapshot.wheel.slots.map((slot) => [slot.userId, slot.id]))).toEqual(seatOf);
      spec.received.splice(0);
    }
    for (const person of people) expect(met.get(person.id)?.size).toBe(3);
  });

  it('does not keep the seat of someone who turned staying off, and refuses staying to someone without a seat', async () => {
    const { wheelId, slotIds, people } = await seated(['Ada', 'Bo', 'Cy'], 2, [0, 1, null]);
    const [ada, bo, cy] = people as [PairedPerson, PairedPerson, PairedPerson];
    expect(await cy.client.call('SetStaying', { wheelId, staying: true })).toEqual({
      error: { code: 'conflict', reason: 'not_seated', message: NOT_SEATED },
    });
    expect(dataOf(await bo.client.call('SetStaying', { wheelId, staying: false }))).toEqual({
      staying: false,
    });
    expect((await snapshotOf(bo, wheelId)).staying).toBe(false);
    expect((await snapshotOf(ada, wheelId)).staying).toBe(true);

    await spinAndReveal(ada.client, 1);
    await reset();
    expect(await seatsNow(ada, wheelId)).toEqual({ [slotIds[0] ?? '']: ada.id, [slotIds[1] ?? '']: null });
    expect((await snapshotOf(bo, wheelId)).staying).toBe(false);
    expect((await snapshotOf(cy, wheelId)).staying).toBe(false);
  });

  it('ends staying when the seat or the wheel is left', async () => {
    const { wheelId, slotIds, people } = await seated(['Ada', 'Cy', 'Bo', 'Di']);
    const [ada, cy, bo, di] = people as [PairedPerson, PairedPerson, PairedPerson, PairedPerson];
    await declineEach(people, await spinAndReveal(ada.client, 1));
    dataOf(await bo.client.call('LeaveSlot', { wheelId }));
    dataOf(await di.client.call('LeaveWheel', { wheelId }));
    expect((await snapshotOf(bo, wheelId)).staying).toBe(false);

    await reset();
    expect(await seatsNow(ada, wheelId)).toEqual({
      [slotIds[0] ?? '']: ada.id,
      [slotIds[1] ?? '']: cy.id,
      [slotIds[2] ?? '']: null,
      [slotIds[3] ?? '']: null,
    });
  });

  it('gives up the seat of someone who let two matches in a row pass, and tells them why', async () => {
    const { wheelId, slotIds, people } = await seated(['Ada', 'Bo']);
    const [ada, bo] = people as [PairedPerson, PairedPerson];
    for (const round of [1, 2]) {
      const [match] = await spinAndReveal(bo.client, round);
      // Bo answers; Ada lets the match pass.
      dataOf(await bo.client.call('AcceptMatch', { matchId: match?.id ?? '' }));
      await reset();
    }
    expect(ada.client.all('StayingEnded')).toEqual([]);
    // The second match closes unanswered at the end of its answer window.
    clock.advance(MATCH_ANSWER_WINDOW_MS);
    await t.app.rounds.tick();

    expect(await ada.client.next('StayingEnded')).toEqual({
      wheelId,
      reason: 'no_show',
      message: STAYING_ENDED_TEXTS.no_show,
    });
    expect(await bo.client.nextSeatChange('left')).toEqual({ wheelId, userId: ada.id, slotId: slotIds[0] });
    expect((await snapshotOf(ada, wheelId)).staying).toBe(false);
    expect((await snapshotOf(bo, wheelId)).staying).toBe(true);
    expect(bo.client.all('StayingEnded')).toEqual([]);
  });

  it('keeps the seat of someone who let one match pass and declined the next', async () => {
    const { wheelId, slotIds, people } = await seated(['Ada', 'Bo']);
    const [ada, bo] = people as [PairedPerson, PairedPerson];
    const [first] = await spinAndReveal(bo.client, 1);
    dataOf(await bo.client.call('AcceptMatch', { matchId: first?.id ?? '' }));
    await reset();
    // The second spin closes the first match unanswered; Ada declines the second.
    const [second] = await spinAndReveal(bo.client, 2);
    dataOf(await ada.client.call('DeclineMatch', { matchId: second?.id ?? '' }));
    await reset();
    const [third] = await spinAndReveal(bo.client, 3);
    dataOf(await bo.client.call('AcceptMatch', { matchId: third?.id ?? '' }));
    clock.advance(MATCH_ANSWER_WINDOW_MS);
    await t.app.rounds.tick();
    await settle();

    expect(ada.client.all('StayingEnded')).toEqual([]);
    expect((await snapshotOf(ada, wheelId)).staying).toBe(true);
    expect((await seatsNow(ada, wheelId))[slotIds[0] ?? '']).toBe(ada.id);
  });

  /**
   * On a six-seat wheel (inner ring 0–2, outer 3–5), Ada (0) and Cy (1) face Bo (3) and Di (4);
   * Ada and her partner are in a call at the reset, the other pair declined.
   */
  async function callAtReset() {
    const { wheelId, slotIds, people } = await seated(['Ada', 'Cy', 'Bo', 'Di'], 6, [0, 1, 3, 4]);
    const [ada, cy, bo, di] = people as [PairedPerson, PairedPerson, PairedPerson, PairedPerson];
    const matches = await spinAndReveal(ada.client, 1);
    expect(matches).toHaveLength(2);
    for (const match of matches) {
      const [caller, answerer] = [personOf(people, match.user1.id), personOf(people, match.user2.id)];
      if (caller !== ada) {
        dataOf(await caller.client.call('DeclineMatch', { matchId: match.id }));
        continue;
      }
      for (const person of [caller, answerer])
        dataOf(await person.client.call('AcceptMatch', { matchId: match.id }));
      dataOf(await caller.client.call('SendOffer', { matchId: match.id, offer: OFFER }));
      dataOf(await answerer.client.call('SendAnswer', { matchId: match.id, answer: ANSWER }));
    }
    const call = matches.find((match) => match.user1.id === ada.id) as Match;
    await reset();
    return { wheelId, slotIds, ada, cy, bo, di, partner: personOf(people, call.user2.id), callId: call.id };
  }

  /** A newcomer on the wheel who takes this slot. */
  async function newcomerIn(wheelId: string, slotId: string, name: string) {
    const registration = await registerParticipant(t.baseUrl, wheelId, { username: name });
    const client = await connectHub(t.baseUrl, { token: registration.token });
    clients.push(client);
    dataOf(await client.call('JoinWheel', { wheelId }));
    dataOf(await client.call('TakeSlot', { wheelId, userId: registration.user.id, slotId }));
    return registration.user.id;
  }

  it('keeps a staying person’s seat free of them during their call and gives it back when the call ends', async () => {
    const { wheelId, slotIds, ada, cy, partner, callId } = await callAtReset();
    const during = await seatsNow(cy, wheelId);
    expect(during[slotIds[0] ?? '']).toBeNull();
    expect(Object.values(during)).not.toContain(partner.id);
    expect(during[slotIds[1] ?? '']).toBe(cy.id);
    expect((await snapshotOf(ada, wheelId)).staying).toBe(true);

    dataOf(await ada.client.call('EndCall', { matchId: callId }));
    const after = await seatsNow(cy, wheelId);
    expect(after[slotIds[0] ?? '']).toBe(ada.id);
    expect(Object.values(after)).toContain(partner.id);
    expect(await cy.client.nextSeatChange('taken', (change) => change.userId === ada.id)).toMatchObject({
      slotId: slotIds[0],
    });
  });

  it('seats someone whose call ended while the wheel spun at the reset', async () => {
    const { wheelId, slotIds, ada, cy, callId } = await callAtReset();
    clock.advance(ROUND_SECONDS * 1_000);
    await t.app.rounds.tick();
    await cy.client.next('WheelSpinStarted', (event) => event.round === 2);

    dataOf(await ada.client.call('EndCall', { matchId: callId }));
    expect((await seatsNow(cy, wheelId))[slotIds[0] ?? '']).toBeNull();
    expect((await snapshotOf(ada, wheelId)).staying).toBe(true);

    clock.advance(SPIN_ANIMATION_MS);
    await t.app.rounds.tick();
    await reset();
    expect((await seatsNow(cy, wheelId))[slotIds[0] ?? '']).toBe(ada.id);
  });

  it('seats them on another free seat of their ring when theirs was taken during the call', async () => {
    const { wheelId, slotIds, ada, callId } = await callAtReset();
    const eve = await newcomerIn(wheelId, slotIds[0] ?? '', 'Eve');

    dataOf(await ada.client.call('EndCall', { matchId: callId }));
    const after = await seatsNow(ada, wheelId);
    expect(after[slotIds[0] ?? '']).toBe(eve);
    expect(after[slotIds[2] ?? '']).toBe(ada.id);
    expect((await snapshotOf(ada, wheelId)).staying).toBe(true);
  });

  it('tells them when every seat of their ring was taken during the call', async () => {
    const { wheelId, slotIds, ada, callId } = await callAtReset();
    await newcomerIn(wheelId, slotIds[0] ?? '', 'Eve');
    await newcomerIn(wheelId, slotIds[2] ?? '', 'Fay');

    dataOf(await ada.client.call('EndCall', { matchId: callId }));
    expect(await ada.client.next('StayingEnded')).toEqual({
      wheelId,
      reason: 'no_free_seat',
      message: STAYING_ENDED_TEXTS.no_free_seat,
    });
    expect(Object.values(await seatsNow(ada, wheelId))).not.toContain(ada.id);
    expect((await snapshotOf(ada, wheelId)).staying).toBe(false);
  });
});
