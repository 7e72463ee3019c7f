import type { ErrorBody } from '@wheelmeet/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { wheelFullMessage } from '../src/modules/participants/participants.service';
import { describeEachDialect } from './support/each-dialect';
import { createTestBusinessUser, createTestWheel } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';

/** The Starter plan's participants per wheel (seeded). */
const STARTER_CAP = 50;
const CONCURRENT_REGISTRATIONS = 80;
const TRIALS = 3;

describeEachDialect("a plan's participant cap under concurrent registrations", (dialect) => {
  let t: TestApp;
  let ownerId: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    ownerId = await createTestBusinessUser(t.database, {
      email: `cap-${dialect.name}@example.com`,
      password: 'business-pass',
      planId: 'starter',
    });
  });
  afterAll(() => t?.close());

  const register = (wheelId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/anonymous',
      payload: {
        wheelId,
        sessionId: crypto.randomUUID(),
        connectionId: null,
        registrationData: { age: 30, gender: 'other' },
      },
    });

  const storedOn = async (wheelId: string) =>
    Number(
      (
        await t.database.db
          .selectFrom('participants')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('wheel_id', '=', wheelId)
          .executeTakeFirstOrThrow()
      ).count,
    );

  for (let trial = 1; trial <= TRIALS; trial += 1) {
    it(`stores exactly ${STARTER_CAP} of ${CONCURRENT_REGISTRATIONS} simultaneous registrations on a ${STARTER_CAP}-cap wheel (trial ${trial})`, async () => {
      const wheelId = await createTestWheel(t.database, {
        name: `Capped ${trial}`,
        description: 'Starter plan',
        slotCount: 12,
        businessUserId: ownerId,
      });

      const responses = await Promise.all(
        Array.from({ length: CONCURRENT_REGISTRATIONS }, () => register(wheelId)),
      );

      const accepted = responses.filter((response) => response.statusCode === 201);
      const refused = responses.filter((response) => response.statusCode !== 201);
      expect(accepted).toHaveLength(STARTER_CAP);
      expect(refused).toHaveLength(CONCURRENT_REGISTRATIONS - STARTER_CAP);
      for (const response of refused) {
        expect(response.statusCode).toBe(409);
        expect(response.json<ErrorBody>().error).toEqual({
          code: 'conflict',
          reason: 'wheel_full',
          message: wheelFullMessage(STARTER_CAP),
        });
      }
      expect(await storedOn(wheelId)).toBe(STARTER_CAP);

      // Full stays full.
      expect((await register(wheelId)).statusCode).toBe(409);
      expect(await storedOn(wheelId)).toBe(STARTER_CAP);
    });
  }

  it('admits as many as come on a wheel without an owner (no plan, no cap)', async () => {
    const wheelId = await createTestWheel(t.database, { name: 'Open', description: 'No cap', slotCount: 12 });
    const responses = await Promise.all(Array.from({ length: 60 }, () => register(wheelId)));
    expect(responses.every((response) => response.statusCode === 201)).toBe(true);
    expect(await storedOn(wheelId)).toBe(60);
  });
});
