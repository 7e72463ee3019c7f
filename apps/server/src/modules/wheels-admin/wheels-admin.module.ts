import fp from 'fastify-plugin';
import { createWheelsAdminRepository } from './wheels-admin.repository';
import { wheelsAdminRoutes } from './wheels-admin.routes';
import { createWheelsAdminService, type WheelsAdminService } from './wheels-admin.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Wheels as their owners manage them; the public API's wheels use it too. */
    wheelsAdmin: WheelsAdminService;
  }
}

/**
 * `/api/admin/wheels`: admins manage every wheel, business users their own; the service over
 * their repository, the live round controls (rounds, calls) and the routes.
 */
export const wheelsAdminModule = fp(
  async (app) => {
    const wheelsAdmin = createWheelsAdminService({
      wheels: createWheelsAdminRepository(app.db),
      newWheels: app.wheels,
      rounds: app.rounds,
      calls: app.calls,
      reports: app.safety,
      clock: app.clock,
      events: app.events,
      defaultRoundSeconds: app.config.wheelRoundSeconds,
    });
    app.decorate('wheelsAdmin', wheelsAdmin);
    await app.register(wheelsAdminRoutes, { auth: app.auth, wheelsAdmin });
  },
  { name: 'wheels-admin', dependencies: ['infrastructure', 'auth', 'wheels', 'rounds', 'calls', 'safety'] },
);
