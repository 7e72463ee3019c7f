import fp from 'fastify-plugin';
import { createHub, type Hub } from '../realtime/hub';
import { HUB_LIMITS } from '../realtime/hub-limits';
import { createPresence } from '../realtime/presence';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Socket.IO hub at /hubs/wheel: feature modules push with `hub.io` and add their calls with `hub.handle`. */
    hub: Hub;
    /** Who is on a wheel right now, on any server process. */
    presence: ReturnType<typeof createPresence>;
  }
}

/**
 * The hub on the app's HTTP server, with its limits. The pushes that turn domain events into
 * messages to rooms start with the presence module, which numbers them. It closes last (see app.ts): calls under way are answered first.
 */
export const hub = fp(
  async (app) => {
    const { config, hubRedis } = app;
    // Loaded only with several processes: a single process keeps the adapter out of its memory.
    const streams = hubRedis && (await import('@socket.io/redis-streams-adapter'));
    const wheelHub = createHub(app.server, {
      tokens: app.tokens,
      redis: hubRedis && streams ? { client: hubRedis, createAdapter: streams.createAdapter } : undefined,
      limiters: app.limiters,
      redisKeyPrefix: config.redisKeyPrefix,
      clock: app.clock,
      log: app.log,
      trustProxy: config.trustProxy,
      connectionsPerAddress: config.hubConnectionsPerAddress,
      limits: {
        ...HUB_LIMITS,
        callsPerAddress: { ...HUB_LIMITS.callsPerAddress, maxAttempts: config.hubCallsPerAddress },
      },
      observeCall: app.metrics.hubCall,
    });
    const multiProcess = hubRedis !== undefined;
    app.decorate('hub', wheelHub);
    app.decorate(
      'presence',
      createPresence(() => wheelHub.io, { multiProcess }),
    );
    app.metrics.readFrom({ connectedSockets: () => wheelHub.io.engine.clientsCount });
  },
  { name: 'hub', dependencies: ['infrastructure', 'metrics'] },
);
