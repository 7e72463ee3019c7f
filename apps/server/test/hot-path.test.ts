import { type Match, SPIN_ANIMATION_MS } from '@wheelmeet/contracts';
import { DefaultQueryCompiler } from 'kysely';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { describeEachDialect } from './support/each-dialect';
import { createTestWheel } from './support/factories';
import { connectHub, dataOf, type HubClient, registerParticipant } from './support/hub-client';
import { ManualClock } from './support/manual-clock';
import { matchedPair } from './support/matched-pair';
import { startTestApp, type TestApp } from './support/test-app';

const ROUND_SECONDS = 5;

/** The SQL of each query the spy saw compiled: what a failure names. */
const sqlOf = (compiled: { mock: { results: Array<{ value: unknown }> } }) =>
  compiled.mock.results.map((result) => (result.value as { sql: string }).sql);

/**
 * The calls everyone makes within seconds of each other (a seat when a round opens, an answer
 * after the reveal) run statements compiled once (db/compiled-once.ts): building each query
 * with Kysely on every call was the app's largest cost of its own under load (issue 14,
 * docs/benchmarks.md). Counted where Kysely compiles a query, so a query added to these paths
 * without being compiled once fails here, not only as a slower benchmark.
 */
describeEachDialect('the hub calls of a round build no SQL once warm', (dialect) => {
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
    vi.restoreAllMocks();
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(() => t?.close());

  /** Two people on a fresh wheel, joined but not seated, with its two slots. */
  async function joinedPair() {
    const wheelId = await createTestWheel(t.database, { name: 'Hot', description: 'x', slotCount: 2 });
    const slots = await t.database.db
      .selectFrom('slots')
      .select('id')
      .where('wheel_id', '=', wheelId)
      .orderBy('position')
      .execute();
    const people = [];
    for (const name of ['Ada', 'Bo']) {
      const registration = await registerParticipant(t.baseUrl, wheelId, { username: name });
      const client = await connectHub(t.baseUrl, { token: registration.token });
      clients.push(client);
      dataOf(await client.call('JoinWheel', { wheelId }));
      people.push({ id: registration.user.id, client });
    }
    return { wheelId, slots, people };
  }

  it('takes a seat on each ring and answers a match both ways without compiling a query', async () => {
    // Warm: one whole round compiles what the hot path uses.
    const warm = await matchedPair(t, clock, clients, {}, ROUND_SECONDS);
    for (const person of [warm.ada, warm.bo])
      dataOf(await person.client.call('AcceptMatch', { matchId: warm.match.id }));

    const { wheelId, slots, people } = await joinedPair();
    const compiled = vi.spyOn(DefaultQueryCompiler.prototype, 'compileQuery');
    for (const [index, person] of people.entries()) {
      dataOf(
        await person.client.call('TakeSlot', { wheelId, userId: person.id, slotId: slots[index]?.id ?? '' }),
      );
    }
    expect(sqlOf(compiled)).toEqual([]);

    compiled.mockClear();
    clock.advance(ROUND_SECONDS * 1_000);
    await t.app.wheelmeet.rounds.tick();
    clock.advance(SPIN_ANIMATION_MS);
    await t.app.wheelmeet.rounds.tick();
    const [match] = (await people[0]?.client.next('WheelSpinCompleted'))?.matches as Match[];
    if (!match) throw new Error('no match');

    compiled.mockClear();
    const answers = people.map((person) => person.client.call('AcceptMatch', { matchId: match.id }));
    const [, last] = (await Promise.all(answers)).map((answer) => dataOf(answer) as Match);
    expect(sqlOf(compiled)).toEqual([]);
    // And the answers are still right: both accepts recorded, the match accepted.
    expect(
      await t.database.db
        .selectFrom('matches')
        .select('status')
        .where('id', '=', match.id)
        .executeTakeFirst(),
    ).toEqual({
      status: 'Accepted',
    });
    expect(last?.user1.id).toBe(match.user1.id);
  });
});
