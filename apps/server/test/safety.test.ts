import { randomUUID } from 'node:crypto';
import {
  type AdminWheel,
  type AdminWheelRow,
  displayNameOf,
  type Match,
  REMOVED_FROM_WHEEL,
  ROUND_RESET_MS,
  type SafetyReport,
  SPIN_ANIMATION_MS,
} from '@wheelmeet/contracts';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { cryptoRandom, type Random } from '../src/lib/random';
import { describeEachDialect } from './support/each-dialect';
import { createTestBusinessUser, createTestWheel } from './support/factories';
import { connectHub, dataOf, type HubClient, registerParticipant } from './support/hub-client';
import { ManualClock } from './support/manual-clock';
import { connectedPair, joinedPeople, matchedPair } from './support/matched-pair';
import { removeFrom, signIn } from './support/staff';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './support/test-app';

/** Repeatable randomness for the spins, real ids and tokens for the rows. */
function seededRandom(seed: number): Random {
  let state = seed;
  return {
    ...cryptoRandom,
    next: () => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state / 2 ** 31;
    },
  };
}

const ROUND_SECONDS = 5;

describeEachDialect('safety: block, report and remove (issue 13, decision 016)', (dialect) => {
  let t: TestApp;
  const clock = new ManualClock();
  const clients: HubClient[] = [];
  let admin: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp(dialect, {
      clock,
      random: seededRandom(7),
      listen: true,
      env: { WHEEL_ROUND_SECONDS: String(ROUND_SECONDS) },
    });
    admin = (await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD)).headers;
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(() => t?.close());

  const bearer = (token: string | null) => (token ? { authorization: `Bearer ${token}` } : {});
  const act = (token: string | null, matchId: string, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/me/safety/${matchId}`,
      headers: bearer(token),
      payload: body as Record<string, unknown>,
    });
  const blocksOf = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/me/safety/blocks', headers: bearer(token) });
  const unblock = (token: string | null, participantId: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/me/safety/blocks/${participantId}`, headers: bearer(token) });
  const reportsOf = (wheelId: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api/admin/wheels/${wheelId}/safety/reports`, headers });
  const wheelOf = async (matchId: string) =>
    (
      await t.database.db
        .selectFrom('matches')
        .select('wheel_id')
        .where('id', '=', matchId)
        .executeTakeFirstOrThrow()
    ).wheel_id;

  it('a block ends a pending match for both with a neutral reason, and the pair is never matched again', async () => {
    const { wheelId, slotIds, people } = await joinedPeople(t, clients, ['Ada', 'Bo', 'Cy', 'Di'], {
      name: 'Four',
      slotCount: 4,
    });
    const [ada] = people as [(typeof people)[number]];
    /** Everyone sits down (in an order that changes each round), the wheel spins and reveals. */
    async function round(index: number): Promise<Match[]> {
      const order = people.map((_, i) => people[(i + index) % people.length] as (typeof people)[number]);
      const seating = index % 2 === 0 ? order : [order[0], order[2], order[1], order[3]];
      for (const [position, person] of seating.entries()) {
        if (!person) continue;
        dataOf(
          await person.client.call('TakeSlot', {
            wheelId,
            userId: person.id,
            slotId: slotIds[position] ?? '',
          }),
        );
        // Seated afresh each round: nobody keeps their seat for the next (issue 38).
        dataOf(await person.client.call('SetStaying', { wheelId, staying: false }));
      }
      const completed = ada.client.all('WheelSpinCompleted').length;
      clock.advance(ROUND_SECONDS * 1_000);
      await t.app.rounds.tick();
      clock.advance(SPIN_ANIMATION_MS);
      await t.app.rounds.tick();
      await expect.poll(() => ada.client.all('WheelSpinCompleted').length).toBe(completed + 1);
      const { matches } = ada.client.all('WheelSpinCompleted')[completed] as { matches: Match[] };
      clock.advance(ROUND_RESET_MS);
      await t.app.rounds.tick();
      return matches;
    }

    const first = await round(0);
    const adasMatch = first.find((match) => match.user1.id === ada.id || match.user2.id === ada.id);
    if (!adasMatch) throw new Error('Ada was not matched');
    const partnerId = adasMatch.user1.id === ada.id ? adasMatch.user2.id : adasMatch.user1.id;
    const partner = people.find((person) => person.id === partnerId);
    if (!partner) throw new Error('no partner');

    // Blocking takes effect at once, for both, and the blocked side hears only "ended".
    const blocked = await act(ada.token, adasMatch.id, { block: true });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toEqual({ blocked: true, reported: false });
    for (const person of [ada, partner]) {
      await expect(
        person.client.next('MatchExpired', (event) => event.matchId === adasMatch.id),
      ).resolves.toEqual({ wheelId, matchId: adasMatch.id, reason: 'ended' });
    }
    expect(JSON.stringify(partner.client.received)).not.toMatch(/block/i);
    const answer = await partner.client.call('AcceptMatch', { matchId: adasMatch.id });
    expect(answer).toMatchObject({ error: { code: 'conflict' } });

    // Many rounds, people seated differently each time: the two never face each other as a match.
    for (let index = 1; index <= 12; index += 1) {
      const matches = await round(index);
      expect(matches.length).toBeGreaterThan(0);
      for (const match of matches) {
        expect([match.user1.id, match.user2.id].sort()).not.toEqual([ada.id, partnerId].sort());
      }
    }

    // Ada takes the block back: the two may be paired again (once everyone has met everyone).
    expect((await unblock(ada.token, partnerId)).json()).toEqual({ blockedIds: [] });
    let pairedAgain = false;
    for (let index = 13; index <= 24 && !pairedAgain; index += 1) {
      pairedAgain = (await round(index)).some(
        (match) => [match.user1.id, match.user2.id].sort().join() === [ada.id, partnerId].sort().join(),
      );
    }
    expect(pairedAgain).toBe(true);
  });

  it('a block during a call ends it for both, and the blocked one can no longer signal', async () => {
    const { matchId, ada, bo } = await connectedPair(t, clock, clients, {}, ROUND_SECONDS);
    const response = await act(bo.token, matchId, {
      block: true,
      report: { reason: 'harassment', details: 'Rude from the first second' },
    });
    expect(response.json()).toEqual({ blocked: true, reported: true });
    for (const person of [ada, bo]) {
      await expect(
        person.client.next('MatchExpired', (event) => event.matchId === matchId),
      ).resolves.toMatchObject({ reason: 'ended' });
    }
    const offer = await ada.client.call('SendOffer', {
      matchId,
      offer: { type: 'offer', sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' },
    });
    expect(offer).toEqual({
      error: { code: 'conflict', reason: 'match_closed', message: 'This match ended.' },
    });
    const row = await t.database.db
      .selectFrom('matches')
      .select(['call_ended_at', 'closed_at', 'close_reason'])
      .where('id', '=', matchId)
      .executeTakeFirstOrThrow();
    expect(row.close_reason).toBe('ended');
    expect(row.call_ended_at).not.toBeNull();
    expect(JSON.stringify(ada.client.received)).not.toMatch(/block|report/i);
  });

  it('only the people of a match on their own wheel may block or report through it', async () => {
    const { match, ada } = await matchedPair(t, clock, clients, {}, ROUND_SECONDS);
    const wheelId = match.wheelId;
    const cy = await registerParticipant(t.baseUrl, wheelId, { username: 'Cy' });
    const otherWheel = await createTestWheel(t.database, { name: 'Other', description: 'x', slotCount: 2 });
    const stranger = await registerParticipant(t.baseUrl, otherWheel, { username: 'Zed' });

    expect((await act(cy.token, match.id, { block: true })).statusCode).toBe(403);
    expect((await act(stranger.token, match.id, { block: true })).statusCode).toBe(403);
    expect((await act(null, match.id, { block: true })).statusCode).toBe(401);
    expect((await act(ada.token, randomUUID(), { block: true })).statusCode).toBe(404);
    for (const bad of [
      { block: false },
      { block: false, report: null },
      { block: false, report: { reason: 'because' } },
      { block: 'yes' },
      { block: false, report: { reason: 'spam', details: 'x'.repeat(1_001) } },
    ]) {
      const response = await act(ada.token, match.id, bad);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'validation_failed' } });
    }
    expect(
      await t.database.db.selectFrom('blocks').selectAll().where('wheel_id', '=', wheelId).execute(),
    ).toEqual([]);
  });

  it('blocking many times at once stores one block and ends the match once', async () => {
    const { match, ada, bo } = await matchedPair(t, clock, clients, {}, ROUND_SECONDS);
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => act(ada.token, match.id, { block: true })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(6).fill(200));
    const rows = await t.database.db
      .selectFrom('blocks')
      .selectAll()
      .where('blocker_id', '=', ada.id)
      .execute();
    expect(rows).toHaveLength(1);
    await bo.client.next('MatchExpired', (event) => event.matchId === match.id);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(bo.client.all('MatchExpired').filter((event) => event.matchId === match.id)).toHaveLength(1);
    const mine = await blocksOf(ada.token);
    expect(mine.json()).toEqual({ blockedIds: [bo.id] });

    // Bo cannot take back Ada's block; Ada can, once or twice; a bad id or no token is refused.
    expect((await unblock(bo.token, ada.id)).json()).toEqual({ blockedIds: [] });
    expect((await blocksOf(ada.token)).json()).toEqual({ blockedIds: [bo.id] });
    const taken = await Promise.all([unblock(ada.token, bo.id), unblock(ada.token, bo.id)]);
    expect(taken.map((response) => response.json())).toEqual([{ blockedIds: [] }, { blockedIds: [] }]);
    expect((await unblock(ada.token, 'not-an-id')).statusCode).toBe(400);
    expect((await unblock(null, bo.id)).statusCode).toBe(401);
  });

  it("organisers see their own wheels' reports and remove people; strangers see nothing", async () => {
    const owner = await createTestBusinessUser(t.database, {
      email: `owner-${dialect.name}@example.com`,
      password: 'business-pass',
    });
    await createTestBusinessUser(t.database, {
      email: `other-${dialect.name}@example.com`,
      password: 'business-pass',
    });
    const organiser = (await signIn(t.app, `owner-${dialect.name}@example.com`, 'business-pass')).headers;
    const strangerOrganiser = (await signIn(t.app, `other-${dialect.name}@example.com`, 'business-pass'))
      .headers;
    const { match, ada, bo } = await matchedPair(t, clock, clients, { businessUserId: owner }, ROUND_SECONDS);
    const wheelId = await wheelOf(match.id);
    dataOf(await ada.client.call('AcceptMatch', { matchId: match.id }));
    expect(
      (
        await act(ada.token, match.id, {
          block: false,
          report: { reason: 'spam', details: '  Sells crypto  ' },
        })
      ).statusCode,
    ).toBe(200);

    const seen = await reportsOf(wheelId, organiser);
    expect(seen.statusCode).toBe(200);
    expect(seen.json<SafetyReport[]>()).toEqual([
      expect.objectContaining({
        wheelId,
        reporter: { id: ada.id, displayName: displayNameOf({ id: ada.id }) },
        reported: { id: bo.id, displayName: displayNameOf({ id: bo.id }), removed: false },
        reason: 'spam',
        details: 'Sells crypto',
        blocked: false,
      }),
    ]);
    // Reporting again through the same match replaces the report rather than adding one.
    expect(
      (await act(ada.token, match.id, { block: false, report: { reason: 'spam', details: 'Sells crypto' } }))
        .statusCode,
    ).toBe(200);
    expect((await reportsOf(wheelId, admin)).json<SafetyReport[]>()).toHaveLength(1);
    expect((await reportsOf(wheelId, strangerOrganiser)).statusCode).toBe(404);
    expect((await reportsOf(wheelId, {})).statusCode).toBe(401);
    expect((await removeFrom(t.app, wheelId, bo.id, strangerOrganiser)).statusCode).toBe(404);
    expect((await removeFrom(t.app, wheelId, randomUUID(), organiser)).statusCode).toBe(404);
    // The report alone ended nothing: the match is still open.
    expect(bo.client.all('MatchExpired').filter((event) => event.matchId === match.id)).toEqual([]);

    // Removal: Bo is told and leaves the room, Ada sees the seat free and the match end neutrally.
    const removed = await removeFrom(t.app, wheelId, bo.id, organiser);
    expect(removed.statusCode).toBe(200);
    await expect(bo.client.next('RemovedFromWheel')).resolves.toEqual({
      wheelId,
      message: REMOVED_FROM_WHEEL,
    });
    await expect(
      ada.client.nextSeatChange('left', (change) => change.userId === bo.id),
    ).resolves.toMatchObject({
      wheelId,
    });
    await expect(
      ada.client.next('MatchExpired', (event) => event.matchId === match.id),
    ).resolves.toMatchObject({
      reason: 'ended',
    });
    expect((await removeFrom(t.app, wheelId, bo.id, admin)).statusCode).toBe(200);
    expect((await reportsOf(wheelId, organiser)).json<SafetyReport[]>()[0]?.reported.removed).toBe(true);
  });

  it('an organiser marks a report handled and opens it again; the same person reporting again opens it too', async () => {
    const owner = await createTestBusinessUser(t.database, {
      email: `handles-${dialect.name}@example.com`,
      password: 'business-pass',
    });
    await createTestBusinessUser(t.database, {
      email: `nosy-${dialect.name}@example.com`,
      password: 'business-pass',
    });
    const organiser = (await signIn(t.app, `handles-${dialect.name}@example.com`, 'business-pass')).headers;
    const stranger = (await signIn(t.app, `nosy-${dialect.name}@example.com`, 'business-pass')).headers;
    const { match, ada } = await matchedPair(t, clock, clients, { businessUserId: owner }, ROUND_SECONDS);
    const wheelId = await wheelOf(match.id);
    const report = { block: false, report: { reason: 'spam', details: 'Sells crypto' } };
    expect((await act(ada.token, match.id, report)).statusCode).toBe(200);
    const [reported] = (await reportsOf(wheelId, organiser)).json<SafetyReport[]>();
    expect(reported?.handledAt).toBeNull();
    // The wheel list and the wheel's page count what is still to look at.
    const openReports = async () => {
      const list = (await t.app.inject({ method: 'GET', url: '/api/admin/wheels', headers: organiser })).json<
        AdminWheelRow[]
      >();
      const detail = (
        await t.app.inject({ method: 'GET', url: `/api/admin/wheels/${wheelId}`, headers: organiser })
      ).json<AdminWheel>();
      expect(list.map((row) => row.openReportCount)).toEqual([detail.openReportCount]);
      return detail.openReportCount;
    };
    expect(await openReports()).toBe(1);
    const mark = (handled: unknown, headers: Record<string, string>, reportId = reported?.id) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/wheels/${wheelId}/safety/reports/${reportId}/handled`,
        headers,
        payload: { handled } as Record<string, unknown>,
      });

    clock.advance(1_000);
    const handled = await mark(true, organiser);
    expect(handled.statusCode, handled.body).toBe(200);
    expect(handled.json()).toEqual({ id: reported?.id, handledAt: clock.now().toISOString() });
    expect(await openReports()).toBe(0);
    expect((await reportsOf(wheelId, organiser)).json<SafetyReport[]>()).toEqual([
      expect.objectContaining({ id: reported?.id, handledAt: clock.now().toISOString() }),
    ]);

    // Nobody else's, nothing that is not a report of this wheel, nothing but a yes or no.
    expect((await mark(false, stranger)).statusCode).toBe(404);
    expect((await mark(false, {})).statusCode).toBe(401);
    expect((await mark(false, organiser, randomUUID())).json()).toEqual({
      error: { code: 'not_found', reason: 'not_found', message: 'Report not found' },
    });
    expect((await mark('yes', organiser)).statusCode).toBe(400);
    expect((await reportsOf(wheelId, admin)).json<SafetyReport[]>()[0]?.handledAt).toBe(
      clock.now().toISOString(),
    );

    expect((await mark(false, admin)).json()).toEqual({ id: reported?.id, handledAt: null });
    expect((await mark(true, organiser)).statusCode).toBe(200);
    // Reported again after it was handled: it needs looking at again.
    expect((await act(ada.token, match.id, report)).statusCode).toBe(200);
    expect((await reportsOf(wheelId, organiser)).json<SafetyReport[]>()).toEqual([
      expect.objectContaining({ id: reported?.id, handledAt: null }),
    ]);
    expect(await openReports()).toBe(1);
  });

  it("a removed participant's token is refused over HTTP and the hub, on every process", async () => {
    const second = await startTestApp(dialect, {
      clock,
      listen: true,
      env: { WHEEL_ROUND_SECONDS: String(ROUND_SECONDS) },
      database: t.testDatabase,
    });
    try {
      const { match, bo } = await matchedPair(t, clock, clients, {}, ROUND_SECONDS);
      const wheelId = match.wheelId;
      // Bo also has a connection to the other process, which hears nothing of the removal.
      const elsewhere = await connectHub(second.baseUrl, { token: bo.token });
      clients.push(elsewhere);
      dataOf(await elsewhere.call('JoinWheel', { wheelId }));
      expect((await removeFrom(t.app, wheelId, bo.id, admin)).statusCode).toBe(200);

      const slot = await t.database.db
        .selectFrom('slots')
        .select('id')
        .where('wheel_id', '=', wheelId)
        .where('participant_id', 'is', null)
        .executeTakeFirstOrThrow();
      for (const client of [bo.client, elsewhere]) {
        for (const refused of [
          await client.call('TakeSlot', { wheelId, userId: bo.id, slotId: slot.id }),
          await client.call('JoinWheel', { wheelId }),
        ]) {
          expect(refused).toEqual({
            error: { code: 'forbidden', reason: 'removed_from_wheel', message: REMOVED_FROM_WHEEL },
          });
        }
      }
      await expect(elsewhere.next('RemovedFromWheel')).resolves.toMatchObject({ wheelId });

      for (const app of [t.app, second.app]) {
        const response = await app.inject({
          method: 'GET',
          url: '/api/me/connections',
          headers: { authorization: `Bearer ${bo.token}` },
        });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({
          error: { code: 'forbidden', reason: 'removed_from_wheel', message: REMOVED_FROM_WHEEL },
        });
      }
      for (const baseUrl of [t.baseUrl, second.baseUrl]) {
        await expect(connectHub(baseUrl, { token: bo.token })).rejects.toThrow(REMOVED_FROM_WHEEL);
      }
      expect(
        await t.database.db.selectFrom('slots').select('id').where('participant_id', '=', bo.id).execute(),
      ).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
