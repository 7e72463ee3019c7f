import type {
  ClientToServerEvents,
  HubCapability,
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
  /**
   * The first seat change of this kind that matches, as SlotTaken or SlotLeft carries it: from
   * the SlotsChanged pushes, or the single events of a connection that did not ask for those.
   */
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

/** The seat changes of one kind in a received event, whether batched or single. */
function seatChangesIn<K extends SeatChangeKind>(
  entry: { event: EventName; payload: unknown },
  kind: K,
): SeatChange<K>[] {
  if (entry.event === 'SlotsChanged') return changesOf(entry.payload as SlotsChangedEvent, kind);
  const single = kind === 'taken' ? 'SlotTaken' : 'SlotLeft';
  return entry.event === single ? [entry.payload as SeatChange<K>] : [];
}

/** What the web app asks for in its handshake; `capabilities: []` connects as the spec's client would. */
export const WEB_APP_CAPABILITIES: HubCapability[] = ['SlotsChanged'];

export async function connectHub(
  baseUrl: string,
  options: {
    token?: string;
    userId?: string;
    autoConnect?: boolean;
    /** Sent as `auth.capabilities`, as is (a test may send a malformed one); the web app's by default. */
    capabilities?: unknown;
    /** Sends only the token, as a client written from the spec does: no capabilities at all. */
    asSpecClient?: boolean;
  } = {},
): Promise<HubClient> {
  const capabilities = options.asSpecClient
    ? {}
    : { capabilities: options.capabilities ?? WEB_APP_CAPABILITIES };
  const socket: TestSocket = io(baseUrl, {
    path: HUB_PATH,
    transports: ['websocket'],
    auth: { ...(options.token ? { token: options.token } : {}), ...capabilities },
    query: options.userId ? { userId: options.userId } : {},
    reconnection: false,
    forceNew: true,
  });
  const received: HubClient['received'] = [];
  type Entry = HubClient['received'][number];
  const waiters: Array<{ match: (entry: Entry) => boolean; resolve: (entry: Entry) => void }> = [];
  socket.onAny((event: EventName, payload: unknown) => {
    const entry = { event, payload };
    received.push(entry);
    for (const waiter of [...waiters]) {
      if (waiter.match(entry)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(entry);
      }
    }
  });
  /** The first received (or future) event that matches. */
  const nextEntry = (match: (entry: Entry) => boolean, what: string): Promise<Entry> => {
    const earlier = received.find(match);
    if (earlier) return Promise.resolve(earlier);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${what} within 5 s`)), 5_000);
      waiters.push({
        match,
        resolve: (entry) => {
          clearTimeout(timer);
          resolve(entry);
        },
      });
    });
  };
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
    async next(event, match = () => true) {
      const entry = await nextEntry(
        (candidate) => candidate.event === event && match(candidate.payload as never),
        event,
      );
      return entry.payload as never;
    },
    all(event) {
      return received.filter((entry) => entry.event === event).map((entry) => entry.payload as never);
    },
    async nextSeatChange(kind, match = () => true) {
      const found = (entry: Entry) => seatChangesIn(entry, kind).find(match);
      return found(await nextEntry((entry) => found(entry) !== undefined, `seat change (${kind})`)) as never;
    },
    seatChanges(kind) {
      return received.flatMap((entry) => seatChangesIn(entry, kind));
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
