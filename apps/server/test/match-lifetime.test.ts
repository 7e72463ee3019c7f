import {
  MATCH_ANSWER_WINDOW_MS,
  MATCH_CALL_START_WINDOW_MS,
  type Match,
  type OpenWheel,
  ROUND_RESET_MS,
  SPIN_ANIMATION_MS,
  type WheelSnapshot,
} from '@wheelmeet/contracts';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from './support/each-dialect';
import { createTestWheel } from './support/factories';
import { connectHub, type HubClient, registerParticipant } from './support/hub-client';
import { ManualClock } from './support/manual-clock';
import { startTestApp, type TestApp } from './support/test-app';

const ROUND_SECONDS = 20;

describeEachDialect('a match’s lifetime (decision 010)', (dialect) => {
  let t: TestApp;
  const clock = new ManualClock();
  const clients: HubClient[] = [];

  beforeAll(async () => {
    t = await startTestApp(dialect, {
      clock,
      listen: true,
      // Long enough for a reload on a busy machine (a reconnect slower than the grace period
      // loses the match, as it should), short enough that a partner who left is noticed quickly.
      env: { WHEEL_ROUND_SECONDS: String(ROUND_SECONDS), SLOT_RELEASE_GRACE_MS: '1000' },
    });
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(() => t?.close());

  const tick = () => t.app.rounds.tick();
  const connect = async (token: string) => {
    const client = await connectHub(t.baseUrl, { token });
    clients.push(client);
    return client;
  };

  /** Two people seated face to face, spun and revealed: their one match, pending. */
  async function matchedPair(answerSeconds: number | null = null) {
    const wheelId = await createTestWheel(t.database, {
      name: 'Pairs',
      description: 'x',
      slotCount: 2,
      answerSeconds,
    });
    const slots = ((await (await fetch(`${t.baseUrl}/api/wheels/${wheelId}`)).json()) as OpenWheel).slots;
    const people = [];
    for (const [index, name] of ['Ada', 'Bo'].entries()) {
      const registration = await registerParticipant(t.baseUrl, wheelId, { username: name });
      const client = await connect(registration.token);
      expect(await client.call('JoinWheel', { wheelId })).toHaveProperty('data');
      expect(
        await client.call('TakeSlot', {
          wheelId,
          userId: registration.user.id,
          slotId: slots[index]?.id ?? '',
        }),
      ).toEqual({ data: null });
      people.push({ id: registration.user.id, token: registration.token, client });
    }
    const [ada, bo] = people;
    if (!ada || !bo) throw new Error('two people expected');
    clock.advance(ROUND_SECONDS * 1000);
    await tick();
    clock.advance(SPIN_ANIMATION_MS);
    await tick();
    const match = (await ada.client.next('MatchesCreated')).matches[0];
    if (!match) throw new Error('no match');
    return { wheelId, slots, ada, bo, match };
  }

  it('expires a match nobody finished answering at its deadline, tells both, and refuses a late answer', async () => {
    const { ada, bo, match } = await matchedPair();
    expect(match.status).toBe('Pending');
    expect(Date.parse(match.answerBy ?? '') - clock.now().getTime()).toBe(MATCH_ANSWER_WINDOW_MS);
    expect(await ada.client.call('AcceptMatch', { matchId: match.id })).toMatchObject({
      data: { status: 'Pending' },
    });

    clock.advance(MATCH_ANSWER_WINDOW_MS - 1);
    await tick();
    expect(ada.client.all('MatchExpired')).toEqual([]);
    clock.advance(1);
    await tick();
    const expired = { wheelId: match.wheelId, matchId: match.id, reason: 'unanswered' };
    expect(await ada.client.next('MatchExpired')).toEqual(expired);
    expect(await bo.client.next('MatchExpired')).toEqual(expired);

    expect(await bo.client.call('AcceptMatch', { matchId: match.id })).toEqual({
      error: { code: 'conflict', reason: 'match_closed', message: 'This match expired.' },
    });
    const again = (await bo.client.call('JoinWheel', { wheelId: match.wheelId })) as { data: WheelSnapshot };
    expect(again.data.myMatches.map((mine: Match) => [mine.id, mine.status])).toEqual([
      [match.id, 'Expired'],
    ]);
    // Once is enough: more ticks tell nobody again.
    await tick();
    expect(ada.client.all('MatchExpired')).toHaveLength(1);
  });

  it("keeps to the organiser's answer window when the wheel sets one", async () => {
    const { ada, bo, match } = await matchedPair(12);
    expect(Date.parse(match.answerBy ?? '') - clock.now().getTime()).toBe(12_000);
    clock.advance(11_999);
    await tick();
    expect(ada.client.all('MatchExpired')).toEqual([]);
    clock.advance(1);
    await tick();
    expect(await bo.client.next('MatchExpired')).toMatchObject({ matchId: match.id, reason: 'unanswered' });
  });

  it('gives a reloaded page its match back after the round has reset, with both answers as they were', async () => {
    const { wheelId, ada, match } = await matchedPair();
    expect(await ada.client.call('AcceptMatch', { matchId: match.id })).toHaveProperty('data');
    clock.advance(ROUND_RESET_MS);
    await tick();
    await ada.client.next('RoundScheduled', (event) => event.slotsCleared);

    ada.client.close();
    const reloaded = await connect(ada.token);
    const snapshot = (await reloaded.call('JoinWheel', { wheelId })) as { data: WheelSnapshot };
    expect(snapshot.data.spin).toBeNull();
    expect(snapshot.data.myMatches).toEqual([
      expect.objectContaining({
        id: match.id,
        status: 'Pending',
        acceptedByUser1: true,
        acceptedByUser2: false,
      }),
    ]);
  });

  it('ends a match when the partner leaves the wheel, and tells the one who stays', async () => {
    const { wheelId, ada, bo, match } = await matchedPair();
    expect(await bo.client.call('LeaveWheel', { wheelId })).toEqual({ data: null });
    expect(await ada.client.next('MatchExpired')).toEqual({
      wheelId,
      matchId: match.id,
      reason: 'partnerLeft',
    });
    expect(await ada.client.call('AcceptMatch', { matchId: match.id })).toMatchObject({
      error: { code: 'conflict' },
    });
  });

  it('ends a match whose partner’s connection is gone for longer than the grace period', async () => {
    const { wheelId, ada, bo, match } = await matchedPair();
    bo.client.close();
    expect(await ada.client.next('MatchExpired')).toEqual({
      wheelId,
      matchId: match.id,
      reason: 'partnerLeft',
    });
  });

  it('closes an accepted match whose call never starts', async () => {
    const { ada, bo, match } = await matchedPair();
    await ada.client.call('AcceptMatch', { matchId: match.id });
    expect(await bo.client.call('AcceptMatch', { matchId: match.id })).toMatchObject({
      data: { status: 'Accepted' },
    });
    clock.advance(MATCH_ANSWER_WINDOW_MS + MATCH_CALL_START_WINDOW_MS);
    await tick();
    expect(await bo.client.next('MatchExpired')).toMatchObject({
      matchId: match.id,
      reason: 'callNotStarted',
    });
  });

  it('closes last round’s unanswered match when the next round spins before its deadline', async () => {
    const { wheelId, ada, bo, match } = await matchedPair();
    clock.advance(ROUND_RESET_MS);
    await tick();
    // Both stay seated for the next round (issue 38).
    const seats = ((await (await fetch(`${t.baseUrl}/api/wheels/${wheelId}`)).json()) as OpenWheel).slots;
    expect(seats.map((slot) => slot.userId)).toEqual([ada.id, bo.id]);
    // The next spin falls due before the first match's answer deadline.
    expect(ROUND_RESET_MS + ROUND_SECONDS * 1000).toBeLessThan(MATCH_ANSWER_WINDOW_MS);
    clock.advance(ROUND_SECONDS * 1000);
    await tick();
    expect(await ada.client.next('MatchExpired')).toEqual({
      wheelId,
      matchId: match.id,
      reason: 'unanswered',
    });
    clock.advance(SPIN_ANIMATION_MS);
    await tick();
    const second = await ada.client.next('MatchesCreated', (event) => event.matches[0]?.round === 2);
    expect(second.matches[0]?.status).toBe('Pending');
  });
});
