import type {
  ClientToServerEvents,
  HubResult,
  RegisterParticipantResponse,
  ServerToClientEvents,
  SlotLeftEvent,
  SlotsChangedEvent,
  SlotTakenEvent,
} from '@wheelmeet/contracts';
import { HUB_PATH } from '@wheelmeet/contracts';
import { io, type Socket } from 'socket.io-client';

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type EventName = keyof ServerToClientEvents;
type EventPayload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/** A hub client that records every event it receives, for assertions. */
export interface HubClient {
  socket: TestSocket;
  received: Array<{ event: EventName; payload: unknown }>;
  call<E extends keyof ClientToServerEvents>(
    event: E,
    payload: Parameters<ClientToServerEvents[E]>[0],
  ): Promise<HubResult<unknown>>;
  /** Resolves with the first (already received or future) event that matches. */
  next<E extends EventName>(
    event: E,
    match?: (payload: EventPayload<E>) => boolean,
  ): Promise<EventPayload<E>>;
  all<E extends EventName>(event: E): EventPayload<E>[];
  /** The first seat change of this kind (from the SlotsChanged pushes) that matches, as SlotTaken or SlotLeft carries it. */
  nextSeatChange<K extends SeatChangeKind>(
    kind: K,
    match?: (change: SeatChange<K>) => boolean,
  ): Promise<SeatChange<K>>;
  /** Every seat change of this kind received so far, in order. */
  seatChanges<K extends SeatChangeKind>(kind: K): SeatChange<K>[];
  close(): void;
}

type SeatChangeKind = 'taken' | 'left';
type SeatChange<K extends SeatChangeKind> = K extends 'taken' ? SlotTakenEvent : SlotLeftEvent;

/** The changes of one kind in a SlotsChanged push, each as SlotTaken or SlotLeft carries it. */
function changesOf<K extends SeatChangeKind>(event: SlotsChangedEvent, kind: K): SeatChange<K>[] {
  return event.changes.flatMap(({ kind: changeKind, ...change }) =>
    changeKind === kind ? [{ wheelId: event.wheelId, ...change } as SeatChange<K>] : [],
  );
}

export async function connectHub(
  baseUrl: string,
  options: { token?: string; userId?: string; autoConnect?: boolean } = {},
): Promise<HubClient> {
  const socket: TestSocket = io(baseUrl, {
    path: HUB_PATH,
    transports: ['websocket'],
    auth: options.token ? { token: options.token } : {},
    query: options.userId ? { userId: options.userId } : {},
    reconnection: false,
    forceNew: true,
  });
  const received: HubClient['received'] = [];
  const waiters: Array<{
    event: EventName;
    match: (payload: never) => boolean;
    resolve: (payload: never) => void;
  }> = [];
  socket.onAny((event: EventName, payload: unknown) => {
    received.push({ event, payload });
    for (const waiter of [...waiters]) {
      if (waiter.event === event && waiter.match(payload as never)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(payload as never);
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
  const client: HubClient = {
    socket,
    received,
    call: (event, payload) =>
      (
        socket.timeout(5_000) as unknown as {
          emitWithAck: (e: string, p: unknown) => Promise<HubResult<unknown>>;
        }
      ).emitWithAck(event, payload),
    next(event, match = () => true) {
      const earlier = received.find((entry) => entry.event === event && match(entry.payload as never));
      if (earlier) return Promise.resolve(earlier.payload as never);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${event} within 5 s`)), 5_000);
        waiters.push({
          event,
          match: match as (payload: never) => boolean,
          resolve: (payload) => {
            clearTimeout(timer);
            resolve(payload);
          },
        });
      });
    },
    all(event) {
      return received.filter((entry) => entry.event === event).map((entry) => entry.payload as never);
    },
    async nextSeatChange(kind, match = () => true) {
      const found = (event: SlotsChangedEvent) => changesOf(event, kind).find(match);
      const event = await client.next('SlotsChanged', (candidate) => found(candidate) !== undefined);
      return found(event) as never;
    },
    seatChanges(kind) {
      return client.all('SlotsChanged').flatMap((event) => changesOf(event, kind));
    },
    close: () => {
      socket.disconnect();
    },
  };
  return client;
}

/** Registers a participant on a wheel over HTTP, with default answers for the default form. */
export async function registerParticipant(
  baseUrl: string,
  wheelId: string,
  answers: Record<string, unknown> = {},
  accessGrant?: string,
): Promise<RegisterParticipantResponse> {
  const response = await fetch(`${baseUrl}/api/users/anonymous`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(accessGrant ? { 'x-wheel-access': accessGrant } : {}),
    },
    body: JSON.stringify({
      wheelId,
      sessionId: crypto.randomUUID(),
      connectionId: null,
      registrationData: { age: 30, gender: 'other', ...answers },
    }),
  });
  if (response.status !== 201)
    throw new Error(`registration failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as RegisterParticipantResponse;
}

/** The data of a successful hub call; a refusal fails the test with the hub's own words. */
export function dataOf<T>(result: HubResult<unknown>): T {
  if ('error' in result) throw new Error(`hub call failed: ${result.error.code} ${result.error.message}`);
  return result.data as T;
}
