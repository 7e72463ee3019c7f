import {
  type ClientToServerEvents,
  HUB_PATH,
  HUB_TRANSPORTS,
  type HubAck,
  type HubCapability,
  type HubHandshakeAuth,
  type HubResult,
  REALTIME_RECONNECT_DELAYS_MS,
  REALTIME_RETRY_MAX_MS,
  REALTIME_RETRY_MIN_MS,
  type ServerToClientEvents,
} from '@wheelmeet/contracts';
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';
import { forgetParticipantToken } from './auth-storage';
import { importChunk } from './chunk-load-error';

/** The spec's connection states (section 4). */
export type ConnectionState = 'Disconnected' | 'Connecting' | 'Connected' | 'Reconnecting' | 'Disconnecting';

export type HubEventName = keyof ServerToClientEvents;
export type HubEventPayload<E extends HubEventName> = Parameters<ServerToClientEvents[E]>[0];
export type HubCallName = keyof ClientToServerEvents;
export type HubRequest<E extends HubCallName> = Parameters<ClientToServerEvents[E]>[0];
/** What a hub call answers with on success. */
export type HubData<E extends HubCallName> =
  Parameters<ClientToServerEvents[E]>[1] extends HubAck<infer T> ? T : never;

/** Socket-level events on top of the hub's own. */
export type HubSocketEvents = ServerToClientEvents & {
  connect: () => void;
  disconnect: (reason: string) => void;
  connect_error: (error: Error) => void;
};

/**
 * The little of a Socket.IO socket the client needs. The app wraps socket.io-client in it;
 * tests pass a fake that implements the same methods.
 */
export interface HubSocket {
  readonly id: string | undefined;
  connect(): void;
  disconnect(): void;
  on<E extends keyof HubSocketEvents>(event: E, listener: HubSocketEvents[E]): void;
  emit<E extends HubCallName>(event: E, request: HubRequest<E>, ack: HubAck<HubData<E>>): void;
}

export type HubSocketFactory = (token: string | undefined) => HubSocket;

export interface RealtimeTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The little of `window` / `document` the client listens to; tests pass plain EventTargets. */
export interface WakeEventTarget {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

/**
 * Where "try again now" comes from: the network coming back ('online' on `network`) and the
 * page becoming visible ('visibilitychange' on `page` with `visibilityState === 'visible'`).
 * Either may be missing (server rendering, workers).
 */
export interface RealtimeEnvironment {
  network?: WakeEventTarget | null;
  page?: (WakeEventTarget & { readonly visibilityState: string }) | null;
}

export interface RealtimeClientOptions {
  socketFactory?: HubSocketFactory;
  timers?: RealtimeTimers;
  /**
   * Delays before the first reconnect attempts (the spec's 0, 2, 10, 30 s). After they are used
   * up the client keeps trying every REALTIME_RETRY_MIN_MS–REALTIME_RETRY_MAX_MS.
   */
  reconnectDelaysMs?: readonly number[];
  /** A number in [0, 1) for the retry jitter; Math.random by default. */
  random?: () => number;
  /** Page visibility and network events that trigger an immediate attempt; window/document by default. */
  environment?: RealtimeEnvironment;
  /** How long a hub call waits for its acknowledgement. */
  callTimeoutMs?: number;
  /** Forgets a participant token the hub refused; by default the stored participant holding it. */
  forgetToken?: (token: string) => void;
}

export interface RealtimeClient {
  getState(): ConnectionState;
  /** Notified on every state change; for useSyncExternalStore. */
  subscribe(listener: () => void): () => void;
  /**
   * Does nothing when already connected (or connecting) with this token; otherwise stops any
   * old connection and starts a new one. A different token is a different identity on the hub,
   * so it counts as "not connected".
   */
  connect(token?: string | null): void;
  disconnect(): void;
  getConnectionId(): string | null;
  /** Listens to a hub event on this and every later connection. */
  on<E extends HubEventName>(event: E, listener: ServerToClientEvents[E]): () => void;
  /** Called after every successful (re)connect: the moment to join wheels again. */
  onConnected(listener: () => void): () => void;
  /**
   * Called when the hub refused the participant token (invalid or expired). The client has
   * already forgotten it and reconnected as a visitor; screens drop the participant they hold.
   */
  onTokenRejected(listener: (token: string, message: string) => void): () => void;
  /** Calls the hub and resolves with its answer; never rejects (errors come back as `{ error }`). */
  call<E extends HubCallName>(event: E, request: HubRequest<E>): Promise<HubResult<HubData<E>>>;
}

export const HUB_CALL_TIMEOUT_MS = 10_000;
export const NOT_CONNECTED_MESSAGE = 'Not connected to the live wheel.';
export const CALL_TIMEOUT_MESSAGE = 'The live wheel did not answer in time. Please try again.';

// Every server event, checked against the contract so a new event cannot be forgotten here.
const SERVER_EVENTS = Object.keys({
  WheelSpinStarted: true,
  MatchesCreated: true,
  WheelSpinCompleted: true,
  RoundScheduled: true,
  SlotTaken: true,
  SlotLeft: true,
  SlotsChanged: true,
  UserJoined: true,
  UserLeft: true,
  MatchAccepted: true,
  MatchDeclined: true,
  MatchExpired: true,
  OfferReceived: true,
  AnswerReceived: true,
  IceCandidateReceived: true,
  CallEnded: true,
  CallRejoined: true,
  CallFailed: true,
  MediaStateChanged: true,
  CallTimer: true,
  CallTimeUp: true,
  RemovedFromWheel: true,
  StayingEnded: true,
  Announcement: true,
  EventEnded: true,
  Resync: true,
} satisfies Record<HubEventName, true>) as HubEventName[];

const defaultTimers: RealtimeTimers = {
  // Looked up at call time so fake timers installed later still apply.
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** The browser's window and document when there are any (not during server rendering). */
function browserEnvironment(): RealtimeEnvironment {
  return {
    network: typeof window === 'undefined' ? null : window,
    page: typeof document === 'undefined' ? null : document,
  };
}

/**
 * The hub refuses a handshake with a bad participant token as `connect_error` carrying
 * `data.code`: 'unauthorized', or 'forbidden' for someone removed from the wheel (decision 016).
 */
function isUnauthorized(error: unknown): boolean {
  const data = (error as { data?: { code?: unknown } } | null | undefined)?.data;
  return data?.code === 'unauthorized' || data?.code === 'forbidden';
}

let socketIo: Promise<typeof import('./socket-io')> | undefined;
/** socket.io-client, fetched once; a failed fetch is forgotten so that the next attempt tries again. */
function loadSocketIo() {
  socketIo ??= importChunk(() => import('./socket-io')).catch((error: unknown) => {
    socketIo = undefined;
    throw error;
  });
  return socketIo;
}

/**
 * What the web app asks the hub for beyond the spec: a wheel's seat changes batched, one
 * SlotsChanged per tick, instead of a SlotTaken or SlotLeft per seat (decision 013). The wheel
 * reducer applies either, change by change.
 */
export const WEB_HUB_CAPABILITIES: readonly HubCapability[] = ['SlotsChanged'];

/** The handshake's `auth`: the participant token, if any, and the capabilities the app asks for. */
export const hubHandshakeAuth = (token: string | undefined): HubHandshakeAuth => ({
  ...(token ? { token } : {}),
  capabilities: [...WEB_HUB_CAPABILITIES],
});

/**
 * The real socket: Socket.IO's own reconnection is off, the client below runs the reconnect schedule.
 *
 * socket.io-client is not in the page's first download: nothing is drawn with it, and the wheel
 * is shown from its HTTP answer while the connection is made anyway. The socket is created when
 * the library arrives; listeners and a connect() asked for before then are applied to it. A
 * library that cannot be fetched is reported as a failed connection (`connect_error`), so the
 * client's reconnect schedule tries again.
 */
export const socketIoFactory: HubSocketFactory = (token) => {
  let socket: Socket | null = null;
  let wantsConnection = false;
  const listeners: [string, (...args: unknown[]) => void][] = [];
  const create = async () => {
    const { io } = await loadSocketIo();
    socket ??= io({
      path: HUB_PATH,
      auth: hubHandshakeAuth(token),
      // WebSocket first, long-polling only where no WebSocket can be opened (a proxy that
      // blocks it): one connection instead of three polling requests and an upgrade, so the
      // wheel goes live sooner on a slow phone (decision 024).
      transports: HUB_TRANSPORTS,
      tryAllTransports: true,
      autoConnect: false,
      reconnection: false,
      forceNew: true,
    });
    for (const [event, listener] of listeners) socket.on(event, listener);
    listeners.length = 0;
    return socket;
  };
  return {
    get id() {
      return socket?.id;
    },
    connect: () => {
      wantsConnection = true;
      if (socket) {
        socket.connect();
        return;
      }
      create().then(
        (created) => {
          if (wantsConnection) created.connect();
        },
        (error: unknown) => {
          if (!wantsConnection) return;
          for (const [event, listener] of listeners) if (event === 'connect_error') listener(error);
        },
      );
    },
    disconnect: () => {
      wantsConnection = false;
      socket?.disconnect();
    },
    on: (event, listener) => {
      // The typed event map is this module's HubSocket; the raw socket takes any name.
      const raw = listener as (...args: unknown[]) => void;
      if (socket) socket.on(event as string, raw);
      else listeners.push([event as string, raw]);
    },
    // Only called once connected, so the socket exists.
    emit: (event, request, ack) => {
      socket?.emit(event, request, ack);
    },
  };
};

/** Builds a real-time client; the app uses the `realtimeClient` instance below, tests build their own. */
export function createRealtimeClient(options: RealtimeClientOptions = {}): RealtimeClient {
  const socketFactory = options.socketFactory ?? socketIoFactory;
  const timers = options.timers ?? defaultTimers;
  const delays = options.reconnectDelaysMs ?? REALTIME_RECONNECT_DELAYS_MS;
  const random = options.random ?? Math.random;
  const environment = options.environment ?? browserEnvironment();
  const callTimeoutMs = options.callTimeoutMs ?? HUB_CALL_TIMEOUT_MS;
  const forgetToken = options.forgetToken ?? forgetParticipantToken;

  let state: ConnectionState = 'Disconnected';
  let socket: HubSocket | null = null;
  let socketToken: string | undefined;
  let reconnectAttempt = 0;
  let reconnectTimer: unknown = null;
  let stopListeningForWake: (() => void) | null = null;

  const stateListeners = new Set<() => void>();
  const connectedListeners = new Set<() => void>();
  const tokenRejectedListeners = new Set<(token: string, message: string) => void>();
  const eventListeners = new Map<HubEventName, Set<(payload: never) => void>>();

  function setState(next: ConnectionState) {
    if (state === next) return;
    state = next;
    for (const listener of [...stateListeners]) listener();
  }

  function clearReconnectTimer() {
    if (reconnectTimer !== null) timers.clearTimeout(reconnectTimer);
    reconnectTimer = null;
  }

  function dispatch(event: HubEventName, payload: unknown) {
    const listeners = eventListeners.get(event);
    if (!listeners) return;
    for (const listener of [...listeners]) (listener as (payload: unknown) => void)(payload);
  }

  /**
   * The wait before reconnect attempt `attempt` (0 = right after the drop).
   *
   * First the spec's delays (0, 2, 10, 30 s), as issue 11 asks. Then, instead of stopping, a
   * backoff capped at REALTIME_RETRY_MAX_MS (2 s) with its lower half jittered: uniformly 1–2 s.
   * The cap is that small because the goal is "back within 2 s of the hub being reachable
   * again": with gaps of at most 2 s a browser's next attempt is never more than 2 s away
   * (plus the handshake), about 1 s on average. Jitter spreads the returning browsers over a
   * second so a restarted process is not hit by all of them at once; a failed attempt against
   * a process that is down costs it next to nothing.
   *
   * Trade-off: the spec's own gaps (10 s before the third attempt, 30 s before the fourth) do
   * not meet the 2 s goal — a process that is down for 2–42 s is found up to 10 or 30 s late.
   * Reconnecting at once when the network comes back or the page becomes visible covers lost
   * Wi-Fi, sleeping laptops and background tabs, but not a server restart seen by a visible,
   * online page; meeting the goal there too needs the spec's first delays changed.
   */
  function reconnectDelay(attempt: number): number {
    const scheduled = delays[attempt];
    if (scheduled !== undefined) return scheduled;
    return REALTIME_RETRY_MIN_MS + Math.floor(random() * (REALTIME_RETRY_MAX_MS - REALTIME_RETRY_MIN_MS));
  }

  /** The network came back or the page became visible: skip the wait and try now. */
  function reconnectNow() {
    const current = socket;
    // Only while waiting for the next attempt; an attempt under way is left to finish.
    if (!current || state !== 'Reconnecting' || reconnectTimer === null) return;
    clearReconnectTimer();
    current.connect();
  }

  function listenForWake() {
    if (stopListeningForWake) return;
    const { network, page } = environment;
    const onVisibilityChange = () => {
      if (page?.visibilityState === 'visible') reconnectNow();
    };
    network?.addEventListener('online', reconnectNow);
    page?.addEventListener('visibilitychange', onVisibilityChange);
    stopListeningForWake = () => {
      network?.removeEventListener('online', reconnectNow);
      page?.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }

  function unlistenForWake() {
    stopListeningForWake?.();
    stopListeningForWake = null;
  }

  /**
   * After a lost or failed connection: try again, first on the spec's schedule, then every
   * 1–2 s for as long as it takes. Only disconnect() (or connect() with another token) stops it.
   */
  function scheduleReconnect(current: HubSocket) {
    clearReconnectTimer();
    const delay = reconnectDelay(reconnectAttempt);
    reconnectAttempt += 1;
    setState('Reconnecting');
    listenForWake();
    reconnectTimer = timers.setTimeout(() => {
      reconnectTimer = null;
      if (socket === current) current.connect();
    }, delay);
  }

  function open(token: string | undefined) {
    const next = socketFactory(token);
    socket = next;
    socketToken = token;
    reconnectAttempt = 0;
    // Events from a socket the client has let go of are ignored.
    const isCurrent = () => socket === next;
    next.on('connect', () => {
      if (!isCurrent()) return;
      clearReconnectTimer();
      unlistenForWake();
      reconnectAttempt = 0;
      setState('Connected');
      for (const listener of [...connectedListeners]) listener();
    });
    next.on('disconnect', () => {
      if (isCurrent()) scheduleReconnect(next);
    });
    next.on('connect_error', (error) => {
      if (!isCurrent()) return;
      if (token !== undefined && isUnauthorized(error)) {
        // An invalid or expired participant token: retrying it cannot help. Forget it and
        // carry on as a visitor, who may still watch the wheel; nothing alarming to show.
        clearReconnectTimer();
        socket = null;
        next.disconnect();
        forgetToken(token);
        open(undefined);
        for (const listener of [...tokenRejectedListeners]) listener(token, error.message);
        return;
      }
      scheduleReconnect(next);
    });
    for (const event of SERVER_EVENTS) {
      next.on(event, (payload: unknown) => {
        if (isCurrent()) dispatch(event, payload);
      });
    }
    setState('Connecting');
    next.connect();
  }

  function stop() {
    clearReconnectTimer();
    unlistenForWake();
    const current = socket;
    if (!current) return;
    setState('Disconnecting');
    socket = null;
    current.disconnect();
    setState('Disconnected');
  }

  return {
    getState: () => state,
    subscribe(listener) {
      stateListeners.add(listener);
      return () => {
        stateListeners.delete(listener);
      };
    },
    connect(token) {
      const wanted = token ?? undefined;
      const live = state === 'Connected' || state === 'Connecting' || state === 'Reconnecting';
      if (socket && live && socketToken === wanted) return;
      stop();
      open(wanted);
    },
    disconnect: stop,
    getConnectionId: () => (state === 'Connected' ? (socket?.id ?? null) : null),
    on(event, listener) {
      let listeners = eventListeners.get(event);
      if (!listeners) {
        listeners = new Set();
        eventListeners.set(event, listeners);
      }
      const stored = listener as (payload: never) => void;
      listeners.add(stored);
      return () => {
        listeners.delete(stored);
      };
    },
    onConnected(listener) {
      connectedListeners.add(listener);
      return () => {
        connectedListeners.delete(listener);
      };
    },
    onTokenRejected(listener) {
      tokenRejectedListeners.add(listener);
      return () => {
        tokenRejectedListeners.delete(listener);
      };
    },
    call(event, request) {
      return new Promise((resolve) => {
        const current = socket;
        if (!current || state !== 'Connected') {
          resolve({
            error: {
              code: 'service_unavailable',
              reason: 'service_unavailable',
              message: NOT_CONNECTED_MESSAGE,
            },
          });
          return;
        }
        let settled = false;
        const timer = timers.setTimeout(() => {
          if (settled) return;
          settled = true;
          resolve({
            error: {
              code: 'service_unavailable',
              reason: 'service_unavailable',
              message: CALL_TIMEOUT_MESSAGE,
            },
          });
        }, callTimeoutMs);
        current.emit(event, request, (result) => {
          if (settled) return;
          settled = true;
          timers.clearTimeout(timer);
          resolve(result);
        });
      });
    },
  };
}

/** The one real-time client of the web app. Nothing connects until a screen calls connect(). */
export const realtimeClient = createRealtimeClient();

/** Lets tests hand the screens a client built on a fake hub. */
export const RealtimeClientContext = createContext<RealtimeClient>(realtimeClient);

export function useRealtimeClient(): RealtimeClient {
  return useContext(RealtimeClientContext);
}

/** The client's connection state, re-rendering on every change. */
export function useConnectionState(client: RealtimeClient): ConnectionState {
  return useSyncExternalStore(client.subscribe, client.getState, client.getState);
}
