import { randomUUID } from 'node:crypto';
import { REMOVED_FROM_WHEEL, type RegisterParticipantResponse } from '@wheelmeet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/support/each-dialect';
import { createTestBusinessUser, createTestWheel } from '../../../test/support/factories';
import { signIn } from '../../../test/support/staff';
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
  const removeFrom = (wheelId: string, participantId: string, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/wheels/${wheelId}/safety/removals`,
      headers,
      payload: { participantId },
    });

  describe.each([
    { path: 'an uncapped wheel, removed by an admin', capped: false },
    { path: 'a capped wheel, removed by its organiser', capped: true },
  ])('$path', ({ capped }) => {
    it('refuses the same sessionId on that wheel with 403, and nothing else', async () => {
      const wheel = (name: string) =>
        createTestWheel(t.database, {
          name,
          description: 'x',
          slotCount: 4,
          ...(capped ? { businessUserId: ownerId } : {}),
        });
      const staff = capped ? organiser : admin;
      const wheelId = await wheel('Evening');
      const otherWheelId = await wheel('Morning');
      const browser = randomUUID();

      const bo = await registered(wheelId, browser);
      // Before any removal the same browser may register again (two tabs, a lost token).
      const boAgain = await registered(wheelId, browser);
      expect((await removeFrom(wheelId, bo.user.id, staff)).statusCode).toBe(200);

      // The reload: same browser, same sessionId, a new name. Refused with the removal's words.
      const back = await register(wheelId, browser, 'Not Bo');
      expect(back.statusCode).toBe(403);
      expect(back.json()).toEqual({ error: { code: 'forbidden', message: REMOVED_FROM_WHEEL } });
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
  });

  it('still refuses a sessionId that is not a UUID', async () => {
    const wheelId = await createTestWheel(t.database, { name: 'Shape', description: 'x', slotCount: 4 });
    const response = await register(wheelId, 'not-a-uuid');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'validation_failed' } });
  });
});
