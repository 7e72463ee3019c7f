import { type Match, SPIN_ANIMATION_MS } from '@wheelmeet/contracts';
import type { NewWheel } from '../../src/modules/wheels/wheels.service';
import { createTestWheel, slotIdsOf } from './factories';
import { connectHub, dataOf, type HubClient, registerParticipant } from './hub-client';
import type { ManualClock } from './manual-clock';
import type { TestApp } from './test-app';

export interface PairedPerson {
  id: string;
  token: string;
  client: HubClient;
}

const OFFER = { type: 'offer' as const, sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' };
const ANSWER = { type: 'answer' as const, sdp: 'v=0\r\no=- 3 4 IN IP4 127.0.0.1\r\n' };

/**
 * People registered by name on a fresh wheel (two slots unless told), each with a hub client
 * that has joined it, none seated; with the wheel's slot ids in position order. The clients are
 * pushed onto `clients` for the test to close.
 */
export async function joinedPeople(
  t: TestApp,
  clients: HubClient[],
  names: readonly string[],
  wheel: Partial<NewWheel> = {},
) {
  const wheelId = await createTestWheel(t.database, {
    name: 'Pair',
    description: 'x',
    slotCount: 2,
    ...wheel,
  });
  const slotIds = await slotIdsOf(t.database, wheelId);
  const people: PairedPerson[] = [];
  for (const name of names) {
    const registration = await registerParticipant(t.baseUrl, wheelId, { username: name });
    const client = await connectHub(t.baseUrl, { token: registration.token });
    clients.push(client);
    dataOf(await client.call('JoinWheel', { wheelId }));
    people.push({ id: registration.user.id, token: registration.token, client });
  }
  return { wheelId, slotIds, people };
}

/**
 * Ada and Bo, registered and seated on the two slots of a fresh wheel (one on each ring), each
 * with a hub client that has joined it; the clients are pushed onto `clients` for the test to close.
 */
export async function seatedPair(t: TestApp, clients: HubClient[], wheel: Partial<NewWheel> = {}) {
  const { wheelId, slotIds, people } = await joinedPeople(t, clients, ['Ada', 'Bo'], wheel);
  for (const [index, person] of people.entries()) {
    dataOf(
      await person.client.call('TakeSlot', { wheelId, userId: person.id, slotId: slotIds[index] ?? '' }),
    );
  }
  return { wheelId, people };
}

/**
 * Two people seated face to face on a fresh two-slot wheel, spun and revealed: their one match,
 * pending. The app runs with a manual clock and `WHEEL_ROUND_SECONDS` of `roundSeconds`; each
 * hub client is pushed onto `clients` for the test to close.
 */
export async function matchedPair(
  t: TestApp,
  clock: ManualClock,
  clients: HubClient[],
  wheel: Partial<NewWheel> = {},
  roundSeconds = 5,
) {
  const { wheelId, people } = await seatedPair(t, clients, wheel);
  clock.advance(roundSeconds * 1_000);
  await t.app.rounds.tick();
  clock.advance(SPIN_ANIMATION_MS);
  await t.app.rounds.tick();
  const [ada, bo] = people as [PairedPerson, PairedPerson];
  const [match] = (await ada.client.next('WheelSpinCompleted')).matches as Match[];
  if (!match) throw new Error('no match');
  return { wheelId, match, ada, bo };
}

/** A matched pair who both accepted and whose call connected (the answer was relayed). */
export async function connectedPair(...args: Parameters<typeof matchedPair>) {
  const { match, ada, bo } = await matchedPair(...args);
  const caller = match.user1.id === ada.id ? ada : bo;
  const answerer = caller === ada ? bo : ada;
  for (const person of [caller, answerer])
    dataOf(await person.client.call('AcceptMatch', { matchId: match.id }));
  dataOf(await caller.client.call('SendOffer', { matchId: match.id, offer: OFFER }));
  dataOf(await answerer.client.call('SendAnswer', { matchId: match.id, answer: ANSWER }));
  // The clock starts just after the answer's acknowledgement; both hear it.
  await Promise.all([caller.client.next('CallTimer'), answerer.client.next('CallTimer')]);
  return { matchId: match.id, ada, bo, caller, answerer };
}
