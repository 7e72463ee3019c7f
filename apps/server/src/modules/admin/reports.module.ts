import fp from 'fastify-plugin';
import { createReportsRepository } from './reports.repository';
import { reportsRoutes } from './reports.routes';
import { createReportsService, type ReportsService } from './reports.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** How a business user's events went; the public API's wheel report reads it too. */
    reports: ReportsService;
  }
}

/** `/api/admin/reports`: how a business user's events went; the repository, the service and the routes. */
export const reportsModule = fp(
  async (app) => {
    const reports = createReportsService({ reports: createReportsRepository(app.db) });
    app.decorate('reports', reports);
    await app.register(reportsRoutes, { auth: app.auth, reports });
  },
  { name: 'reports', dependencies: ['infrastructure', 'auth'] },
);
