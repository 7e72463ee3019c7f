import type { HubResult } from '@wheelmeet/contracts';
import { expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/database';
import { describeEachDialect } from './support/each-dialect';
import { createTestWheel } from './support/factories';
import { connectHub, dataOf, type HubClient, registerParticipant } from './support/hub-client';
import { ManualClock } from './support/manual-clock';
import { matchedPair } from './support/matched-pair';
import { startTestApp } from './support/test-app';

describeEachDialect('shutting down with hub calls under way', (dialect) => {
  it('answers every call it had accepted, refuses later ones with service_unavailable, then tells clients to go', async () => {
    const t = await startTestApp(dialect, { listen: true });
    try {
      const wheelId = await createTestWheel(t.database, { name: 'Closing', description: 'x', slotCount: 4 });
      const people = await Promise.all(
        Array.from({ length: 10 }, async (_, index) => {
          const registration = await registerParticipant(t.baseUrl, wheelId, { username: `p${index}` });
          return connectHub(t.baseUrl, { token: registration.token });
        }),
      );
      const told = people.map(
        (client) => new Promise<string>((resolve) => client.socket.on('disconnect', resolve)),
      );

      // 10 people make 35 calls each, all at once; the shutdown starts as the first is answered,
      // with the others received and being worked on.
      const calls: Promise<HubResult<unknown>>[] = people.flatMap((client) =>
        Array.from({ length: 35 }, () => client.call('JoinWheel', { wheelId })),
      );
      await Promise.race(calls);
      const closed = t.app.close();
      const answers = await Promise.allSettled(calls);
      await closed;

      const lost = answers.filter((answer) => answer.status === 'rejected');
      expect(lost).toEqual([]);
      const codes = answers.map((answer) =>
        answer.status === 'fulfilled' && 'error' in answer.value ? answer.value.error.code : 'answered',
      );
      expect(codes.every((code) => code === 'answered' || code === 'service_unavailable')).toBe(true);
      expect(codes).toContain('answered');
      expect(await Promise.all(told)).toEqual(people.map(() => 'io server disconnect'));
      for (const client of people) client.close();
    } finally {
      await t.testDatabase.drop();
    }
  });

  it('writes the clock of a call whose answer was just acknowledged before the database closes, and both hear it', async () => {
    const clock = new ManualClock();
    const t = await startTestApp(dialect, { clock, listen: true, env: { WHEEL_ROUND_SECONDS: '5' } });
    const clients: HubClient[] = [];
    try {
      const { match, ada, bo } = await matchedPair(t, clock, clients);
      const [caller, answerer] = match.user1.id === ada.id ? [ada, bo] : [bo, ada];
      for (const person of [caller, answerer])
        dataOf(await person.client.call('AcceptMatch', { matchId: match.id }));
      dataOf(await caller.client.call('SendOffer', { matchId: match.id, offer: OFFER }));

      // The clock's write (made just after SendAnswer's acknowledgement) waits for the test,
      // or for the database to start closing: a write let go only then is lost.
      const calls = t.app.calls;
      const callStarted = calls.callStarted;
      const writeHeld = deferred();
      const letWrite = deferred();
      calls.callStarted = async (matchId) => {
        writeHeld.resolve();
        await letWrite.promise;
        return callStarted(matchId);
      };
      const closeDatabase = t.database.close;
      t.database.close = () => {
        letWrite.resolve();
        return closeDatabase();
      };

      dataOf(await answerer.client.call('SendAnswer', { matchId: match.id, answer: ANSWER }));
      await writeHeld.promise;
      const closed = t.app.close();
      // The hub refuses new calls now: it is closing, and must wait for the clock's write.
      const waiting = await Promise.race([refusedAsRestarting(caller.client), closed.then(() => false)]);
      // Let go now; had the hub not waited, the database's closing has let it go already, too late.
      if (waiting) letWrite.resolve();
      await closed;

      const reopened = openDatabase(t.config);
      try {
        expect(await callStartedAt(reopened.db, match.id)).toBe(clock.now().toISOString());
      } finally {
        await reopened.close();
      }
      expect(waiting).toBe(true);
      // Both heard the clock before they were told to go.
      for (const person of [caller, answerer]) {
        expect(person.client.all('CallTimer')).toEqual([expect.objectContaining({ matchId: match.id })]);
      }
    } finally {
      for (const client of clients) client.close();
      await t.testDatabase.drop();
    }
  });
});

/** A promise and the function that resolves it. */
function deferred() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const OFFER = { type: 'offer' as const, sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' };
const ANSWER = { type: 'answer' as const, sdp: 'v=0\r\no=- 3 4 IN IP4 127.0.0.1\r\n' };

const callStartedAt = async (db: DatabaseHandle['db'], matchId: string) =>
  (
    await db
      .selectFrom('matches')
      .select('call_started_at')
      .where('id', '=', matchId)
      .executeTakeFirstOrThrow()
  ).call_started_at;

/**
 * Calls the hub (a call it refuses at once, changing nothing) until it answers that it is
 * restarting: true then, false when the connection went first.
 */
async function refusedAsRestarting(client: HubClient): Promise<boolean> {
  for (let attempt = 0; attempt < 20 && client.socket.connected; attempt += 1) {
    const answer = await client.call('EndCall', {} as never).catch(() => undefined);
    if (answer && 'error' in answer && answer.error.code === 'service_unavailable') return true;
  }
  return false;
}
