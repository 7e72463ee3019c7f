import fp from 'fastify-plugin';
import { createApiKeysService } from './api-keys.service';
import { createPublicApiRepository } from './public-api.repository';
import { adminRoutes } from './public-api.routes';
import { v1Routes } from './public-api-v1.routes';
import { createWebhooksService } from './webhooks.service';

/**
 * The public API (issue 13 part 5, decision 018): keys, /api/v1 and the management of webhooks;
 * the module registers itself. Their deliveries are sent by modules/webhooks.
 */
export const publicApiModule = fp(
  async (app) => {
    const { clock, random, config } = app;
    const repository = createPublicApiRepository(app.db);
    const apiKeys = createApiKeysService({
      repository,
      businessUsers: app.business.businessUsers,
      plans: app.business.plans,
      clock,
      random,
    });
    const webhooks = createWebhooksService({
      repository,
      clock,
      random,
      allowPrivateAddresses: config.webhooksAllowPrivateAddresses,
    });
    await app.register(adminRoutes, { auth: app.auth, apiKeys, webhooks });
    await app.register(v1Routes, {
      apiKeys,
      webhooks,
      wheelsAdmin: app.wheelsAdmin,
      participants: app.participants,
      matches: app.matches,
      reports: app.reports,
      limiters: app.limiters,
      requestsPerMinute: config.apiRequestsPerMinute,
    });
  },
  {
    name: 'public-api',
    dependencies: [
      'infrastructure',
      'auth',
      'business',
      'wheels-admin',
      'participants',
      'matches',
      'reports',
    ],
  },
);
