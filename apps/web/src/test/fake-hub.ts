import type { HubAck, HubResult } from '@wheelmeet/contracts';
import {
  createRealtimeClient,
  type HubCallName,
  type HubData,
  type HubEventName,
  type HubEventPayload,
  type HubRequest,
  type HubSocket,
  type HubSocketEvents,
  type RealtimeClient,
} from '@/lib/realtime-client';

type Handler<E extends HubCallName> = (
  request: HubRequest<E>,
  socket: FakeSocket,
) => HubResult<HubData<E>> | undefined;

type Handlers = { [E in HubCallName]?: Handler<E> };

export interface HubCall {
  event: HubCallName;
  request: unknown;
  token: string | undefined;
}

/** A socket that talks to a FakeHub instead of a server. */
export class FakeSocket implements HubSocket {
  id: string | undefined;
  connected = false;
  readonly connectAttempts: number[] = [];
  private accepts = 0;
  private readonly listeners = new Map<string, Array<(payload?: unknown) => void>>();

  constructor(
    private readonly hub: FakeHub,
    readonly token: string | undefined,
    private readonly serial: number,
  ) {}

  connect(): void {
    this.connectAttempts.push(Date.now());
    if (this.hub.autoConnect) this.serverAccept();
  }

  disconnect(): void {
    const wasConnected = this.connected;
    this.connected = false;
    this.id = undefined;
    if (wasConnected) this.fire('disconnect', 'io client disconnect');
  }

  on<E extends keyof HubSocketEvents>(event: E, listener: HubSocketEvents[E]): void {
    const list = this.listeners.get(event) ?? [];
    list.push(listener as (payload?: unknown) => void);
    this.listeners.set(event, list);
  }

  emit<E extends HubCallName>(event: E, request: HubRequest<E>, ack: HubAck<HubData<E>>): void {
    this.hub.calls.push({ event, request, token: this.token });
    const handler = this.hub.handlers[event] as Handler<E> | undefined;
    const result = handler?.(request, this);
    if (result) ack(result);
  }

  /** The server accepts the connection. */
  serverAccept(): void {
    this.connected = true;
    // Like Socket.IO, every connection gets a fresh id.
    this.accepts += 1;
    this.id = this.accepts === 1 ? `socket-${this.serial}` : `socket-${this.serial}.${this.accepts}`;
    this.fire('connect');
  }

  /** The connection attempt fails. */
  serverRefuse(): void {
    this.fire('connect_error', new Error('xhr poll error'));
  }

  /** The hub refuses the handshake's participant token (invalid or expired), as the server does. */
  serverRejectToken(): void {
    const error = Object.assign(new Error('The participant token is not valid.'), {
      data: { code: 'unauthorized', message: 'The participant token is not valid.' },
    });
    this.fire('connect_error', error);
  }

  /** The connection drops (network loss, server restart). */
  serverDrop(): void {
    this.connected = false;
    this.id = undefined;
    this.fire('disconnect', 'transport close');
  }

  fire(event: string, payload?: unknown): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(payload);
  }
}

/**
 * A stand-in for the hub: answers calls with `handlers`, records them in `calls`, and pushes
 * server events to the current socket with `push`.
 */
export class FakeHub {
  readonly sockets: FakeSocket[] = [];
  readonly calls: HubCall[] = [];
  handlers: Handlers = {};
  /** When true, sockets connect as soon as the client asks. */
  autoConnect = true;

  readonly factory = (token: string | undefined): FakeSocket => {
    const socket = new FakeSocket(this, token, this.sockets.length + 1);
    this.sockets.push(socket);
    return socket;
  };

  get socket(): FakeSocket {
    const socket = this.sockets.at(-1);
    if (!socket) throw new Error('No socket was opened yet.');
    return socket;
  }

  handle<E extends HubCallName>(event: E, handler: Handler<E>): void {
    (this.handlers as Record<string, unknown>)[event] = handler;
  }

  push<E extends HubEventName>(event: E, payload: HubEventPayload<E>): void {
    this.socket.fire(event, payload);
  }

  callsOf<E extends HubCallName>(event: E): HubRequest<E>[] {
    return this.calls.filter((call) => call.event === event).map((call) => call.request as HubRequest<E>);
  }

  /** A real-time client wired to this hub. */
  client(): RealtimeClient {
    return createRealtimeClient({ socketFactory: this.factory });
  }
}
