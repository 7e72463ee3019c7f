import { HUB_PATH, type HubResult } from '@wheelmeet/contracts';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  HUB_CALLS_PER_ADDRESS,
  HUB_CALLS_PER_CONNECTION,
  HUB_REFUSALS_BEFORE_DISCONNECT,
  SIGNALLING_MESSAGES_PER_PARTICIPANT,
  TOO_MANY_CALLS,
  TOO_MANY_CONNECTIONS,
} from '../src/realtime/hub-limits';
import { TEST_DIALECTS } from './support/databases';
import { describeEachDialect } from './support/each-dialect';
import { createTestWheel } from './support/factories';
import { connectHub, type HubClient, registerParticipant } from './support/hub-client';
import { ManualClock } from './support/manual-clock';
import { startTestApp, type TestApp } from './support/test-app';

const sqlite = TEST_DIALECTS.find((dialect) => dialect.name === 'sqlite');
if (!sqlite) throw new Error('no sqlite dialect');

const candidate = {
  candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host',
  sdpMid: '0',
  sdpMLineIndex: 0,
};
const offer = { type: 'offer' as const, sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' };

type Refusal = { code: string; reason: string; message: string };
const isRateLimited = (result: HubResult<unknown>) =>
  'error' in result && result.error.code === 'rate_limited';

describe('hub connections per client address', () => {
  const LIMIT = 5;
  let t: TestApp;
  let behindProxy: TestApp;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    const env = { HUB_CONNECTIONS_PER_ADDRESS: String(LIMIT) };
    [t, behindProxy] = await Promise.all([
      startTestApp(sqlite, { listen: true, env }),
      startTestApp(sqlite, { listen: true, env: { ...env, TRUST_PROXY: 'loopback' } }),
    ]);
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(async () => {
    await t?.close();
    await behindProxy?.close();
  });

  /** Opens a raw socket: null once connected, or the refusal the handshake's connect_error carried. */
  function tryConnect(app: TestApp, options: { token?: string; forwardedFor?: string } = {}) {
    const socket = io(app.baseUrl, {
      path: HUB_PATH,
      transports: ['websocket'],
      auth: options.token ? { token: options.token } : {},
      extraHeaders: options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {},
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    const outcome = new Promise<Refusal | null>((resolve) => {
      socket.once('connect', () => resolve(null));
      socket.once('connect_error', (error: Error & { data?: Refusal }) =>
        resolve(error.data ?? { code: 'none', reason: 'none', message: error.message }),
      );
    });
    return { socket, outcome };
  }
  const connectMany = (app: TestApp, count: number, options: Parameters<typeof tryConnect>[1] = {}) =>
    Promise.all(Array.from({ length: count }, () => tryConnect(app, options).outcome));
  const refused = { code: 'rate_limited', reason: 'rate_limited', message: TOO_MANY_CONNECTIONS };

  it('accepts exactly the limit of concurrent sockets from one address, and one more once one closes', async () => {
    // Not behind a trusted proxy, X-Forwarded-For is ignored: a client cannot pick a fresh address per socket.
    const attempts = Array.from({ length: LIMIT + 5 }, (_, index) =>
      tryConnect(t, { forwardedFor: `203.0.113.${index + 1}` }),
    );
    const outcomes = await Promise.all(attempts.map((attempt) => attempt.outcome));
    expect(outcomes.filter((outcome) => outcome === null)).toHaveLength(LIMIT);
    expect(outcomes.filter((outcome) => outcome !== null)).toEqual(Array(5).fill(refused));

    const open = attempts.find((attempt) => attempt.socket.connected);
    open?.socket.disconnect();
    // The server frees the place when it sees the socket go.
    await vi.waitFor(async () => expect(await tryConnect(t).outcome).toBeNull(), {
      timeout: 2_000,
      interval: 20,
    });
    expect(await tryConnect(t).outcome).toEqual(refused);
  });

  it('does not count handshakes it refused for another reason', async () => {
    const address = { forwardedFor: '198.51.100.7' };
    const badTokens = await connectMany(behindProxy, LIMIT + 1, { ...address, token: 'forged.token.value' });
    expect(badTokens.every((outcome) => outcome?.code === 'unauthorized')).toBe(true);
    expect(await connectMany(behindProxy, LIMIT, address)).toEqual(Array(LIMIT).fill(null));
  });

  it('behind a trusted proxy (TRUST_PROXY), counts each forwarded client address on its own', async () => {
    const first = await connectMany(behindProxy, LIMIT + 1, { forwardedFor: '198.51.100.1' });
    expect(first.filter((outcome) => outcome === null)).toHaveLength(LIMIT);
    expect(first.filter((outcome) => outcome !== null)).toEqual([refused]);
    expect(await connectMany(behindProxy, LIMIT, { forwardedFor: '198.51.100.2' })).toEqual(
      Array(LIMIT).fill(null),
    );
  });
});

describeEachDialect('hub call limits', (dialect) => {
  let t: TestApp;
  const clock = new ManualClock();
  const clients: HubClient[] = [];

  beforeAll(async () => {
    t = await startTestApp(dialect, { clock, listen: true, env: { SLOT_RELEASE_GRACE_MS: '50' } });
  });
  beforeEach(() => {
    // Every limit's window has passed: each test starts with full allowances, at the start of
    // every limit's window (they are fixed windows of the clock, decision 029, and all divide a minute).
    clock.advance(60_000 - (clock.now().getTime() % 60_000));
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(() => t?.close());

  const connect = async (options: Parameters<typeof connectHub>[1] = {}) => {
    const client = await connectHub(t.baseUrl, options);
    clients.push(client);
    return client;
  };
  const newWheel = () => createTestWheel(t.database, { name: 'Limits', description: 'x', slotCount: 4 });
  /** A watcher on the wheel; `settled()` resolves once every push sent to it before now has arrived. */
  async function watch(wheelId: string) {
    const watcher = await connect();
    expect(await watcher.call('JoinWheel', { wheelId })).toHaveProperty('data');
    return {
      watcher,
      async joinedIds() {
        await watcher.call('JoinWheel', { wheelId }); // a round trip: earlier pushes are in
        return watcher.all('UserJoined').map((event) => event.user.id);
      },
    };
  }
  const repeat = <T>(count: number, make: () => Promise<T>) => Array.from({ length: count }, make);

  it('announces a participant once however often they join, from one connection or several', async () => {
    const wheelId = await newWheel();
    const { joinedIds } = await watch(wheelId);
    const ada = await registerParticipant(t.baseUrl, wheelId, { username: 'ada' });
    const tabs = await Promise.all([connect({ token: ada.token }), connect({ token: ada.token })]);

    const results = await Promise.all(
      tabs.flatMap((tab) =>
        repeat(HUB_CALLS_PER_CONNECTION.maxAttempts, () => tab.call('JoinWheel', { wheelId })),
      ),
    );
    expect(results.every((result) => 'data' in result)).toBe(true);
    expect(await joinedIds()).toEqual([ada.user.id]);

    const third = await connect({ token: ada.token });
    expect(await third.call('JoinWheel', { wheelId })).toHaveProperty('data');
    expect(await joinedIds()).toEqual([ada.user.id]);

    const bob = await registerParticipant(t.baseUrl, wheelId, { username: 'bob' });
    expect(await (await connect({ token: bob.token })).call('JoinWheel', { wheelId })).toHaveProperty('data');
    expect(await joinedIds()).toEqual([ada.user.id, bob.user.id]);
  });

  it('refuses calls over a connection’s limit, and disconnects a client that keeps flooding', async () => {
    const wheelId = await newWheel();
    const { joinedIds } = await watch(wheelId);
    const ada = await registerParticipant(t.baseUrl, wheelId, { username: 'ada' });
    const flooder = await connect({ token: ada.token });
    expect(await flooder.call('JoinWheel', { wheelId })).toHaveProperty('data');
    clock.advance(HUB_CALLS_PER_CONNECTION.windowMs);
    const disconnected = new Promise<string>((resolve) => flooder.socket.once('disconnect', resolve));

    const results = await Promise.allSettled(repeat(200, () => flooder.call('JoinWheel', { wheelId })));
    const answers = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const unanswered = results.filter((result) => result.status === 'rejected');
    const allowed = HUB_CALLS_PER_CONNECTION.maxAttempts;
    const tolerated = HUB_REFUSALS_BEFORE_DISCONNECT.maxAttempts;
    expect(answers.filter((answer) => 'error' in answer)).toEqual(
      Array(tolerated).fill({
        error: { code: 'rate_limited', reason: 'rate_limited', message: TOO_MANY_CALLS },
      }),
    );
    // The admitted calls are answered unless the server hung up first; the rest never are.
    const admittedAnswers = answers.filter((answer) => 'data' in answer).length;
    expect(admittedAnswers).toBeLessThanOrEqual(allowed);
    expect(unanswered).toHaveLength(200 - tolerated - admittedAnswers);
    expect(await disconnected).toBe('io server disconnect');
    expect(await joinedIds()).toEqual([ada.user.id]);
  });

  it('keeps a connection that slows down, and refuses nothing in a participant’s busiest second', async () => {
    const wheelId = await newWheel();
    const ada = await registerParticipant(t.baseUrl, wheelId, { username: 'ada' });
    const client = await connect({ token: ada.token });
    const over = await Promise.all(
      repeat(HUB_CALLS_PER_CONNECTION.maxAttempts + 10, () => client.call('JoinWheel', { wheelId })),
    );
    expect(over.filter(isRateLimited)).toHaveLength(10);

    clock.advance(HUB_CALLS_PER_CONNECTION.windowMs);
    expect(client.socket.connected).toBe(true);
    // Join, take a slot, answer a match and set up a call (offer and its ICE candidates at once).
    const matchId = crypto.randomUUID();
    expect(await client.call('JoinWheel', { wheelId })).toHaveProperty('data');
    const busiest = await Promise.all([
      client.call('TakeSlot', { wheelId, userId: ada.user.id, slotId: crypto.randomUUID() }),
      client.call('AcceptMatch', { matchId }),
      client.call('SendOffer', { matchId, offer }),
      ...repeat(30, () => client.call('SendIceCandidate', { matchId, candidate })),
      client.call('EndCall', { matchId }),
    ]);
    expect(busiest.filter(isRateLimited)).toEqual([]);
  });

  it('limits calls per client address, over all its connections', async () => {
    const perConnection = HUB_CALLS_PER_CONNECTION.maxAttempts;
    const seconds = Math.floor(HUB_CALLS_PER_ADDRESS.windowMs / HUB_CALLS_PER_CONNECTION.windowMs);
    const connections = Math.ceil(HUB_CALLS_PER_ADDRESS.maxAttempts / (perConnection * seconds)) + 1;
    const tabs = await Promise.all(repeat(connections, () => connect()));

    // Every connection stays within its own limit each second; together they pass the address's.
    const results: HubResult<unknown>[] = [];
    for (let second = 0; second < seconds; second += 1) {
      if (second > 0) clock.advance(HUB_CALLS_PER_CONNECTION.windowMs);
      const batch = tabs.flatMap((tab) => repeat(perConnection, () => tab.call('LeaveWheel', {} as never)));
      results.push(...(await Promise.all(batch)));
    }
    expect(results.filter((result) => !isRateLimited(result))).toHaveLength(
      HUB_CALLS_PER_ADDRESS.maxAttempts,
    );
    expect(tabs.every((tab) => tab.socket.connected)).toBe(true);
    const newcomer = await connect();
    expect(await newcomer.call('LeaveWheel', {} as never)).toEqual({
      error: { code: 'rate_limited', reason: 'rate_limited', message: TOO_MANY_CALLS },
    });
    clock.advance(HUB_CALLS_PER_ADDRESS.windowMs);
    expect(await newcomer.call('LeaveWheel', {} as never)).toMatchObject({
      error: { code: 'validation_failed' },
    });
  });

  it('limits signalling per participant over all their connections, and a reconnect does not refill it', async () => {
    const wheelId = await newWheel();
    const ada = await registerParticipant(t.baseUrl, wheelId, { username: 'ada' });
    const tabs = await Promise.all([connect({ token: ada.token }), connect({ token: ada.token })]);
    const matchId = crypto.randomUUID();
    const send = (client: HubClient) => client.call('SendIceCandidate', { matchId, candidate });

    // Each connection stays within its own limit each second; together they pass the participant's.
    const budget = SIGNALLING_MESSAGES_PER_PARTICIPANT.maxAttempts;
    const results: HubResult<unknown>[] = [];
    while (results.length <= budget) {
      const batch = tabs.flatMap((tab) => repeat(HUB_CALLS_PER_CONNECTION.maxAttempts, () => send(tab)));
      results.push(...(await Promise.all(batch)));
      clock.advance(HUB_CALLS_PER_CONNECTION.windowMs);
    }
    expect(results.filter((result) => !isRateLimited(result))).toHaveLength(budget);

    for (const tab of tabs) tab.close();
    const back = await connect({ token: ada.token });
    expect(await send(back)).toMatchObject({ error: { code: 'rate_limited' } });
    clock.advance(SIGNALLING_MESSAGES_PER_PARTICIPANT.windowMs);
    expect(await send(back)).toMatchObject({ error: { code: 'not_found' } });
  });
});
