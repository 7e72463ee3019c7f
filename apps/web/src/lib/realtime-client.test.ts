import { hubHandshakeAuthSchema } from '@wheelmeet/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeHub } from '@/test/fake-hub';
import { makeStoredParticipant } from '@/test/fixtures';
import { getStoredParticipant, saveParticipant } from './auth-storage';
import {
  CALL_TIMEOUT_MESSAGE,
  type ConnectionState,
  createRealtimeClient,
  hubHandshakeAuth,
  NOT_CONNECTED_MESSAGE,
  socketIoFactory,
  type WakeEventTarget,
} from './realtime-client';

/** The options the real socket factory gave socket.io-client's `io()`, in order. */
const ioOptions = vi.hoisted(() => [] as unknown[]);
vi.mock('socket.io-client', () => ({
  io: (options: unknown) => {
    ioOptions.push(options);
    return { on: () => undefined, connect: () => undefined, disconnect: () => undefined };
  },
}));

const WHEEL_ID = '6f1c2a9e-3b7d-4c5e-9a1f-2d3e4f5a6b7c';

function recordStates(client: { subscribe(listener: () => void): () => void; getState(): ConnectionState }) {
  const states: ConnectionState[] = [];
  client.subscribe(() => states.push(client.getState()));
  return states;
}

/** Stands in for `window` (or `document`) and counts the listeners the client leaves on it. */
class FakeEventTarget implements WakeEventTarget {
  private readonly listeners = new Map<string, Set<() => void>>();

  addEventListener(type: string, listener: () => void): void {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }

  removeEventListener(type: string, listener: () => void): void {
    this.listeners.get(type)?.delete(listener);
  }

  fire(type: string): void {
    for (const listener of [...(this.listeners.get(type) ?? [])]) listener();
  }

  listenerCount(): number {
    return [...this.listeners.values()].reduce((count, set) => count + set.size, 0);
  }
}

/** Stands in for `document`: its visibility changes fire 'visibilitychange'. */
class FakePage extends FakeEventTarget {
  visibilityState: DocumentVisibilityState = 'visible';

  setVisibility(visibility: DocumentVisibilityState): void {
    this.visibilityState = visibility;
    this.fire('visibilitychange');
  }
}

/** A client on a fake hub, network and page; `randoms` are the jitter draws, in order (then 0.5). */
function setupClient(randoms: number[] = []) {
  const hub = new FakeHub();
  const network = new FakeEventTarget();
  const page = new FakePage();
  const client = createRealtimeClient({
    socketFactory: hub.factory,
    random: () => randoms.shift() ?? 0.5,
    environment: { network, page },
  });
  client.connect();
  return { hub, client, network, page, socket: hub.socket };
}

/**
 * Drops the connection and lets the spec's four attempts (after 0, 2, 10 and 30 s) fail.
 * Afterwards the socket has 4 more connect attempts and the first capped retry is pending.
 */
function failSpecAttempts(hub: FakeHub) {
  const socket = hub.socket;
  const before = socket.connectAttempts.length;
  hub.autoConnect = false;
  socket.serverDrop();
  for (const delay of [0, 2_000, 10_000, 30_000]) {
    vi.advanceTimersByTime(delay);
    socket.serverRefuse();
  }
  expect(socket.connectAttempts).toHaveLength(before + 4);
  return socket;
}

describe('realtime client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('goes from Disconnected through Connecting to Connected and exposes the connection id', () => {
    const hub = new FakeHub();
    hub.autoConnect = false;
    const client = hub.client();
    const states = recordStates(client);

    expect(client.getState()).toBe('Disconnected');
    expect(client.getConnectionId()).toBeNull();
    client.connect('token-1');
    expect(client.getState()).toBe('Connecting');
    hub.socket.serverAccept();

    expect(states).toEqual(['Connecting', 'Connected']);
    expect(client.getConnectionId()).toBe('socket-1');
    expect(hub.socket.token).toBe('token-1');
  });

  it('does nothing when already connected with the same token, and starts over for a new token', () => {
    const hub = new FakeHub();
    const client = hub.client();
    client.connect();
    client.connect();
    expect(hub.sockets).toHaveLength(1);

    const states = recordStates(client);
    client.connect('participant-token');
    expect(hub.sockets).toHaveLength(2);
    expect(hub.sockets[0]?.connected).toBe(false);
    expect(hub.socket.token).toBe('participant-token');
    expect(states).toEqual(['Disconnecting', 'Disconnected', 'Connecting', 'Connected']);
  });

  it('reconnects after 0, 2, 10 and 30 seconds, then keeps trying every 1 to 2 s, jittered', () => {
    const { hub, client, socket } = setupClient([0, 0.5, 0.9995]);
    hub.autoConnect = false;
    const droppedAt = Date.now();

    socket.serverDrop();
    expect(client.getState()).toBe('Reconnecting');
    vi.advanceTimersByTime(0);

    for (const delay of [2_000, 10_000, 30_000]) {
      const attempts = socket.connectAttempts.length;
      socket.serverRefuse();
      expect(client.getState()).toBe('Reconnecting');
      vi.advanceTimersByTime(delay - 1);
      expect(socket.connectAttempts).toHaveLength(attempts);
      vi.advanceTimersByTime(1);
      expect(socket.connectAttempts).toHaveLength(attempts + 1);
    }
    // The first connect, then one attempt after each delay.
    expect(socket.connectAttempts.slice(1).map((at) => at - droppedAt)).toEqual([0, 2_000, 12_000, 42_000]);

    // Out of the spec's delays: no giving up, but a retry 1 to 2 s apart, as the jitter draws.
    for (const delay of [1_000, 1_500, 1_999]) {
      const attempts = socket.connectAttempts.length;
      socket.serverRefuse();
      expect(client.getState()).toBe('Reconnecting');
      vi.advanceTimersByTime(delay - 1);
      expect(socket.connectAttempts).toHaveLength(attempts);
      vi.advanceTimersByTime(1);
      expect(socket.connectAttempts).toHaveLength(attempts + 1);
    }

    // Long after the old schedule would have given up, it is still trying, never more than 2 s apart.
    socket.serverRefuse();
    for (let i = 0; i < 60; i += 1) {
      const attempts = socket.connectAttempts.length;
      vi.advanceTimersByTime(2_000);
      expect(socket.connectAttempts).toHaveLength(attempts + 1);
      socket.serverRefuse();
    }
    expect(client.getState()).toBe('Reconnecting');
    expect(hub.sockets).toHaveLength(1);

    // The hub is reachable again: the next retry gets through.
    hub.autoConnect = true;
    vi.advanceTimersByTime(2_000);
    expect(client.getState()).toBe('Connected');
  });

  it('tries again at once when the network comes back, instead of waiting out the delay', () => {
    const { hub, client, network, socket } = setupClient();
    network.fire('online');
    expect(socket.connectAttempts).toHaveLength(1);

    hub.autoConnect = false;
    socket.serverDrop();
    vi.advanceTimersByTime(0);
    socket.serverRefuse();
    vi.advanceTimersByTime(2_000);
    // An attempt under way is left alone.
    network.fire('online');
    expect(socket.connectAttempts).toHaveLength(3);
    socket.serverRefuse();

    // Waiting 10 s for the third attempt: the network comes back and it happens now.
    vi.advanceTimersByTime(3_000);
    hub.autoConnect = true;
    network.fire('online');
    expect(socket.connectAttempts).toHaveLength(4);
    expect(client.getState()).toBe('Connected');
    // The cancelled wait does not fire an extra attempt later.
    vi.advanceTimersByTime(60_000);
    expect(socket.connectAttempts).toHaveLength(4);
    expect(network.listenerCount()).toBe(0);
  });

  it('tries again at once when the page becomes visible, not when it is hidden', () => {
    const { hub, client, page } = setupClient();
    const socket = failSpecAttempts(hub);

    page.setVisibility('hidden');
    expect(socket.connectAttempts).toHaveLength(5);
    hub.autoConnect = true;
    page.setVisibility('visible');
    expect(socket.connectAttempts).toHaveLength(6);
    expect(client.getState()).toBe('Connected');
    expect(page.listenerCount()).toBe(0);
  });

  it('listens to the browser window by default', () => {
    const hub = new FakeHub();
    const client = hub.client();
    client.connect();
    const socket = failSpecAttempts(hub);

    hub.autoConnect = true;
    window.dispatchEvent(new Event('online'));
    expect(socket.connectAttempts).toHaveLength(6);
    expect(client.getState()).toBe('Connected');
  });

  it('starts the schedule over after a successful reconnect', () => {
    const { hub, client, socket } = setupClient();
    const onConnected = vi.fn();
    client.onConnected(onConnected);

    socket.serverDrop();
    vi.advanceTimersByTime(0);
    expect(client.getState()).toBe('Connected');
    expect(onConnected).toHaveBeenCalledTimes(1);

    // Down past the spec's schedule, then back on a capped retry.
    failSpecAttempts(hub);
    socket.serverRefuse();
    hub.autoConnect = true;
    vi.advanceTimersByTime(2_000);
    expect(client.getState()).toBe('Connected');
    expect(onConnected).toHaveBeenCalledTimes(2);
    expect(socket.connectAttempts).toHaveLength(7);

    // The next drop starts at 0, 2, 10 s again.
    hub.autoConnect = false;
    const droppedAt = Date.now();
    socket.serverDrop();
    vi.advanceTimersByTime(0);
    socket.serverRefuse();
    vi.advanceTimersByTime(1_999);
    expect(socket.connectAttempts).toHaveLength(8);
    vi.advanceTimersByTime(1);
    socket.serverRefuse();
    vi.advanceTimersByTime(10_000);
    expect(socket.connectAttempts.slice(7).map((at) => at - droppedAt)).toEqual([0, 2_000, 12_000]);
  });

  it('stops retrying on disconnect() and ignores later network and visibility events', () => {
    const { hub, client, network, page } = setupClient();
    const socket = failSpecAttempts(hub);
    socket.serverRefuse();
    vi.advanceTimersByTime(2_000);
    expect(socket.connectAttempts).toHaveLength(6);
    socket.serverRefuse();
    expect(network.listenerCount() + page.listenerCount()).toBe(2);

    client.disconnect();
    expect(client.getState()).toBe('Disconnected');
    expect(network.listenerCount() + page.listenerCount()).toBe(0);
    hub.autoConnect = true;
    network.fire('online');
    page.setVisibility('hidden');
    page.setVisibility('visible');
    vi.advanceTimersByTime(120_000);
    expect(socket.connectAttempts).toHaveLength(6);
    expect(hub.sockets).toHaveLength(1);
    expect(client.getState()).toBe('Disconnected');
  });

  it('disconnects on request without reconnecting', () => {
    const hub = new FakeHub();
    const client = hub.client();
    client.connect();
    const states = recordStates(client);
    client.disconnect();
    vi.advanceTimersByTime(60_000);
    expect(states).toEqual(['Disconnecting', 'Disconnected']);
    expect(hub.socket.connectAttempts).toHaveLength(1);
  });

  it('forwards hub events to listeners, and only from the current connection', () => {
    const hub = new FakeHub();
    const client = hub.client();
    const listener = vi.fn();
    client.on('SlotLeft', listener);
    client.connect();
    const old = hub.socket;
    const event = {
      wheelId: WHEEL_ID,
      userId: '0b9f1e2d-4c3b-4a59-8e7d-6c5b4a392817',
      slotId: '00000000-0000-4000-8000-000000000001',
    };
    hub.push('SlotLeft', event);
    expect(listener).toHaveBeenCalledWith(event);

    client.connect('another-token');
    old.fire('SlotLeft', event);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("answers calls with the hub's acknowledgement, or an error when offline or too slow", async () => {
    const hub = new FakeHub();
    const client = hub.client();
    expect(await client.call('LeaveWheel', { wheelId: WHEEL_ID })).toEqual({
      error: { code: 'service_unavailable', reason: 'service_unavailable', message: NOT_CONNECTED_MESSAGE },
    });

    client.connect();
    hub.handle('LeaveWheel', () => ({ data: null }));
    expect(await client.call('LeaveWheel', { wheelId: WHEEL_ID })).toEqual({ data: null });

    hub.handle('LeaveWheel', () => undefined);
    const pending = client.call('LeaveWheel', { wheelId: WHEEL_ID });
    vi.advanceTimersByTime(10_000);
    expect(await pending).toEqual({
      error: { code: 'service_unavailable', reason: 'service_unavailable', message: CALL_TIMEOUT_MESSAGE },
    });
  });

  it('forgets a participant token the hub refuses and goes on watching as a visitor', () => {
    const participant = makeStoredParticipant({ token: 'expired-token' });
    saveParticipant(participant);
    const hub = new FakeHub();
    hub.autoConnect = false;
    const client = hub.client();
    const rejected = vi.fn();
    client.onTokenRejected(rejected);
    const states = recordStates(client);

    client.connect('expired-token');
    hub.autoConnect = true;
    hub.socket.serverRejectToken();

    expect(getStoredParticipant()).toBeNull();
    expect(rejected).toHaveBeenCalledWith('expired-token', 'The participant token is not valid.');
    expect(hub.sockets).toHaveLength(2);
    expect(hub.socket.token).toBeUndefined();
    expect(client.getState()).toBe('Connected');
    // Straight from connecting to connected: no 'Reconnecting' or 'Disconnected' flash.
    expect(states).not.toContain('Disconnected');
    expect(states).not.toContain('Reconnecting');
    vi.advanceTimersByTime(60_000);
    expect(hub.sockets).toHaveLength(2);
  });

  it("keeps another participant's stored identity when a different token is refused", () => {
    saveParticipant(makeStoredParticipant({ token: 'current-token' }));
    const hub = new FakeHub();
    hub.autoConnect = false;
    const client = hub.client();
    client.connect('old-token');
    hub.socket.serverRejectToken();
    expect(getStoredParticipant()?.token).toBe('current-token');
    expect(hub.socket.token).toBeUndefined();
  });

  it('treats an ordinary failed handshake as a network problem and keeps the token', () => {
    saveParticipant(makeStoredParticipant());
    const hub = new FakeHub();
    hub.autoConnect = false;
    const client = hub.client();
    client.connect('participant-token');
    hub.socket.serverRefuse();
    expect(client.getState()).toBe('Reconnecting');
    expect(hub.sockets).toHaveLength(1);
    expect(getStoredParticipant()).not.toBeNull();
  });
});

describe('the handshake', () => {
  it('asks for the batched SlotsChanged instead of the spec’s SlotTaken and SlotLeft, with or without a token', async () => {
    expect(hubHandshakeAuth('participant-token')).toEqual({
      token: 'participant-token',
      capabilities: ['SlotsChanged'],
    });
    expect(hubHandshakeAuth(undefined)).toEqual({ capabilities: ['SlotsChanged'] });
    // What the hub reads of it: the capability is one it knows.
    expect(hubHandshakeAuthSchema.parse(hubHandshakeAuth('participant-token'))).toEqual({
      token: 'participant-token',
      capabilities: ['SlotsChanged'],
    });

    socketIoFactory('participant-token').connect();
    await vi.waitFor(() => expect(ioOptions).toHaveLength(1));
    expect(ioOptions[0]).toMatchObject({
      auth: { token: 'participant-token', capabilities: ['SlotsChanged'] },
    });
  });
});
