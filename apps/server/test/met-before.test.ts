import { afterAll, beforeAll, expect, it } from 'vitest';
import { pairKey } from '../src/modules/rounds/matching';
import { createRoundsRepository } from '../src/modules/rounds/rounds.repository';
import { describeEachDialect } from './support/each-dialect';
import {
  createTestBusinessUser,
  createTestOpenMatch,
  createTestParticipant,
  createTestWheel,
} from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';

describeEachDialect('met before, across one organiser’s wheels (issue 38)', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t?.close());

  const wheelOf = (businessUserId: string | null) =>
    createTestWheel(t.database, { name: 'Evening', description: 'x', slotCount: 4, businessUserId });
  const keysOf = (pairs: Array<[string, string]>) => pairs.map(([a, b]) => pairKey(a, b)).sort();

  it('counts a pair as met when the same two people met on another of the organiser’s wheels, by session or email, and never across organisers', async () => {
    const organiser = await createTestBusinessUser(t.database, {
      email: 'events@example.com',
      password: 'a long enough password',
    });
    const [first, second, platformWheel] = [
      await wheelOf(organiser),
      await wheelOf(organiser),
      await wheelOf(null),
    ];
    const person = (wheelId: string, sessionId: string, email?: string) =>
      createTestParticipant(t.database, { wheelId, sessionId, ...(email ? { email } : {}) });

    // The first evening: Ada met Bo and Cy; Bo and Cy never met.
    const ada1 = await person(first, 'session-ada');
    const bo1 = await person(first, 'session-bo', 'bo@example.com');
    const cy1 = await person(first, 'session-cy');
    const at = new Date().toISOString();
    await createTestOpenMatch(t.database, {
      wheelId: first,
      user1Id: ada1,
      user2Id: bo1,
      accepted: true,
      at,
    });
    await createTestOpenMatch(t.database, {
      wheelId: first,
      user1Id: cy1,
      user2Id: ada1,
      accepted: false,
      at,
    });

    // The second evening: Ada and Cy come back in the same browser; Bo on a new device, with the same email.
    const ada2 = await person(second, 'session-ada');
    const bo2 = await person(second, 'session-bo-laptop', 'bo@example.com');
    const cy2 = await person(second, 'session-cy');
    const rounds = createRoundsRepository(t.database.db);
    expect(keysOf(await rounds.listMetPairsAmong(second, [ada2, bo2, cy2]))).toEqual(
      [pairKey(ada2, bo2), pairKey(ada2, cy2)].sort(),
    );

    // The platform's own wheel is another organiser's: nobody there has met anyone.
    const ada3 = await person(platformWheel, 'session-ada');
    const bo3 = await person(platformWheel, 'session-bo', 'bo@example.com');
    const cy3 = await person(platformWheel, 'session-cy');
    expect(await rounds.listMetPairsAmong(platformWheel, [ada3, bo3, cy3])).toEqual([]);
  });
});
