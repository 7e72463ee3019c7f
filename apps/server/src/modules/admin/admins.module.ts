import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthService } from '../auth/auth.service';
import { createAdminsRepository } from './admins.repository';
import { adminsRoutes } from './admins.routes';
import { createAdminsService } from './admins.service';

type AdminsServiceDeps = Parameters<typeof createAdminsService>[0];

/** `/api/admin/users`: admin accounts kept by super admins; the repository, the service and the routes. */
export async function registerAdmins(
  app: FastifyInstance,
  deps: Omit<AdminsServiceDeps, 'admins'> & { db: Kysely<Database>; auth: AuthService },
): Promise<void> {
  const { db, auth, ...service } = deps;
  const admins = createAdminsService({ ...service, admins: createAdminsRepository(db) });
  await app.register(adminsRoutes, { auth, admins });
}
