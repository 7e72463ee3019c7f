import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { SeatCounts } from '../wheels/wheels-admin.service';
import { type AdminRoutesOptions, adminRoutes } from './admin.routes';
import { createDashboardRepository } from './dashboard.repository';

/**
 * The admins' platform-wide screens (admin.routes.ts): dashboard figures over their read-only
 * repository, participants (the Users page), settings. Returns the seat counts the wheel lists show.
 */
export async function registerDashboard(
  app: FastifyInstance,
  deps: Omit<AdminRoutesOptions, 'dashboard'> & { db: Kysely<Database> },
): Promise<SeatCounts> {
  const { db, ...routes } = deps;
  const dashboard = createDashboardRepository(db);
  await app.register(adminRoutes, { ...routes, dashboard });
  return dashboard;
}
