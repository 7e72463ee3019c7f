import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { createAuthRepository } from './auth.repository';
import { authRoutes } from './auth.routes';
import { type AuthService, createAuthService } from './auth.service';

type AuthServiceDeps = Parameters<typeof createAuthService>[0];

/**
 * Signing in to the admin area: the accounts' repository, the service and the routes
 * (/api/admin/login, /api/admin/profile), and `request.staff`, which every module's staff guards
 * set. Returns the service, which those guards ask who is signed in.
 */
export async function registerAuth(
  app: FastifyInstance,
  deps: Omit<AuthServiceDeps, 'accounts'> & { db: Kysely<Database> },
): Promise<AuthService> {
  const { db, ...service } = deps;
  const auth = createAuthService({ ...service, accounts: createAuthRepository(db) });
  app.decorateRequest('staff', null);
  await app.register(authRoutes, { auth });
  return auth;
}
