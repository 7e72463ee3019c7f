import { createHmac } from 'node:crypto';
import { type ClientConfig, type Match, SDP_MAX_LENGTH, type WheelSnapshot } from '@wheelmeet/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from './support/each-dialect';
import { createTestWheel, slotIdsOf } from './support/factories';
import { connectHub, dataOf, type HubClient, registerParticipant } from './support/hub-client';
import { ManualClock } from './support/manual-clock';
import { startTestApp, type TestApp } from './support/test-app';

const TURN_SECRET = 'turn-shared-secret-for-tests';
const offer = { type: 'offer' as const, sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' };
const answer = { type: 'answer' as const, sdp: 'v=0\r\no=- 3 4 IN IP4 127.0.0.1\r\n' };
const candidate = {
  candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host',
  sdpMid: '0',
  sdpMLineIndex: 0,
};

describeEachDialect('video call signalling', (dialect) => {
  let t: TestApp;
  const clock = new ManualClock();
  let ada: { client: HubClient; id: string; token: string };
  let bob: { client: HubClient; id: string; token: string };
  let carol: { client: HubClient; id: string };
  let match: Match;

  beforeAll(async () => {
    t = await startTestApp(dialect, {
      clock,
      listen: true,
      env: {
        WHEEL_ROUND_SECONDS: '5',
        SLOT_RELEASE_GRACE_MS: '200',
        STUN_URLS: 'stun:stun.example.org:3478',
        TURN_URLS: 'turn:turn.example.org:3478?transport=udp',
        TURN_SECRET,
      },
    });
    const wheelId = await createTestWheel(t.database, { name: 'Calls', description: 'x', slotCount: 2 });
    const join = async (name: string) => {
      const registration = await registerParticipant(t.baseUrl, wheelId, { username: name });
      const client = await connectHub(t.baseUrl, { token: registration.token });
      await client.call('JoinWheel', { wheelId });
      return { client, id: registration.user.id, token: registration.token };
    };
    ada = await join('ada');
    bob = await join('bob');
    carol = await join('carol');
    const slots = await slotIdsOf(t.database, wheelId);
    await ada.client.call('TakeSlot', { wheelId, userId: ada.id, slotId: slots[0] ?? '' });
    await bob.client.call('TakeSlot', { wheelId, userId: bob.id, slotId: slots[1] ?? '' });
    clock.advance(5_000);
    await t.app.rounds.tick();
    clock.advance(4_000);
    await t.app.rounds.tick();
    [match] = (await ada.client.next('WheelSpinCompleted')).matches as [Match];
  });
  afterAll(async () => {
    for (const person of [ada, bob, carol]) person?.client.close();
    await t?.close();
  });

  it('relays nothing until both have accepted', async () => {
    expect(await bob.client.call('RejoinCall', { matchId: match.id })).toMatchObject({
      error: { code: 'conflict' },
    });
    expect(await ada.client.call('SendOffer', { matchId: match.id, offer })).toEqual({
      error: {
        code: 'conflict',
        reason: 'call_not_ready',
        message: 'The call opens once you have both accepted the match.',
      },
    });
    await ada.client.call('AcceptMatch', { matchId: match.id });
    expect(await ada.client.call('SendOffer', { matchId: match.id, offer })).toMatchObject({
      error: { code: 'conflict' },
    });
    await bob.client.call('AcceptMatch', { matchId: match.id });
    expect(bob.client.all('OfferReceived')).toEqual([]);
  });

  it('relays offer, answer and candidates to the partner only, and records when the call starts', async () => {
    expect(match.user1.id).toBe(ada.id);
    expect(await ada.client.call('SendOffer', { matchId: match.id, offer })).toEqual({ data: null });
    expect(await bob.client.next('OfferReceived')).toEqual({ matchId: match.id, offer });
    expect(await bob.client.call('SendAnswer', { matchId: match.id, answer })).toEqual({ data: null });
    expect(await ada.client.next('AnswerReceived')).toEqual({ matchId: match.id, answer });
    expect(await bob.client.call('SendIceCandidate', { matchId: match.id, candidate })).toEqual({
      data: null,
    });
    expect(await ada.client.next('IceCandidateReceived')).toEqual({ matchId: match.id, candidate });
    // The call's clock is written just after the answer's acknowledgement; both hear it.
    await Promise.all([ada.client.next('CallTimer'), bob.client.next('CallTimer')]);

    const started = await t.database.db
      .selectFrom('matches')
      .select(['call_started_at', 'call_ended_at'])
      .where('id', '=', match.id)
      .executeTakeFirstOrThrow();
    expect(started).toEqual({ call_started_at: clock.now().toISOString(), call_ended_at: null });

    for (const event of ['OfferReceived', 'AnswerReceived', 'IceCandidateReceived', 'CallEnded'] as const) {
      expect(carol.client.all(event)).toEqual([]);
    }
  });

  it('refuses a stranger, and malformed or oversized payloads, relaying nothing', async () => {
    const before = bob.client.received.length;
    expect(await carol.client.call('SendOffer', { matchId: match.id, offer })).toEqual({
      error: {
        code: 'forbidden',
        reason: 'not_your_match',
        message: 'Only the two people in a match can answer it.',
      },
    });
    const refused = [
      await ada.client.call('SendOffer', {
        matchId: match.id,
        offer: { type: 'offer', sdp: 'x'.repeat(SDP_MAX_LENGTH + 1) },
      }),
      await ada.client.call('SendOffer', { matchId: match.id, offer: answer } as never),
      await ada.client.call('SendAnswer', { matchId: match.id, answer: { type: 'answer' } } as never),
      await ada.client.call('SendIceCandidate', {
        matchId: match.id,
        candidate: { ...candidate, sdpMLineIndex: -1 },
      }),
      await ada.client.call('SendIceCandidate', { matchId: 'not-a-match', candidate } as never),
    ];
    for (const result of refused) expect(result).toMatchObject({ error: { code: 'validation_failed' } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(bob.client.received.length).toBe(before);
  });

  it('throttles a connection that floods the relay', async () => {
    const results = await Promise.all(
      Array.from({ length: 60 }, () => ada.client.call('SendIceCandidate', { matchId: match.id, candidate })),
    );
    expect(
      results.filter((result) => 'error' in result && result.error.code === 'rate_limited').length,
    ).toBeGreaterThan(0);
  });

  it('brings a reloaded partner back into the call: the snapshot holds the match, and the caller is asked to offer again', async () => {
    clock.advance(11_000); // past the throttle window of the previous test
    // Bob's page reloads: a new connection with the same token, the old one gone.
    const reloaded = await connectHub(t.baseUrl, { token: bob.token });
    const snapshot = dataOf<WheelSnapshot>(await reloaded.call('JoinWheel', { wheelId: match.wheelId }));
    expect(snapshot.myMatches).toEqual([
      expect.objectContaining({
        id: match.id,
        status: 'Accepted',
        acceptedByUser1: true,
        acceptedByUser2: true,
      }),
    ]);

    expect(await reloaded.call('RejoinCall', { matchId: match.id })).toEqual({ data: null });
    expect(await ada.client.next('CallRejoined')).toEqual({ matchId: match.id, userId: bob.id });
    expect(await carol.client.call('RejoinCall', { matchId: match.id })).toMatchObject({
      error: { code: 'forbidden' },
    });

    expect(
      await ada.client.call('SendMediaState', { matchId: match.id, cameraOn: false, microphoneOn: true }),
    ).toEqual({ data: null });
    const told = { matchId: match.id, userId: ada.id, cameraOn: false, microphoneOn: true };
    expect(await reloaded.next('MediaStateChanged')).toEqual(told);
    expect(await bob.client.next('MediaStateChanged')).toEqual(told);
    expect(
      await ada.client.call('SendMediaState', { matchId: match.id, cameraOn: 'no' } as never),
    ).toMatchObject({ error: { code: 'validation_failed' } });
    for (const event of ['CallRejoined', 'MediaStateChanged'] as const) {
      expect(carol.client.all(event)).toEqual([]);
    }
    reloaded.close();
  });

  it("tells the partner when someone's camera could not start, so they wait for the Retry instead of a lost call", async () => {
    clock.advance(11_000); // past the throttle window of the previous test
    expect(await bob.client.call('FailCall', { matchId: match.id })).toEqual({ data: null });
    expect(await ada.client.next('CallFailed')).toEqual({ matchId: match.id, userId: bob.id });
    expect(await carol.client.call('FailCall', { matchId: match.id })).toMatchObject({
      error: { code: 'forbidden' },
    });
    expect(await bob.client.call('FailCall', { matchId: 'not-a-match' })).toMatchObject({
      error: { code: 'validation_failed' },
    });
    expect(carol.client.all('CallFailed')).toEqual([]);
    expect(bob.client.all('CallFailed')).toEqual([]);
  });

  it('ends the call, for the partner too, when someone leaves the wheel without hanging up', async () => {
    clock.advance(11_000); // past the throttle window of the previous test
    expect(await ada.client.call('SendOffer', { matchId: match.id, offer })).toEqual({ data: null });
    expect(await bob.client.call('SendAnswer', { matchId: match.id, answer })).toEqual({ data: null });
    // The call's clock starts just after the answer's acknowledgement; both hear it.
    await ada.client.next('CallTimer', (event) => event.serverTime === clock.now().toISOString());
    const reopened = await t.database.db
      .selectFrom('matches')
      .select(['call_started_at', 'call_ended_at'])
      .where('id', '=', match.id)
      .executeTakeFirstOrThrow();
    expect(reopened.call_ended_at).toBeNull();

    bob.client.close();
    expect(await ada.client.next('CallEnded', (event) => event.userId === bob.id)).toEqual({
      matchId: match.id,
      userId: bob.id,
    });
    const ended = await t.database.db
      .selectFrom('matches')
      .select(['call_started_at', 'call_ended_at'])
      .where('id', '=', match.id)
      .executeTakeFirstOrThrow();
    expect(ended.call_ended_at).toBe(clock.now().toISOString());
    // The first start is kept, so the report counts the whole conversation.
    expect(ended.call_started_at).toBe(reopened.call_started_at);
  });

  it('gives participants short-lived TURN credentials derived from the shared secret, and never the secret', async () => {
    const anonymous = (await (await fetch(`${t.baseUrl}/api/config`)).json()) as ClientConfig;
    expect(anonymous.iceServers).toEqual([{ urls: ['stun:stun.example.org:3478'] }]);
    expect(anonymous.payments).toEqual({ mode: 'test', publishableKey: null });

    const response = await fetch(`${t.baseUrl}/api/config`, {
      headers: { authorization: `Bearer ${ada.token}` },
    });
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    expect(text).not.toContain(TURN_SECRET);
    const turn = (JSON.parse(text) as ClientConfig).iceServers[1];
    const expiry = Math.floor(clock.now().getTime() / 1000) + 3600;
    expect(turn).toEqual({
      urls: ['turn:turn.example.org:3478?transport=udp'],
      username: `${expiry}:${ada.id}`,
      credential: createHmac('sha1', TURN_SECRET).update(`${expiry}:${ada.id}`).digest('base64'),
    });
  });
});
