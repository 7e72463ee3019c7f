import fp from 'fastify-plugin';
import { handOnPreparedOffers, registerCallHandlers } from './calls.hub';
import { createCallsRepository } from './calls.repository';
import { type CallsService, createCallsService } from './calls.service';

declare module 'fastify' {
  interface FastifyInstance {
    calls: CallsService;
  }
}

/** Video calls: the repository, the service (the call's clock, ICE servers) and the hub's signalling relay (calls.hub.ts). */
export const callsModule = fp(
  async (app) => {
    const { hub } = app;
    const calls = createCallsService({
      calls: createCallsRepository(app.db),
      clock: app.clock,
      ice: app.config.ice,
      events: app.events,
    });
    app.decorate('calls', calls);
    handOnPreparedOffers({ hub: hub.io, calls, events: app.events });
    hub.handle((socket) =>
      registerCallHandlers(socket, { hub: hub.io, calls, signalLimiter: hub.signalLimiter, log: app.log }),
    );
  },
  { name: 'calls', dependencies: ['infrastructure', 'hub', 'matches'] },
);
