import type { Match } from '@wheelmeet/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from './support/each-dialect';
import { createTestWheel, slotIdsOf } from './support/factories';
import { connectHub, type HubClient, registerParticipant } from './support/hub-client';
import { ManualClock } from './support/manual-clock';
import { startTestApp, type TestApp } from './support/test-app';

const offer = { type: 'offer' as const, sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' };
const PEOPLE = 20;

interface Person {
  client: HubClient;
  id: string;
}

/**
 * Decision 036: the caller sends its offer at its own Accept (PrepareOffer); the server keeps it
 * and hands it to the partner the moment both have accepted, once, and to nobody before.
 */
describeEachDialect('offers sent ahead of the second Accept', (dialect) => {
  let t: TestApp;
  const clock = new ManualClock();
  let wheelId: string;
  const people = new Map<string, Person>();
  /** Each match of the spin with its caller (user1) and answerer (user2). */
  let pairs: { match: Match; caller: Person; answerer: Person }[];

  const keptOffers = () => t.database.db.selectFrom('prepared_offers').selectAll().execute();
  /** A round trip on `person`'s connection: what the server sent them before it has arrived. */
  const settled = (person: Person) => person.client.call('JoinWheel', { wheelId });

  beforeAll(async () => {
    t = await startTestApp(dialect, { clock, listen: true, env: { WHEEL_ROUND_SECONDS: '5' } });
    wheelId = await createTestWheel(t.database, { name: 'Offers', description: 'x', slotCount: PEOPLE });
    const slots = await slotIdsOf(t.database, wheelId);
    for (const [index, slotId] of slots.entries()) {
      const registration = await registerParticipant(t.baseUrl, wheelId, { username: `person${index}` });
      const client = await connectHub(t.baseUrl, { token: registration.token });
      await client.call('JoinWheel', { wheelId });
      await client.call('TakeSlot', { wheelId, userId: registration.user.id, slotId });
      people.set(registration.user.id, { client, id: registration.user.id });
    }
    clock.advance(5_000);
    await t.app.rounds.tick();
    clock.advance(4_000);
    await t.app.rounds.tick();
    const [anyone] = [...people.values()] as [Person];
    const { matches } = await anyone.client.next('WheelSpinCompleted');
    pairs = matches.map((match) => ({
      match,
      caller: people.get(match.user1.id) as Person,
      answerer: people.get(match.user2.id) as Person,
    }));
    expect(pairs).toHaveLength(PEOPLE / 2);
  });
  afterAll(async () => {
    for (const person of people.values()) person.client.close();
    await t?.close();
  });

  it('keeps the offer of a caller who accepted first, and hands it to the partner the moment they accept', async () => {
    const [{ match, caller, answerer }] = pairs as [(typeof pairs)[number]];
    await caller.client.call('AcceptMatch', { matchId: match.id });
    expect(await caller.client.call('PrepareOffer', { matchId: match.id, offer })).toEqual({ data: null });
    await settled(answerer);
    expect(answerer.client.all('OfferReceived')).toEqual([]);
    expect(await keptOffers()).toEqual([{ match_id: match.id, sdp: offer.sdp }]);

    await answerer.client.call('AcceptMatch', { matchId: match.id });
    expect(await answerer.client.next('OfferReceived')).toEqual({ matchId: match.id, offer });
    expect(await keptOffers()).toEqual([]);
    // Nobody else heard it.
    for (const person of people.values()) {
      if (person !== answerer) expect(person.client.all('OfferReceived')).toEqual([]);
    }
  });

  it('hands it on just as well when the caller is the one who accepts second', async () => {
    const { match, caller, answerer } = pairs[1] as (typeof pairs)[number];
    await answerer.client.call('AcceptMatch', { matchId: match.id });
    expect(await caller.client.call('PrepareOffer', { matchId: match.id, offer })).toEqual({ data: null });
    await caller.client.call('AcceptMatch', { matchId: match.id });
    expect(await answerer.client.next('OfferReceived')).toEqual({ matchId: match.id, offer });
  });

  it('sends it on at once when both have accepted already, as SendOffer does', async () => {
    const { match, caller, answerer } = pairs[2] as (typeof pairs)[number];
    await caller.client.call('AcceptMatch', { matchId: match.id });
    await answerer.client.call('AcceptMatch', { matchId: match.id });
    expect(await caller.client.call('PrepareOffer', { matchId: match.id, offer })).toEqual({ data: null });
    expect(await answerer.client.next('OfferReceived')).toEqual({ matchId: match.id, offer });
    expect(await keptOffers()).toEqual([]);
  });

  it('refuses the answerer and strangers, and drops the offer of a declined match unsent', async () => {
    const { match, caller, answerer } = pairs[3] as (typeof pairs)[number];
    const stranger = (pairs[4] as (typeof pairs)[number]).caller;
    expect(await answerer.client.call('PrepareOffer', { matchId: match.id, offer })).toEqual({
      error: {
        code: 'conflict',
        reason: 'call_not_ready',
        message: 'The call opens once you have both accepted the match.',
      },
    });
    expect(await stranger.client.call('PrepareOffer', { matchId: match.id, offer })).toMatchObject({
      error: { code: 'forbidden' },
    });
    const notAnOffer = { matchId: match.id, offer: { type: 'answer', sdp: 'x' } } as never;
    expect(await caller.client.call('PrepareOffer', notAnOffer)).toMatchObject({
      error: { code: 'validation_failed' },
    });

    await caller.client.call('AcceptMatch', { matchId: match.id });
    expect(await caller.client.call('PrepareOffer', { matchId: match.id, offer })).toEqual({ data: null });
    await answerer.client.call('DeclineMatch', { matchId: match.id });
    await settled(answerer);
    expect(await keptOffers()).toEqual([]);
    expect(answerer.client.all('OfferReceived')).toEqual([]);
  });

  it('hands the offer on exactly once when it and the partner’s Accept arrive at the same moment', async () => {
    const racing = pairs.slice(4);
    await Promise.all(
      racing.map(({ match, caller }) => caller.client.call('AcceptMatch', { matchId: match.id })),
    );
    await Promise.all(
      racing.flatMap(({ match, caller, answerer }) => [
        caller.client.call('PrepareOffer', { matchId: match.id, offer }),
        answerer.client.call('AcceptMatch', { matchId: match.id }),
      ]),
    );
    await Promise.all(racing.map(({ answerer }) => settled(answerer)));
    for (const { match, answerer } of racing) {
      expect(answerer.client.all('OfferReceived')).toEqual([{ matchId: match.id, offer }]);
    }
    expect(await keptOffers()).toEqual([]);
  });

  it('drops offers kept for matches the server closed, and keeps those still waiting', async () => {
    const [closed, waiting] = [pairs[0], pairs[1]] as [(typeof pairs)[number], (typeof pairs)[number]];
    await t.database.db
      .updateTable('matches')
      .set({ closed_at: clock.now().toISOString(), close_reason: 'unanswered' })
      .where('id', '=', closed.match.id)
      .execute();
    await t.database.db
      .insertInto('prepared_offers')
      .values([
        { match_id: closed.match.id, sdp: offer.sdp },
        { match_id: waiting.match.id, sdp: offer.sdp },
      ])
      .execute();
    await t.app.calls.dropOffersOfClosedMatches();
    expect(await keptOffers()).toEqual([{ match_id: waiting.match.id, sdp: offer.sdp }]);
  });
});
