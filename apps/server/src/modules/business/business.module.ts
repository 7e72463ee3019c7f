import fp from 'fastify-plugin';
import { businessRoutes } from './business.routes';
import { type BusinessUsersRepository, createBusinessUsersRepository } from './business-users.repository';
import { createBusinessUsersService } from './business-users.service';
import { businessAdminRoutes } from './business-users-admin.routes';
import { createDemoRequestsRepository } from './demo-requests.repository';
import { createDemoRequestsService } from './demo-requests.service';
import { createPlansRepository, type PlansRepository } from './plans.repository';
import { createPlansService } from './plans.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Organisers' accounts and the plans they buy, which payments and the public API read. */
    business: { businessUsers: BusinessUsersRepository; plans: PlansRepository };
  }
}

/**
 * Business: plans, organisers' accounts and demo requests; their repositories and services, the
 * public routes (/api/business) and the admins' (/api/admin/business-users, /api/admin/demo-requests).
 */
export const businessModule = fp(
  async (app) => {
    const { clock, random } = app;
    const plansRepository = createPlansRepository(app.db);
    const businessUsersRepository = createBusinessUsersRepository(app.db);
    const plans = createPlansService(plansRepository, app.readCache);
    const businessUsers = createBusinessUsersService({
      businessUsers: businessUsersRepository,
      plans: plansRepository,
      clock,
      random,
      passwords: app.passwords,
      signInThrottle: app.signInThrottle,
      tokens: app.tokens,
    });
    const demoRequests = createDemoRequestsService({
      demoRequests: createDemoRequestsRepository(app.db),
      clock,
      random,
      outbox: app.eventOutbox,
    });
    app.decorate('business', { businessUsers: businessUsersRepository, plans: plansRepository });
    const formLimit = app.config.publicFormLimit;
    await app.register(businessRoutes, { plans, businessUsers, demoRequests, formLimit });
    await app.register(businessAdminRoutes, { auth: app.auth, businessUsers, demoRequests });
  },
  { name: 'business', dependencies: ['infrastructure', 'form-rate-limit', 'auth', 'event-outbox'] },
);
