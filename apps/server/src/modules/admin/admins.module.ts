import fp from 'fastify-plugin';
import { createAdminsRepository } from './admins.repository';
import { adminsRoutes } from './admins.routes';
import { createAdminsService } from './admins.service';

/** `/api/admin/users`: admin accounts kept by super admins; the repository, the service and the routes. */
export const adminsModule = fp(
  async (app) => {
    const admins = createAdminsService({
      admins: createAdminsRepository(app.db),
      clock: app.clock,
      random: app.random,
      passwords: app.passwords,
    });
    await app.register(adminsRoutes, { auth: app.auth, admins });
  },
  { name: 'admins', dependencies: ['infrastructure', 'auth'] },
);
