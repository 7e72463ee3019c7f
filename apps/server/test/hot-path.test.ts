import { type Match, SPIN_ANIMATION_MS } from '@wheelmeet/contracts';
import { CompiledQuery, DefaultQueryCompiler, Kysely, sql } from 'kysely';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { cryptoRandom } from '../src/lib/random';
import { CLOSE_BATCH_SIZE } from '../src/modules/matches/matches.repository';
import { describeEachDialect } from './support/each-dialect';
import {
  createTestBusinessUser,
  createTestOpenMatch,
  createTestParticipant,
  createTestWebhook,
  createTestWheel,
} from './support/factories';
import { connectHub, dataOf, type HubClient } from './support/hub-client';
import { ManualClock } from './support/manual-clock';
import { joinedPeople, matchedPair } from './support/matched-pair';
import { startTestApp, type TestApp } from './support/test-app';

const ROUND_SECONDS = 5;

/** The SQL of each query the spy saw compiled: what a failure names. */
const sqlOf = (compiled: { mock: { results: Array<{ value: unknown }> } }) =>
  compiled.mock.results.map((result) => (result.value as { sql: string }).sql);

/**
 * The statements a spy on `Kysely.prototype.executeQuery` saw run: those compiled once
 * (db/compiled-once.ts) and raw ones. A builder's own `.execute()` goes past it.
 */
const statementsRan = (ran: { mock: { calls: Array<[unknown, ...unknown[]]> } }) =>
  ran.mock.calls.flatMap(([query]) =>
    query && typeof query === 'object' && 'sql' in query ? [query as CompiledQuery] : [],
  );

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

  it('takes a seat on each ring and answers a match both ways without compiling a query', async () => {
    // Warm: one whole round compiles what the hot path uses.
    const warm = await matchedPair(t, clock, clients, {}, ROUND_SECONDS);
    for (const person of [warm.ada, warm.bo]) {
      dataOf(await person.client.call('AcceptMatch', { matchId: warm.match.id }));
      for (const staying of [false, true])
        dataOf(await person.client.call('SetStaying', { wheelId: warm.wheelId, staying }));
    }

    const { wheelId, slotIds, people } = await joinedPeople(t, clients, ['Ada', 'Bo'], { name: 'Hot' });
    const compiled = vi.spyOn(DefaultQueryCompiler.prototype, 'compileQuery');
    for (const [index, person] of people.entries()) {
      dataOf(
        await person.client.call('TakeSlot', { wheelId, userId: person.id, slotId: slotIds[index] ?? '' }),
      );
      // Someone who picks a seat each round turns staying off after each take (issue 38).
      for (const staying of [false, true])
        dataOf(await person.client.call('SetStaying', { wheelId, staying }));
    }
    expect(sqlOf(compiled)).toEqual([]);

    compiled.mockClear();
    clock.advance(ROUND_SECONDS * 1_000);
    await t.app.rounds.tick();
    clock.advance(SPIN_ANIMATION_MS);
    await t.app.rounds.tick();
    const [ada] = people;
    if (!ada) throw new Error('nobody joined');
    const [match] = (await ada.client.next('WheelSpinCompleted')).matches as Match[];
    if (!match) throw new Error('no match');

    // Another organiser's webhook for accepted matches: it concerns their wheel, not this one.
    const otherOrganiser = await createTestBusinessUser(t.database, {
      email: `hot-path-${dialect.name}@example.com`,
      password: 'not-used-here',
    });
    await createTestWheel(t.database, {
      name: 'Elsewhere',
      description: 'x',
      slotCount: 2,
      businessUserId: otherOrganiser,
    });
    await createTestWebhook(t.database, { businessUserId: otherOrganiser, events: ['match.accepted'] });

    compiled.mockClear();
    // On Kysely's prototype, so a statement in a transaction (a Kysely instance of its own) counts too.
    const ran = vi.spyOn(Kysely.prototype, 'executeQuery');
    const answers = people.map((person) => person.client.call('AcceptMatch', { matchId: match.id }));
    const [, last] = (await Promise.all(answers)).map((answer) => dataOf(answer) as Match);
    expect(sqlOf(compiled)).toEqual([]);
    // Each answer is one statement on the match, which checks and writes it at once: reading the
    // match first was a third of an answer's statements, thousands of times after a reveal. The
    // wheel's owner has no `match.accepted` webhook (asked once for the wheel, then cached), so
    // neither accept looks for webhooks to deliver.
    const statements = statementsRan(ran)
      .map((query) => query.sql)
      .filter((sql) => /\b(from|update|into) "(matches|webhooks|webhook_deliveries)"/.test(sql));
    expect(statements.map((sql) => sql.slice(0, 16))).toEqual([
      'select "webhooks',
      'update "matches"',
      'update "matches"',
    ]);
    expect(await t.database.db.selectFrom('webhook_deliveries').selectAll().execute()).toEqual([]);
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

  it("opens a page's wheel (JoinWheel's snapshot) building only the lists of people", async () => {
    // Warm: a page has joined, seated, and a round has been revealed.
    const warm = await matchedPair(t, clock, clients, {}, ROUND_SECONDS);
    const { wheelId } = warm;
    const compiled = vi.spyOn(DefaultQueryCompiler.prototype, 'compileQuery');
    // Ada reloads: a second page of hers joins with her match open and her seat kept.
    const reloaded = await connectHub(t.baseUrl, { token: warm.ada.token });
    clients.push(reloaded);
    const snapshot = dataOf(await reloaded.call('JoinWheel', { wheelId })) as { myMatches: Match[] };
    expect(snapshot.myMatches.map((match) => match.id)).toEqual([warm.match.id]);
    // Only the lists of people (who is on the wheel, who is in the matches) are built each time:
    // a list of any length is a query for its length.
    const built = sqlOf(compiled);
    expect(built.length).toBeGreaterThan(0);
    for (const query of built)
      expect(query).toMatch(/^select \* from "participants" where "id" in \((\?|\$\d+)(, (\?|\$\d+))*\)$/);
  });

  it('ticks five times a second without building the queries a tick asks', async () => {
    // Something for the tick to look at: a revealed round, its seats and its pending match.
    await matchedPair(t, clock, clients, {}, ROUND_SECONDS);
    await t.app.rounds.tick();
    const compiled = vi.spyOn(DefaultQueryCompiler.prototype, 'compileQuery');
    await t.app.rounds.tick();
    expect(sqlOf(compiled)).toEqual([]);
  });

  it('closes any number of expired matches with one statement, each for its own reason', async () => {
    /** Matches on a fresh wheel whose answer time ran out a minute ago: half pending, half accepted. */
    async function expiredMatches(count: number) {
      const wheelId = await createTestWheel(t.database, { name: 'Late', description: 'x', slotCount: 2 });
      const past = new Date(clock.now().getTime() - 60 * 60_000).toISOString();
      const ids: string[] = [];
      for (let index = 0; index < count; index += 1) {
        const people = [cryptoRandom.uuid(), cryptoRandom.uuid()] as const;
        for (const id of people)
          await createTestParticipant(t.database, { wheelId, id, gender: 'other', createdAt: past });
        ids.push(
          await createTestOpenMatch(t.database, {
            wheelId,
            user1Id: people[0],
            user2Id: people[1],
            accepted: index % 2 === 1,
            at: past,
          }),
        );
      }
      return ids;
    }
    const matchWrites = (ran: Parameters<typeof statementsRan>[0]) =>
      statementsRan(ran).filter((query) => query.sql.startsWith('update "matches"'));
    const reasonsOf = async (ids: string[]) =>
      (
        await t.database.db
          .selectFrom('matches')
          .select('close_reason')
          .where('id', 'in', ids)
          .orderBy('created_at')
          .execute()
      ).map((row) => row.close_reason);

    for (const count of [2, 40]) {
      const ids = await expiredMatches(count);
      const ran = vi.spyOn(Kysely.prototype, 'executeQuery');
      await t.app.rounds.tick();
      expect(matchWrites(ran)).toHaveLength(1);
      ran.mockRestore();
      expect((await reasonsOf(ids)).sort()).toEqual(
        ids.map((_, index) => (index % 2 === 1 ? 'callNotStarted' : 'unanswered')).sort(),
      );
    }
  });

  it('keeps closing newly expired matches however many closed ones are long past their deadline', async () => {
    const wheelId = await createTestWheel(t.database, { name: 'Long past', description: 'x', slotCount: 2 });
    const past = new Date(clock.now().getTime() - 60 * 60_000).toISOString();
    const [ada, bo, cy, di] = await Promise.all(
      ['Ada', 'Bo', 'Cy', 'Di'].map((username) => createTestParticipant(t.database, { wheelId, username })),
    );
    if (!ada || !bo || !cy || !di) throw new Error('four people expected');
    // More closed matches than one tick closes; a closed match keeps its 'Pending' status.
    await t.database.db
      .insertInto('matches')
      .values(
        Array.from({ length: CLOSE_BATCH_SIZE + 1 }, (_, index) => ({
          id: cryptoRandom.uuid(),
          wheel_id: wheelId,
          round: index + 1,
          user1_id: ada,
          user2_id: bo,
          status: 'Pending' as const,
          accepted_by_user1: false,
          accepted_by_user2: false,
          created_at: past,
          call_started_at: null,
          call_ended_at: null,
          answer_by: past,
          closed_at: past,
          close_reason: 'unanswered' as const,
        })),
      )
      .execute();
    const justNow = new Date(clock.now().getTime() - 1_000).toISOString();
    const unanswered = await createTestOpenMatch(t.database, {
      wheelId,
      user1Id: cy,
      user2Id: di,
      accepted: false,
      at: justNow,
    });

    await t.app.rounds.tick();
    expect(
      await t.database.db
        .selectFrom('matches')
        .select(['closed_at', 'close_reason'])
        .where('id', '=', unanswered)
        .executeTakeFirst(),
    ).toEqual({ closed_at: clock.now().toISOString(), close_reason: 'unanswered' });
  });

  // SQLite keeps no statistics and once chose an index on `call_ended_at IS NULL`, which holds
  // nearly every match ever made: each tick read the whole history (decision 038). PostgreSQL
  // plans by statistics and scans tables this small whatever the indexes, so only SQLite's plans
  // say anything, and the test exists for SQLite alone.
  if (dialect.name === 'sqlite')
    it('asks only about what is open in a tick: no scan of the matches or wheels, only partial indexes', async () => {
      await t.app.rounds.tick();
      // A tick's statements are all compiled once (the test above), and so all run through here.
      const ran = vi.spyOn(Kysely.prototype, 'executeQuery');
      await t.app.rounds.tick();
      const queries = statementsRan(ran);
      expect(queries.some((query) => /\bupdate "matches"/.test(query.sql))).toBe(true);
      expect(queries.some((query) => /\bfrom "wheels"/.test(query.sql))).toBe(true);
      ran.mockRestore();

      const { rows: partialIndexes } = await sql<{ name: string }>`
        select name from sqlite_master where type = 'index' and sql like '% where %'
      `.execute(t.database.db);
      const partial = new Set(partialIndexes.map((row) => row.name));
      for (const query of queries) {
        const plan = (
          await t.database.db.executeQuery<{ detail: string }>(
            CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
          )
        ).rows.map((row) => row.detail);
        for (const step of plan) {
          expect(step, query.sql).not.toMatch(/^SCAN (matches|wheels)\b/);
          const index = step.match(/^SEARCH matches USING (?:COVERING )?INDEX (\w+)/)?.[1];
          if (index && index !== 'sqlite_autoindex_matches_1')
            expect(partial, `${step}\n${query.sql}`).toContain(index);
        }
      }
    });
});
