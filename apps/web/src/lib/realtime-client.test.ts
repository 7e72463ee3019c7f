import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeHub } from '@/test/fake-hub';
import { makeStoredParticipant } from '@/test/fixtures';
import { getStoredParticipant, saveParticipant } from './auth-storage';
import { CALL_TIMEOUT_MESSAGE, type ConnectionState, NOT_CONNECTED_MESSAGE } from './realtime-client';

const WHEEL_ID = '6f1c2a9e-3b7d-4c5e-9a1f-2d3e4f5a6b7c';

function recordStates(client: { subscribe(listener: () => void): () => void; getState(): ConnectionState }) {
  const states: ConnectionState[] = [];
  client.subscribe(() => states.push(client.getState()));
  return states;
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

  it('reconnects after 0, 2, 10 and 30 seconds, then stops as Disconnected', () => {
    const hub = new FakeHub();
    const client = hub.client();
    client.connect();
    const socket = hub.socket;
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

    socket.serverRefuse();
    expect(client.getState()).toBe('Disconnected');
    vi.advanceTimersByTime(120_000);
    expect(socket.connectAttempts).toHaveLength(5);
    expect(client.getState()).toBe('Disconnected');

    // The 'Reconnect' button: connect() starts a fresh connection.
    hub.autoConnect = true;
    client.connect();
    expect(client.getState()).toBe('Connected');
  });

  it('starts the schedule over after a successful reconnect', () => {
    const hub = new FakeHub();
    const client = hub.client();
    const onConnected = vi.fn();
    client.onConnected(onConnected);
    client.connect();
    const socket = hub.socket;

    socket.serverDrop();
    vi.advanceTimersByTime(0);
    expect(client.getState()).toBe('Connected');
    expect(onConnected).toHaveBeenCalledTimes(2);

    hub.autoConnect = false;
    socket.serverDrop();
    vi.advanceTimersByTime(0);
    socket.serverRefuse();
    vi.advanceTimersByTime(1_999);
    expect(socket.connectAttempts).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(socket.connectAttempts).toHaveLength(4);
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
      error: { code: 'service_unavailable', message: NOT_CONNECTED_MESSAGE },
    });

    client.connect();
    hub.handle('LeaveWheel', () => ({ data: null }));
    expect(await client.call('LeaveWheel', { wheelId: WHEEL_ID })).toEqual({ data: null });

    hub.handle('LeaveWheel', () => undefined);
    const pending = client.call('LeaveWheel', { wheelId: WHEEL_ID });
    vi.advanceTimersByTime(10_000);
    expect(await pending).toEqual({ error: { code: 'service_unavailable', message: CALL_TIMEOUT_MESSAGE } });
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
    expect(rejected).toHaveBeenCalledWith('expired-token');
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
