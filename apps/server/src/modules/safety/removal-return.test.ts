import { randomUUID } from 'node:crypto';
import { REMOVED_FROM_WHEEL, type RegisterParticipantResponse } from '@wheelmeet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/support/each-dialect';
import { createTestBusinessUser, createTestWheel } from '../../../test/support/factories';
import { removeFrom, signIn } from '../../../test/support/staff';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/support/test-app';

/**
 * Decision 016: a participant the organiser removed cannot come back to that wheel as someone
 * new from the same browser. The browser sends one random sessionId with every registration;
 * a registration whose sessionId is a removed participant's is refused on that wheel only.
 */
describeEachDialect('a removed participant registering again (decision 016)', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let organiser: Record<string, string>;
  let ownerId: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD)).headers;
    const email = `return-${dialect.name}@example.com`;
    // The Starter plan caps participants, so its wheels register through the locked path.
    ownerId = await createTestBusinessUser(t.database, {
      email,
      password: 'business-pass',
      planId: 'starter',
    });
    organiser = (await signIn(t.app, email, 'business-pass')).headers;
  });
  afterAll(() => t?.close());

  const register = (wheelId: string, sessionId: string, username = 'Bo') =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/anonymous',
      payload: {
        wheelId,
        sessionId,
        connectionId: null,
        registrationData: { age: 30, gender: 'other', username },
      },
    });
  const registered = async (wheelId: string, sessionId: string, username?: string) => {
    const response = await register(wheelId, sessionId, username);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<RegisterParticipantResponse>();
  };

  describe.each([
    { path: 'an uncapped wheel, removed by an admin', capped: false },
    { path: 'a capped wheel, removed by its organiser', capped: true },
  ])('$path', ({ capped }) => {
    const wheel = (name: string) =>
      createTestWheel(t.database, {
        name,
        description: 'x',
        slotCount: 4,
        ...(capped ? { businessUserId: ownerId } : {}),
      });

    it('refuses the same sessionId on that wheel with 403, and nothing else', async () => {
      const staff = capped ? organiser : admin;
      const wheelId = await wheel('Evening');
      const otherWheelId = await wheel('Morning');
      const browser = randomUUID();

      const bo = await registered(wheelId, browser);
      // Before any removal the same browser may register again (two tabs, a lost token).
      const boAgain = await registered(wheelId, browser);
      const ada = await registered(wheelId, randomUUID(), 'Ada');
      const connectionsOf = (token: string) =>
        t.app.inject({
          method: 'GET',
          url: '/api/me/connections',
          headers: { authorization: `Bearer ${token}` },
        });
      expect((await connectionsOf(boAgain.token)).statusCode).toBe(200);
      expect((await removeFrom(t.app, wheelId, bo.user.id, staff)).statusCode).toBe(200);

      // The other tab's registration is the same person: removed with them, its token refused.
      for (const token of [bo.token, boAgain.token]) {
        const refused = await connectionsOf(token);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({
          error: { code: 'forbidden', reason: 'removed_from_wheel', message: REMOVED_FROM_WHEEL },
        });
      }
      expect((await connectionsOf(ada.token)).statusCode).toBe(200);

      // The reload: same browser, same sessionId, a new name. Refused with the removal's words.
      const back = await register(wheelId, browser, 'Not Bo');
      expect(back.statusCode).toBe(403);
      expect(back.json()).toEqual({
        error: { code: 'forbidden', reason: 'removed_from_wheel', message: REMOVED_FROM_WHEEL },
      });
      const stored = await t.database.db
        .selectFrom('participants')
        .select('id')
        .where('wheel_id', '=', wheelId)
        .where('session_id', '=', browser)
        .execute();
      expect(stored.map((row) => row.id).sort()).toEqual([bo.user.id, boAgain.user.id].sort());

      // Other wheels are unaffected, and so is everyone else on this one.
      await registered(otherWheelId, browser);
      await registered(wheelId, randomUUID(), 'Ada');
    });

    it('refuses every one of a burst from the removed browser, and admits a burst of others beside it', async () => {
      const wheelId = await wheel('Rush');
      const browser = randomUUID();
      const bo = await registered(wheelId, browser);
      expect((await removeFrom(t.app, wheelId, bo.user.id, capped ? organiser : admin)).statusCode).toBe(200);

      // Interleaved and in flight together, so the removal check and the inserts of one request
      // overlap those of the others: a check that held only for requests in a row would let some
      // of Bo's through, or turn away a newcomer whose request shared the moment.
      const others = Array.from({ length: 20 }, () => randomUUID());
      const burst = await Promise.all(
        others.flatMap((other, index) => [
          register(wheelId, browser, `Not Bo ${index}`),
          register(wheelId, other, `Guest ${index}`),
        ]),
      );
      const refused = burst.filter((_, index) => index % 2 === 0);
      const admitted = burst.filter((_, index) => index % 2 === 1);
      for (const response of refused) {
        expect(response.statusCode, response.body).toBe(403);
        expect(response.json()).toEqual({
          error: { code: 'forbidden', reason: 'removed_from_wheel', message: REMOVED_FROM_WHEEL },
        });
      }
      for (const response of admitted) expect(response.statusCode, response.body).toBe(201);

      const stored = await t.database.db
        .selectFrom('participants')
        .select(['id', 'session_id'])
        .where('wheel_id', '=', wheelId)
        .execute();
      expect(stored.filter((row) => row.session_id === browser).map((row) => row.id)).toEqual([bo.user.id]);
      const newcomers = stored.filter((row) => row.session_id !== browser);
      expect(newcomers.map((row) => row.session_id).sort()).toEqual([...others].sort());
      expect(admitted.map((response) => response.json<RegisterParticipantResponse>().user.id).sort()).toEqual(
        newcomers.map((row) => row.id).sort(),
      );
    });
  });

  it('still refuses a sessionId that is not a UUID', async () => {
    const wheelId = await createTestWheel(t.database, { name: 'Shape', description: 'x', slotCount: 4 });
    const response = await register(wheelId, 'not-a-uuid');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'validation_failed' } });
  });
});
