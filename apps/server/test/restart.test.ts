import { afterEach, expect, it } from 'vitest';
import { describeEachDialect } from './support/each-dialect';
import { createTestParticipant, createTestWheel, slotIdsOf } from './support/factories';
import { connectHub, dataOf, type HubClient } from './support/hub-client';
import { ManualClock } from './support/manual-clock';
import { matchedPair } from './support/matched-pair';
import { startTestApp } from './support/test-app';

describeEachDialect('a server that was down when a round fell due', (dialect) => {
  it('spins that round as soon as it is back', async () => {
    const clock = new ManualClock();
    const before = await startTestApp(dialect, { clock });
    const wheelId = await createTestWheel(before.database, {
      name: 'Overdue',
      description: 'x',
      slotCount: 2,
    });
    const db = before.database.db;
    for (const [position, slotId] of (await slotIdsOf(before.database, wheelId)).entries()) {
      const id = await createTestParticipant(before.database, {
        wheelId,
        username: `p${position}`,
        createdAt: clock.now().toISOString(),
      });
      await db
        .updateTable('slots')
        .set({ participant_id: id, occupied_at: clock.now().toISOString() })
        .where('id', '=', slotId)
        .execute();
    }
    await db
      .updateTable('wheels')
      .set({ next_spin_at: new Date(clock.now().getTime() + 10_000).toISOString() })
      .where('id', '=', wheelId)
      .execute();
    await before.app.close();

    // Down for a minute; the spin was due 50 s ago.
    clock.advance(60_000);
    const after = await startTestApp(dialect, { clock, database: before.testDatabase });
    try {
      await after.app.rounds.tick();
      const wheel = await after.database.db
        .selectFrom('wheels')
        .select(['current_round', 'spin_started_at'])
        .where('id', '=', wheelId)
        .executeTakeFirstOrThrow();
      expect(wheel).toEqual({ current_round: 1, spin_started_at: clock.now().toISOString() });
      const matches = await after.database.db
        .selectFrom('matches')
        .select('round')
        .where('wheel_id', '=', wheelId)
        .execute();
      expect(matches).toEqual([{ round: 1 }]);
    } finally {
      await after.app.close();
      await before.testDatabase.drop();
    }
  });
});

describeEachDialect('a server that stopped just after a spin committed', (dialect) => {
  const clients: HubClient[] = [];
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });

  it('closes the earlier round’s open matches once it is back, before the next spin, and tells both people', async () => {
    const clock = new ManualClock();
    const env = { WHEEL_ROUND_SECONDS: '5' };
    const before = await startTestApp(dialect, { clock, listen: true, env });
    const { wheelId, match, ada, bo } = await matchedPair(before, clock, clients);
    // Round 2's spin, as its transaction commits it; the process stops before its
    // closeStaleBefore, so round 1's match, still waiting for answers, stays open.
    await before.database.db
      .updateTable('wheels')
      .set({
        current_round: 2,
        spin_started_at: clock.now().toISOString(),
        last_spin_date: clock.now().toISOString(),
        matches_revealed_at: null,
        next_spin_at: null,
      })
      .where('id', '=', wheelId)
      .execute();
    for (const client of clients.splice(0)) client.close();
    await before.app.close();

    const after = await startTestApp(dialect, { clock, listen: true, env, database: before.testDatabase });
    try {
      const [adaAgain, boAgain] = (await Promise.all(
        [ada, bo].map(async (person) => {
          const client = await connectHub(after.baseUrl, { token: person.token });
          clients.push(client);
          dataOf(await client.call('JoinWheel', { wheelId }));
          return client;
        }),
      )) as [HubClient, HubClient];
      await after.app.rounds.tick();

      const expired = { wheelId, matchId: match.id, reason: 'unanswered' };
      expect(await adaAgain.next('MatchExpired')).toEqual(expired);
      expect(await boAgain.next('MatchExpired')).toEqual(expired);
      const stored = await after.database.db
        .selectFrom('matches')
        .select(['closed_at', 'close_reason'])
        .where('id', '=', match.id)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ closed_at: clock.now().toISOString(), close_reason: 'unanswered' });
      // Still round 2's spin: no step of the wheel closed it.
      const wheel = await after.database.db
        .selectFrom('wheels')
        .select(['current_round', 'matches_revealed_at'])
        .where('id', '=', wheelId)
        .executeTakeFirstOrThrow();
      expect(wheel).toEqual({ current_round: 2, matches_revealed_at: null });

      // Once is enough: later ticks tell nobody again.
      await after.app.rounds.tick();
      expect(adaAgain.all('MatchExpired')).toHaveLength(1);
    } finally {
      await after.app.close();
      await before.testDatabase.drop();
    }
  });
});
