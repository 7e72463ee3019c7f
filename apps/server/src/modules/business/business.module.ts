import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthService } from '../auth/auth.service';
import { businessRoutes } from './business.routes';
import { createBusinessUsersRepository } from './business-users.repository';
import { createBusinessUsersService } from './business-users.service';
import { businessAdminRoutes } from './business-users-admin.routes';
import { createDemoRequestsRepository } from './demo-requests.repository';
import { createDemoRequestsService } from './demo-requests.service';
import { createPlansRepository } from './plans.repository';
import { createPlansService } from './plans.service';

type BusinessUsersServiceDeps = Parameters<typeof createBusinessUsersService>[0];
type DemoRequestsServiceDeps = Parameters<typeof createDemoRequestsService>[0];

/**
 * Business: plans, organisers' accounts and demo requests; their repositories and services, the
 * public routes (/api/business) and the admins' (/api/admin/business-users, /api/admin/demo-requests).
 * Returns the accounts and plans repositories, which payments and the public API read.
 */
export async function registerBusiness(
  app: FastifyInstance,
  deps: Omit<BusinessUsersServiceDeps, 'businessUsers' | 'plans'> &
    Omit<DemoRequestsServiceDeps, 'demoRequests'> & {
      db: Kysely<Database>;
      /** Keeps the plan list, read on every visit of /business. */
      cache: Parameters<typeof createPlansService>[1];
      auth: AuthService;
      /** Sign-ups and demo requests per client per 10 minutes (PUBLIC_FORM_LIMIT). */
      formLimit: number;
    },
) {
  const { db, cache, auth, formLimit, outbox, ...accounts } = deps;
  const plansRepository = createPlansRepository(db);
  const businessUsersRepository = createBusinessUsersRepository(db);
  const plans = createPlansService(plansRepository, cache);
  const businessUsers = createBusinessUsersService({
    ...accounts,
    businessUsers: businessUsersRepository,
    plans: plansRepository,
  });
  const demoRequests = createDemoRequestsService({
    demoRequests: createDemoRequestsRepository(db),
    clock: accounts.clock,
    random: accounts.random,
    outbox,
  });
  await app.register(businessRoutes, { plans, businessUsers, demoRequests, formLimit });
  await app.register(businessAdminRoutes, { auth, businessUsers, demoRequests });
  return { businessUsers: businessUsersRepository, plans: plansRepository };
}
