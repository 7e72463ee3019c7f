import {
  type AdminWheel,
  type ErrorBody,
  RING_RULE_FIELD_MISSING,
  ROUND_RESET_MS,
  ringRuleOverlapMessage,
  SPIN_ANIMATION_MS,
  type WheelReport,
  wrongRingMessage,
} from '@wheelmeet/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { NewWheel } from '../src/modules/wheels/wheels.service';
import { describeEachDialect } from './support/each-dialect';
import { createTestBusinessUser, createTestWheel, slotIdsOf } from './support/factories';
import { connectHub, dataOf, type HubClient, registerParticipant } from './support/hub-client';
import { ManualClock } from './support/manual-clock';
import { signIn } from './support/staff';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './support/test-app';

const ROUND_SECONDS = 30;
const RINGS = { innerRingLabel: 'Students', outerRingLabel: 'Mentors' };
/** Students sit on the inner ring, professionals on the outer; anyone else (the default form's `whoAmI`) anywhere. */
const STUDENTS_INSIDE: Partial<NewWheel> = {
  ...RINGS,
  ringRule: { field: 'whoAmI', inner: ['Student'], outer: ['professional'] },
};

describeEachDialect('rings, any seat and the wheel report (issue 38)', (dialect) => {
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

  /** A fresh wheel of `slotCount` slots (positions 0..half-1 inner), and a way to bring people onto it. */
  async function wheelWith(wheel: Partial<NewWheel>, slotCount = 4) {
    const wheelId = await createTestWheel(t.database, {
      name: 'Rings',
      description: 'x',
      slotCount,
      ...wheel,
    });
    const slotIds = await slotIdsOf(t.database, wheelId);
    const join = async (answers: Record<string, unknown>) => {
      const registration = await registerParticipant(t.baseUrl, wheelId, answers);
      const client = await connectHub(t.baseUrl, { token: registration.token });
      clients.push(client);
      dataOf(await client.call('JoinWheel', { wheelId }));
      const id = registration.user.id;
      return {
        id,
        client,
        take: (position: number) =>
          client.call('TakeSlot', { wheelId, userId: id, slotId: slotIds[position] ?? '' }),
        change: (position: number) => client.call('ChangeSlot', { wheelId, slotId: slotIds[position] ?? '' }),
        takeAny: () => client.call('TakeAnySeat', { wheelId }),
      };
    };
    return { wheelId, slotIds, join };
  }

  const wrongRing = (ring: 'inner' | 'outer') => ({
    error: { code: 'forbidden', reason: 'wrong_ring', message: wrongRingMessage(RINGS, ring) },
  });

  describe('the ring rule', () => {
    it('refuses a seat on the other ring, on TakeSlot and on ChangeSlot, and says which ring is theirs', async () => {
      const { join } = await wheelWith(STUDENTS_INSIDE);
      const sam = await join({ whoAmI: 'student' });
      const pat = await join({ whoAmI: 'professional' });
      expect(await sam.take(2)).toEqual(wrongRing('inner'));
      expect(await pat.take(0)).toEqual(wrongRing('outer'));
      expect(await sam.take(0)).toEqual({ data: null });
      expect(await pat.take(2)).toEqual({ data: null });
      expect(await sam.change(3)).toEqual(wrongRing('inner'));
      expect(await pat.change(1)).toEqual(wrongRing('outer'));
      // Both keep the seats they had, and may move within their ring.
      expect(await sam.change(1)).toEqual({ data: null });
      expect(await pat.change(3)).toEqual({ data: null });
    });

    it('lets someone whose answer is on neither list sit on either ring', async () => {
      const { join } = await wheelWith(STUDENTS_INSIDE);
      const tess = await join({ whoAmI: 'traveller' });
      const otto = await join({ whoAmI: 'other' });
      expect(await tess.take(0)).toEqual({ data: null });
      expect(await otto.take(3)).toEqual({ data: null });
      expect(await tess.change(2)).toEqual({ data: null });
    });

    it('refuses a rule on a field the form does not ask, or an answer sent to both rings', async () => {
      const admin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
      const wheel = { name: 'Mentoring', description: 'Mentors meet mentees', ...RINGS };
      const detailsOf = (response: { json: <T>() => T }) => response.json<ErrorBody>().error.details;
      const missing = await t.app.inject({
        method: 'POST',
        url: '/api/admin/wheels',
        headers: admin.headers,
        payload: { ...wheel, ringRule: { field: 'company', inner: ['a'], outer: ['b'] } },
      });
      expect(missing.statusCode).toBe(400);
      expect(detailsOf(missing)).toEqual([{ path: 'body.ringRule.field', message: RING_RULE_FIELD_MISSING }]);

      const created = await t.app.inject({
        method: 'POST',
        url: '/api/admin/wheels',
        headers: admin.headers,
        payload: { ...wheel, ringRule: STUDENTS_INSIDE.ringRule },
      });
      expect(created.statusCode).toBe(201);
      const { id } = created.json<AdminWheel>();
      const overlapping = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/wheels/${id}`,
        headers: admin.headers,
        payload: { ...wheel, ringRule: { field: 'whoAmI', inner: ['student', 'expat'], outer: ['Expat'] } },
      });
      expect(overlapping.statusCode).toBe(400);
      expect(detailsOf(overlapping)).toEqual([
        { path: 'body.ringRule', message: ringRuleOverlapMessage(['expat']) },
      ]);
      const unchanged = await t.app.inject({ url: `/api/admin/wheels/${id}`, headers: admin.headers });
      expect(unchanged.json<AdminWheel>()).toMatchObject({ ...RINGS, ringRule: STUDENTS_INSIDE.ringRule });
    });
  });

  describe('any seat', () => {
    it('seats the caller on their ring, facing the people waiting there; then says when their ring is full', async () => {
      const { slotIds, join } = await wheelWith(STUDENTS_INSIDE);
      const pat = await join({ whoAmI: 'professional' });
      const sam = await join({ whoAmI: 'student' });
      const sue = await join({ whoAmI: 'student' });
      const sid = await join({ whoAmI: 'student' });
      // Pat waits on the outer ring; a student is sent inside, where Pat faces them.
      dataOf(await pat.take(2));
      const taken = dataOf<{ slotId: string }>(await sam.takeAny());
      expect(slotIds.indexOf(taken.slotId)).toBeLessThan(2);
      expect(
        await pat.client.nextSeatChange('taken', (change) => change.slotId === taken.slotId),
      ).toMatchObject({
        userId: sam.id,
      });
      expect(await sam.takeAny()).toMatchObject({ error: { reason: 'already_seated' } });
      dataOf(await sue.takeAny());
      expect(await sid.takeAny()).toEqual({
        error: {
          code: 'conflict',
          reason: 'wheel_full',
          message: 'There is no free seat on your ring, the Students, right now.',
        },
      });
      expect(await sid.client.call('TakeAnySeat', { wheelId: crypto.randomUUID() })).toMatchObject({
        error: { code: 'forbidden' },
      });
    });
  });

  describe('the wheel report', () => {
    /** Spins, reveals and resets one round; the people seated stay for the next. */
    async function playRound() {
      clock.advance(ROUND_SECONDS * 1_000);
      await t.app.rounds.tick();
      clock.advance(SPIN_ANIMATION_MS);
      await t.app.rounds.tick();
      clock.advance(ROUND_RESET_MS);
      await t.app.rounds.tick();
    }

    it('tells each round’s new pairs, shared interests and sit-outs, and how many different people each person met', async () => {
      const password = 'organiser password long';
      const ownerId = await createTestBusinessUser(t.database, { email: 'owner@example.com', password });
      await createTestBusinessUser(t.database, { email: 'rival@example.com', password });
      const { wheelId, join } = await wheelWith({ businessUserId: ownerId });
      const ada = await join({ interests: 'AI, music, chess' });
      const cy = await join({ interests: 'music' });
      const bo = await join({ interests: 'ai, Music' });
      // Round 1: Ada and Cy inside, Bo outside: one pair, one left without a partner.
      // Round 2: the same seats, kept; the one who sat out meets Bo now.
      dataOf(await ada.take(0));
      dataOf(await cy.take(1));
      dataOf(await bo.take(2));
      await playRound();
      await playRound();
      const owner = await signIn(t.app, 'owner@example.com', password);
      const response = await t.app.inject({
        url: `/api/admin/wheels/${wheelId}/report`,
        headers: owner.headers,
      });
      expect(response.statusCode).toBe(200);
      const report = response.json<WheelReport>();
      expect(report.rounds).toEqual([
        expect.objectContaining({ round: 1, seated: 3, pairs: 1, neverMetShare: 1, satOut: 1 }),
        expect.objectContaining({ round: 2, seated: 3, pairs: 1, neverMetShare: 1, satOut: 1 }),
      ]);
      // Bo shares two interests with Ada and one with Cy, whichever came first.
      expect(report.rounds.map((round) => round.meanSharedInterests).sort()).toEqual([1, 2]);
      expect(report.differentPeopleMet).toEqual({ participants: 3, median: 1, min: 1 });

      const rival = await signIn(t.app, 'rival@example.com', password);
      const hidden = await t.app.inject({
        url: `/api/admin/wheels/${wheelId}/report`,
        headers: rival.headers,
      });
      expect(hidden.statusCode).toBe(404);
    });
  });
});
