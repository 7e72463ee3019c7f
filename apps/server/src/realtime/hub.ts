import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import {
  type ClientToServerEvents,
  type ErrorCode,
  HUB_PATH,
  type HubError,
  hubHandshakeAuthSchema,
  type ServerToClientEvents,
} from '@wheelmeet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import { type AttemptLimiter, createAttemptLimiter } from '../lib/attempt-limiter';
import { clientAddressOf, type TrustProxy } from '../lib/client-address';
import type { Clock } from '../lib/clock';
import type { ParticipantClaims, TokenService } from '../lib/tokens';
import { HUB_LIMITS, type HubLimits, TOO_MANY_CALLS, TOO_MANY_CONNECTIONS } from './hub-limits';

export interface HubSocketData {
  /** The client's address, by the same rule as Fastify's `request.ip` (TRUST_PROXY). */
  clientAddress: string;
  /** Set when the connection presented a valid participant token. */
  participant?: ParticipantClaims;
  /** Wheels this connection has joined (and was allowed into). */
  joinedWheels: string[];
}

type NoInterServerEvents = Record<string, never>;
export type WheelHub = Server<ClientToServerEvents, ServerToClientEvents, NoInterServerEvents, HubSocketData>;
export type HubSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  NoInterServerEvents,
  HubSocketData
>;

/** Rooms are named after the entity they are about. */
export const wheelRoom = (wheelId: string) => `wheel:${wheelId}`;
export const participantRoom = (participantId: string) => `participant:${participantId}`;

/** A refused handshake: the client's `connect_error` carries `data: { code, message }`. */
class HandshakeError extends Error {
  readonly data: { code: ErrorCode; message: string };
  constructor(message: string, code: ErrorCode = 'unauthorized') {
    super(message);
    this.data = { code, message };
  }
}

export interface HubDependencies {
  tokens: TokenService;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Which proxies may name the client's address (config `trustProxy`). */
  trustProxy: TrustProxy;
  /** Live connections one client address may hold (config `hubConnectionsPerAddress`). */
  connectionsPerAddress: number;
  /** The hub's rate limits; those of hub-limits.ts unless a test brings its own. */
  limits?: HubLimits;
}

/**
 * Live connections per client address, counted in this process. A place is taken in the
 * handshake, atomically with the check, and given back exactly once: when the socket
 * disconnects, when its connection closes before it got through, or when the handshake is
 * refused for another reason.
 */
function createConnectionCounter(limit: number) {
  const live = new Map<string, number>();
  return {
    /** Takes a place for the address; a function that gives it back, or undefined when it is full. */
    take(address: string): (() => void) | undefined {
      const held = live.get(address) ?? 0;
      if (held >= limit) return undefined;
      live.set(address, held + 1);
      let given = false;
      return () => {
        if (given) return;
        given = true;
        const left = (live.get(address) ?? 1) - 1;
        if (left > 0) live.set(address, left);
        else live.delete(address);
      };
    },
  };
}

/**
 * Admits or refuses each hub call (every client→server event) by the limits per connection
 * and per client address, before any work is done. A refused call is acknowledged with
 * `rate_limited`; a connection that keeps calling after many refusals is disconnected.
 */
function createCallGate(limits: HubLimits, clock: Clock, log: FastifyBaseLogger) {
  const perConnection = createAttemptLimiter({ ...limits.callsPerConnection, clock });
  const perAddress = createAttemptLimiter({ ...limits.callsPerAddress, clock });
  const refusals = createAttemptLimiter({ ...limits.refusalsBeforeDisconnect, clock });
  const refusal: HubError = { error: { code: 'rate_limited', message: TOO_MANY_CALLS } };
  const admitted = async (socket: HubSocket) =>
    (await perConnection.tryAttempt(socket.id)) && (await perAddress.tryAttempt(socket.data.clientAddress));

  return (socket: HubSocket) => {
    socket.use((event, next) => {
      const ack = event[event.length - 1];
      const answer = (result: HubError) => {
        if (typeof ack === 'function') ack(result);
      };
      admitted(socket)
        .then(async (ok) => {
          if (ok) return next();
          if (await refusals.tryAttempt(socket.id)) return answer(refusal);
          log.warn(
            { clientAddress: socket.data.clientAddress, event: event[0] },
            'hub connection disconnected for flooding',
          );
          socket.disconnect(true);
        })
        .catch((error: unknown) => {
          log.error({ err: error }, 'hub rate limiting failed');
          answer({
            error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' },
          });
        });
    });
    socket.once('disconnect', () => {
      void perConnection.reset(socket.id);
      void refusals.reset(socket.id);
    });
  };
}

/**
 * The Socket.IO hub at /hubs/wheel. Keep-alive and time-out follow the spec (15 s, 30 s).
 * A connection may carry a participant token (bearer, in the handshake's auth); without one
 * it may only watch. With REDIS_URL, the Redis Streams adapter carries pushes between server
 * processes. Rate limits (hub-limits.ts): live connections per client address, hub calls per
 * connection and per address, and signalling messages per participant (`signalLimiter`).
 */
export async function createHub(httpServer: HttpServer, deps: HubDependencies) {
  const limits = deps.limits ?? HUB_LIMITS;
  const io: WheelHub = new Server(httpServer, {
    path: HUB_PATH,
    serveClient: false,
    pingInterval: 15_000,
    pingTimeout: 30_000,
    maxHttpBufferSize: 64 * 1024,
  });

  let closeRedis = async () => {};
  if (deps.redisUrl) {
    const redis = createClient({ url: deps.redisUrl });
    await redis.connect();
    io.adapter(
      createAdapter(redis, {
        streamName: `${deps.redisKeyPrefix}:hub`,
        sessionKeyPrefix: `${deps.redisKeyPrefix}:hub-session:`,
      }),
    );
    closeRedis = async () => {
      await redis.quit();
    };
  }

  const connections = createConnectionCounter(deps.connectionsPerAddress);
  io.use((socket, next) => {
    socket.data.joinedWheels = [];
    socket.data.clientAddress = clientAddressOf(socket.request, deps.trustProxy);
    // Gone already: nothing would ever give a place back.
    if (socket.conn.readyState !== 'open') return next(new Error('The connection has closed.'));
    const giveBack = connections.take(socket.data.clientAddress);
    if (!giveBack) return next(new HandshakeError(TOO_MANY_CONNECTIONS, 'rate_limited'));
    socket.once('disconnect', giveBack);
    socket.conn.once('close', giveBack);
    authenticate(socket).then(
      (refusal) => {
        if (refusal) giveBack();
        next(refusal);
      },
      (error: unknown) => {
        giveBack();
        next(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });

  /** The handshake's participant token, if any: undefined when the connection may go on. */
  async function authenticate(socket: HubSocket): Promise<HandshakeError | undefined> {
    const auth = hubHandshakeAuthSchema.safeParse(socket.handshake.auth ?? {});
    if (!auth.success) return new HandshakeError('The connection request is not valid.');
    const token = auth.data.token;
    const claimedUserId = socket.handshake.query.userId;
    if (!token) {
      return typeof claimedUserId === 'string' && claimedUserId !== ''
        ? new HandshakeError('Sign in with your participant token to act as a participant.')
        : undefined;
    }
    const participant = await deps.tokens.verifyParticipant(token);
    if (!participant) return new HandshakeError('Your session has expired. Please register again.');
    if (
      typeof claimedUserId === 'string' &&
      claimedUserId !== '' &&
      claimedUserId !== participant.participantId
    ) {
      return new HandshakeError('The user id does not match your participant token.');
    }
    socket.data.participant = participant;
    return undefined;
  }

  io.on('connection', createCallGate(limits, deps.clock, deps.log));
  const signalLimiter: AttemptLimiter = createAttemptLimiter({
    ...limits.signallingPerParticipant,
    clock: deps.clock,
  });

  return {
    io,
    /** Signalling messages per participant, over all their connections (see call-handlers.ts). */
    signalLimiter,
    async close() {
      io.local.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await closeRedis();
    },
  };
}
