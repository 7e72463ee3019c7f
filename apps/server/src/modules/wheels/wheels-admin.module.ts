import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthService } from '../auth/auth.service';
import { createWheelsRepository } from './wheels.repository';
import { wheelsAdminRoutes } from './wheels-admin.routes';
import { createWheelsAdminService, type WheelsAdminService } from './wheels-admin.service';

type WheelsAdminServiceDeps = Parameters<typeof createWheelsAdminService>[0];

/**
 * `/api/admin/wheels`: admins manage every wheel, business users their own; the service over
 * the wheels' repository and the routes. Returns the service, which the public API's wheels use.
 */
export async function registerWheelsAdmin(
  app: FastifyInstance,
  deps: Omit<WheelsAdminServiceDeps, 'wheels'> & { db: Kysely<Database>; auth: AuthService },
): Promise<WheelsAdminService> {
  const { db, auth, ...service } = deps;
  const wheelsAdmin = createWheelsAdminService({ ...service, wheels: createWheelsRepository(db) });
  await app.register(wheelsAdminRoutes, { auth, wheelsAdmin });
  return wheelsAdmin;
}
