import type { Server as HttpServer } from 'node:http';
import type { createAdapter } from '@socket.io/redis-streams-adapter';
import {
  type ErrorCode,
  HUB_CAPABILITIES_MESSAGE,
  HUB_PATH,
  type HubError,
  hubHandshakeAuthSchema,
} from '@wheelmeet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { Server } from 'socket.io';
import { type AttemptLimiter, createAttemptLimiter } from '../lib/attempt-limiter';
import { clientAddressOf, type TrustProxy } from '../lib/client-address';
import type { Clock } from '../lib/clock';
import type { RedisClient } from '../lib/redis';
import type { LimiterFactory } from '../lib/redis-limiters';
import type { TokenService } from '../lib/tokens';
import { hubError, INTERNAL_ERROR } from './acknowledge';
import { type CallObserver, createCallDrain } from './call-drain';
import { HUB_LIMITS, type HubLimits, TOO_MANY_CALLS, TOO_MANY_CONNECTIONS } from './hub-limits';
import type { HubCalls, HubSocket, WheelHub } from './sockets';

/** A refused handshake: the client's `connect_error` carries `data: { code, reason, message }`. */
class HandshakeError extends Error {
  readonly data: HubError['error'];
  constructor(message: string, code: ErrorCode = 'unauthorized') {
    super(message);
    this.data = hubError(code, message).error;
  }
}

export interface HubDependencies {
  tokens: TokenService;
  /**
   * With several server processes: the connection the Redis Streams adapter carries pushes
   * over, and the adapter, loaded by the caller only then (a single process never loads it).
   */
  redis: { client: RedisClient; createAdapter: typeof createAdapter } | undefined;
  redisKeyPrefix: string;
  /** Where limits shared by all processes count (Redis when configured). */
  limiters: LimiterFactory;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Which proxies may name the client's address (config `trustProxy`). */
  trustProxy: TrustProxy;
  /** Live connections one client address may hold (config `hubConnectionsPerAddress`). */
  connectionsPerAddress: number;
  /** The hub's rate limits; those of hub-limits.ts unless a test brings its own. */
  limits?: HubLimits;
  /** Told of every answered hub call (metrics). */
  observeCall?: CallObserver;
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
function createCallGate(limits: HubLimits, limiters: LimiterFactory, clock: Clock, log: FastifyBaseLogger) {
  // A connection lives in one process, so its own limits count in memory; an address's calls
  // may spread over every process, so those count where all processes see them.
  const perConnection = createAttemptLimiter({ ...limits.callsPerConnection, clock });
  const perAddress = limiters.attempts('hub-calls', limits.callsPerAddress);
  const refusals = createAttemptLimiter({ ...limits.refusalsBeforeDisconnect, clock });
  const refusal = hubError('rate_limited', TOO_MANY_CALLS);
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
          answer(hubError('internal_error', INTERNAL_ERROR));
        });
    });
    socket.once('disconnect', () => {
      void perConnection.reset(socket.id);
      void refusals.reset(socket.id);
    });
  };
}

/** How long a shutdown waits for connections to take their 'disconnect' packet. */
const DISCONNECT_FLUSH_MS = 1_000;

/**
 * Fits a Redis connection to how the Redis Streams adapter (0.3) behaves while Redis is away:
 * - it publishes on the client it is given and delivers a push to this process's own sockets
 *   only once that publish has settled, so a publish must fail at once, not wait;
 * - it reads the stream on duplicates of the client and retries a failed read at once, in a
 *   loop that would spin, so reads must wait for the reconnect;
 * - it sends some messages with PUBLISH and never looks at the result, which would be an
 *   unhandled rejection (fatal in Node) for every such message, so those failures are noted here.
 */
function fitForStreamsAdapter(client: RedisClient): RedisClient {
  const duplicate = client.duplicate.bind(client);
  client.duplicate = ((overrides) =>
    duplicate({ ...overrides, disableOfflineQueue: false })) as typeof duplicate;
  const publish = client.publish.bind(client);
  Object.defineProperty(client, 'publish', {
    value: (...args: Parameters<typeof publish>) => {
      const sent = publish(...args);
      sent.catch(() => {});
      return sent;
    },
  });
  return client;
}

/**
 * While this process's Redis connection is away, pushes made by the other processes never reach
 * its clients (and its own never reach theirs). When it is back, every client here is told to
 * join its wheels again for a fresh snapshot (issue 36); the other processes tell theirs when
 * their own connection returns.
 */
function resyncClientsWhenRedisReturns(client: RedisClient, io: WheelHub, log: FastifyBaseLogger) {
  let lost = false;
  const markLost = () => {
    lost = true;
  };
  client.on('error', markLost);
  client.on('reconnecting', markLost);
  client.on('ready', () => {
    if (!lost) return;
    lost = false;
    log.info(
      { connections: io.engine.clientsCount },
      'Redis is back: telling this process’s clients to resync',
    );
    io.local.emit('Resync', { reason: 'server_reconnected' });
  });
}

/**
 * The Socket.IO hub at /hubs/wheel. Keep-alive and time-out follow the spec (15 s, 30 s).
 * A connection may carry a participant token (bearer, in the handshake's auth); without one
 * it may only watch. With REDIS_URL, the Redis Streams adapter carries pushes between server
 * processes. Rate limits (hub-limits.ts): live connections per client address, hub calls per
 * connection and per address, and signalling messages per participant (`signalLimiter`).
 */
export function createHub(httpServer: HttpServer, deps: HubDependencies) {
  const limits = deps.limits ?? HUB_LIMITS;
  const io: WheelHub = new Server(httpServer, {
    path: HUB_PATH,
    serveClient: false,
    pingInterval: 15_000,
    pingTimeout: 30_000,
    maxHttpBufferSize: 64 * 1024,
  });

  if (deps.redis) {
    const { client, createAdapter } = deps.redis;
    io.adapter(
      createAdapter(fitForStreamsAdapter(client), {
        streamName: `${deps.redisKeyPrefix}:hub`,
        sessionKeyPrefix: `${deps.redisKeyPrefix}:hub-session:`,
      }),
    );
    resyncClientsWhenRedisReturns(client, io, deps.log);
  }

  const connections = createConnectionCounter(deps.connectionsPerAddress);
  io.use((socket, next) => {
    socket.data.joinedWheels = [];
    socket.data.capabilities = [];
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

  /**
   * The handshake's participant token, if any, and the capabilities asked for: undefined when
   * the connection may go on.
   */
  async function authenticate(socket: HubSocket): Promise<HandshakeError | undefined> {
    const auth = hubHandshakeAuthSchema.safeParse(socket.handshake.auth ?? {});
    if (!auth.success) {
      // Not a token problem: 'unauthorized' would make a client forget its token.
      if (auth.error.issues.every((issue) => issue.path[0] === 'capabilities'))
        return new HandshakeError(HUB_CAPABILITIES_MESSAGE, 'validation_failed');
      return new HandshakeError('The connection request is not valid.');
    }
    socket.data.capabilities = auth.data.capabilities;
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

  const drain = createCallDrain(deps.observeCall);
  io.on('connection', drain.track);
  io.on('connection', createCallGate(limits, deps.limiters, deps.clock, deps.log));
  const signalLimiter: AttemptLimiter = deps.limiters.attempts('signalling', limits.signallingPerParticipant);

  return {
    io,
    /**
     * Adds a feature's hub calls: they are set up on every new connection, after the hub's own
     * limits, in the order the features were added.
     */
    handle(calls: HubCalls) {
      io.on('connection', calls);
    },
    /** Signalling messages per participant, over all their connections (see call-handlers.ts). */
    signalLimiter,
    /**
     * Shuts the hub down without closing the HTTP server (Fastify closes that, after letting its
     * own requests finish): calls under way are answered first (within `drainMs`), new ones are
     * refused, then every connection is told to go, which makes clients reconnect elsewhere.
     */
    async close(drainMs: number) {
      await drain.close(drainMs);
      io.local.disconnectSockets(true);
      // Each connection closes once its 'disconnect' packet is written; closing the engine
      // before that would drop the packet, and the client would not know to reconnect at once.
      const flushedBy = Date.now() + DISCONNECT_FLUSH_MS;
      while (io.engine.clientsCount > 0 && Date.now() < flushedBy) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await io.of('/').adapter.close();
      io.engine.close();
    },
  };
}

/** The hub as feature modules see it: the server to push with, and where to add their calls. */
export type Hub = ReturnType<typeof createHub>;
