import fp from 'fastify-plugin';
import { registerSeatHandlers } from './wheels.hub';
import { createWheelsRepository } from './wheels.repository';
import { wheelsRoutes } from './wheels.routes';
import { createAccessCodeLimits, createWheelsService, type WheelsService } from './wheels.service';

declare module 'fastify' {
  interface FastifyInstance {
    wheels: WheelsService;
  }
}

/**
 * The wheels visitors see (/api/wheels) and their seats: the service over the wheels'
 * repository, with the access-code limits, the routes and the hub's seat calls (wheels.hub.ts).
 */
export const wheelsModule = fp(
  async (app) => {
    const wheels = createWheelsService({
      wheels: createWheelsRepository(app.db),
      accessAttempts: createAccessCodeLimits(app.limiters),
      clock: app.clock,
      random: app.random,
      tokens: app.tokens,
      events: app.events,
      presence: app.presence,
      defaultRoundSeconds: app.config.wheelRoundSeconds,
      cache: app.readCache,
    });
    app.decorate('wheels', wheels);
    await app.register(wheelsRoutes, { wheels });
    app.hub.handle((socket) => registerSeatHandlers(socket, { wheels, log: app.log }));
  },
  { name: 'wheels', dependencies: ['infrastructure', 'hub'] },
);
