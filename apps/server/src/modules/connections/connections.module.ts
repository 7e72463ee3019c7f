import fp from 'fastify-plugin';
import { createConnectionsRepository } from './connections.repository';
import { connectionsRoutes } from './connections.routes';
import { type ConnectionsService, createConnectionsService } from './connections.service';

declare module 'fastify' {
  interface FastifyInstance {
    connections: ConnectionsService;
  }
}

/** Keeping in touch after a call (issue 13, decision 015): My connections, shares and ratings. */
export const connectionsModule = fp(
  async (app) => {
    const connections = createConnectionsService({
      connections: createConnectionsRepository(app.db),
      clock: app.clock,
      events: app.events,
    });
    app.decorate('connections', connections);
    await app.register(connectionsRoutes, { connections, tokens: app.tokens });
  },
  { name: 'connections', dependencies: ['infrastructure'] },
);
