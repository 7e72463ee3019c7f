import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import {
  type ClientToServerEvents,
  HUB_PATH,
  hubHandshakeAuthSchema,
  type ServerToClientEvents,
} from '@wheelmeet/contracts';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import type { ParticipantClaims, TokenService } from '../lib/tokens';

export interface HubSocketData {
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

class HandshakeError extends Error {
  readonly data: { code: 'unauthorized'; message: string };
  constructor(message: string) {
    super(message);
    this.data = { code: 'unauthorized', message };
  }
}

/**
 * The Socket.IO hub at /hubs/wheel. Keep-alive and time-out follow the spec (15 s, 30 s).
 * A connection may carry a participant token (bearer, in the handshake's auth); without one
 * it may only watch. With REDIS_URL, the Redis Streams adapter carries pushes between server
 * processes.
 */
export async function createHub(
  httpServer: HttpServer,
  deps: { tokens: TokenService; redisUrl: string | undefined; redisKeyPrefix: string },
) {
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

  io.use(async (socket, next) => {
    socket.data.joinedWheels = [];
    const auth = hubHandshakeAuthSchema.safeParse(socket.handshake.auth ?? {});
    if (!auth.success) return next(new HandshakeError('The connection request is not valid.'));
    const token = auth.data.token;
    const claimedUserId = socket.handshake.query.userId;
    if (!token) {
      return typeof claimedUserId === 'string' && claimedUserId !== ''
        ? next(new HandshakeError('Sign in with your participant token to act as a participant.'))
        : next();
    }
    const participant = await deps.tokens.verifyParticipant(token);
    if (!participant) return next(new HandshakeError('Your session has expired. Please register again.'));
    if (
      typeof claimedUserId === 'string' &&
      claimedUserId !== '' &&
      claimedUserId !== participant.participantId
    ) {
      return next(new HandshakeError('The user id does not match your participant token.'));
    }
    socket.data.participant = participant;
    return next();
  });

  return {
    io,
    async close() {
      io.local.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await closeRedis();
    },
  };
}
