import type { WheelSnapshot } from '@wheelmeet/contracts';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from './support/each-dialect';
import { connectHub, dataOf, type HubClient } from './support/hub-client';
import { ManualClock } from './support/manual-clock';
import { connectedPair, matchedPair } from './support/matched-pair';
import { startTestApp, type TestApp } from './support/test-app';

const offer = { type: 'offer' as const, sdp: 'v=0\r\no=- 9 10 IN IP4 127.0.0.1\r\n' };
const answer = { type: 'answer' as const, sdp: 'v=0\r\no=- 11 12 IN IP4 127.0.0.1\r\n' };
const candidate = {
  candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host',
  sdpMid: '0',
  sdpMLineIndex: 0,
};
const CALL_ENDED = { error: { code: 'conflict', reason: 'call_ended', message: 'This call has ended.' } };

/** Issue 33: a hang-up is final for the match, for both people, whatever either sends afterwards. */
describeEachDialect('a hang-up is final', (dialect) => {
  let t: TestApp;
  const clock = new ManualClock();
  const clients: HubClient[] = [];

  beforeAll(async () => {
    t = await startTestApp(dialect, {
      clock,
      listen: true,
      env: { WHEEL_ROUND_SECONDS: '5', SLOT_RELEASE_GRACE_MS: '200' },
    });
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(() => t?.close());

  const callEndedAt = async (matchId: string) =>
    (
      await t.database.db
        .selectFrom('matches')
        .select('call_ended_at')
        .where('id', '=', matchId)
        .executeTakeFirstOrThrow()
    ).call_ended_at;

  it('tells both people, and refuses every later signal for the match with reason call_ended, relaying nothing', async () => {
    const { matchId, caller, answerer } = await connectedPair(t, clock, clients);
    clock.advance(30_000);
    expect(await caller.client.call('EndCall', { matchId })).toEqual({ data: null });
    // Both hear it: the partner's call closes, and the wheel of the one who hung up says so.
    const told = { matchId, userId: caller.id };
    expect(await answerer.client.next('CallEnded')).toEqual(told);
    expect(await caller.client.next('CallEnded')).toEqual(told);
    expect(await callEndedAt(matchId)).toBe(clock.now().toISOString());

    clock.advance(11_000); // a fresh throttle window: every refusal below is the call's, not the limiter's
    const before = { caller: caller.client.received.length, answerer: answerer.client.received.length };
    // The partner's Retry as it used to be: a rejoin and a fresh offer.
    expect(await answerer.client.call('RejoinCall', { matchId })).toEqual(CALL_ENDED);
    expect(await caller.client.call('SendOffer', { matchId, offer })).toEqual(CALL_ENDED);
    expect(await answerer.client.call('SendOffer', { matchId, offer })).toEqual(CALL_ENDED);
    expect(await answerer.client.call('SendAnswer', { matchId, answer })).toEqual(CALL_ENDED);
    expect(await answerer.client.call('SendIceCandidate', { matchId, candidate })).toEqual(CALL_ENDED);
    expect(await answerer.client.call('FailCall', { matchId })).toEqual(CALL_ENDED);
    expect(
      await answerer.client.call('SendMediaState', { matchId, cameraOn: false, microphoneOn: true }),
    ).toEqual(CALL_ENDED);
    expect(await answerer.client.call('ExtendCall', { matchId })).toEqual(CALL_ENDED);
    // Hanging up again is harmless: refused the same way, and nobody hears anything again.
    expect(await caller.client.call('EndCall', { matchId })).toEqual(CALL_ENDED);
    expect(await answerer.client.call('EndCall', { matchId })).toEqual(CALL_ENDED);

    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(caller.client.received.length).toBe(before.caller);
    expect(answerer.client.received.length).toBe(before.answerer);
    // The end stays the hang-up's: nothing reopened the call.
    expect(await callEndedAt(matchId)).toBe(new Date(clock.now().getTime() - 11_000).toISOString());
  });

  it('opens no call after a reload: the snapshot says the call ended, and the rejoin is refused', async () => {
    const { matchId, answerer } = await connectedPair(t, clock, clients);
    const wheelId = (
      await t.database.db
        .selectFrom('matches')
        .select('wheel_id')
        .where('id', '=', matchId)
        .executeTakeFirstOrThrow()
    ).wheel_id;
    const live = dataOf<WheelSnapshot>(await answerer.client.call('JoinWheel', { wheelId }));
    expect(live.myMatches).toEqual([expect.objectContaining({ id: matchId, callEnded: false })]);

    dataOf(await answerer.client.call('EndCall', { matchId }));
    const reloaded = await connectHub(t.baseUrl, { token: answerer.token });
    clients.push(reloaded);
    const snapshot = dataOf<WheelSnapshot>(await reloaded.call('JoinWheel', { wheelId }));
    expect(snapshot.myMatches).toEqual([
      expect.objectContaining({ id: matchId, status: 'Accepted', callEnded: true }),
    ]);
    expect(await reloaded.call('RejoinCall', { matchId })).toEqual(CALL_ENDED);
  });

  it('says time up for a call the round ticker ended, and keeps a hang-up before the call started final too', async () => {
    const timedOut = await connectedPair(t, clock, clients, { callMinutes: 1 });
    clock.advance(60_000);
    await t.app.calls.endTimeUp();
    expect(
      await timedOut.caller.client.call('SendOffer', { matchId: timedOut.matchId, offer }),
    ).toMatchObject({
      error: { reason: 'call_time_up' },
    });

    // Hung up while the call was still being set up (no answer yet): it never starts afterwards.
    const { match, ada, bo } = await matchedPair(t, clock, clients);
    const caller = match.user1.id === ada.id ? ada : bo;
    const answerer = caller === ada ? bo : ada;
    for (const person of [caller, answerer])
      dataOf(await person.client.call('AcceptMatch', { matchId: match.id }));
    dataOf(await caller.client.call('SendOffer', { matchId: match.id, offer }));
    expect(await answerer.client.call('EndCall', { matchId: match.id })).toEqual({ data: null });
    expect(await caller.client.next('CallEnded')).toEqual({ matchId: match.id, userId: answerer.id });
    expect(await answerer.client.call('SendAnswer', { matchId: match.id, answer })).toEqual(CALL_ENDED);
    expect(await caller.client.call('RejoinCall', { matchId: match.id })).toEqual(CALL_ENDED);
    const row = await t.database.db
      .selectFrom('matches')
      .select(['call_started_at', 'call_ended_at'])
      .where('id', '=', match.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ call_started_at: null, call_ended_at: clock.now().toISOString() });
  });
});
