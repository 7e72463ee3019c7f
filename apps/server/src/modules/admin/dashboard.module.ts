import fp from 'fastify-plugin';
import { adminRoutes } from './admin.routes';
import { createDashboardRepository } from './dashboard.repository';

/**
 * The admins' platform-wide screens (admin.routes.ts): dashboard figures over their read-only
 * repository, participants (the Users page), settings.
 */
export const dashboardModule = fp(
  async (app) => {
    await app.register(adminRoutes, {
      auth: app.auth,
      dashboard: createDashboardRepository(app.db),
      settings: app.settings,
      participants: app.participants,
      clock: app.clock,
    });
  },
  { name: 'dashboard', dependencies: ['infrastructure', 'auth', 'settings', 'participants'] },
);
