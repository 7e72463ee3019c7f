import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthService } from '../auth/auth.service';
import { createReportsRepository } from './reports.repository';
import { reportsRoutes } from './reports.routes';
import { createReportsService, type ReportsService } from './reports.service';

/**
 * `/api/admin/reports`: how a business user's events went; the repository, the service (it needs
 * nothing but the repository) and the routes. Returns the service, which the public API's wheel
 * report reads.
 */
export async function registerReports(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; auth: AuthService },
): Promise<ReportsService> {
  const reports = createReportsService({ reports: createReportsRepository(deps.db) });
  await app.register(reportsRoutes, { auth: deps.auth, reports });
  return reports;
}
