import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { Random } from '../../lib/random';
import type { LimiterFactory } from '../../lib/redis-limiters';
import type { ReportsService } from '../admin/reports.service';
import type { AuthService } from '../auth/auth.service';
import type { BusinessUsersRepository } from '../business/business-users.repository';
import type { PlansRepository } from '../business/plans.repository';
import type { MatchesService } from '../matches/matches.service';
import type { ParticipantsService } from '../participants/participants.service';
import type { WheelsAdminService } from '../wheels-admin/wheels-admin.service';
import { createApiKeysService } from './api-keys.service';
import { createPublicApiRepository } from './public-api.repository';
import { adminRoutes } from './public-api.routes';
import { v1Routes } from './public-api-v1.routes';
import { createWebhooksService } from './webhooks.service';

export interface PublicApiDependencies {
  db: Kysely<Database>;
  clock: Clock;
  random: Random;
  auth: AuthService;
  limiters: LimiterFactory;
  businessUsers: BusinessUsersRepository;
  plans: PlansRepository;
  wheelsAdmin: WheelsAdminService;
  participants: ParticipantsService;
  matches: MatchesService;
  reports: ReportsService;
  allowPrivateAddresses: boolean;
  requestsPerMinute: number;
}

/**
 * The public API (issue 13 part 5, decision 018): keys, /api/v1 and the management of webhooks;
 * the module registers itself. Their deliveries are sent by modules/webhooks.
 */
export async function registerPublicApi(app: FastifyInstance, deps: PublicApiDependencies): Promise<void> {
  const repository = createPublicApiRepository(deps.db);
  const apiKeys = createApiKeysService({
    repository,
    businessUsers: deps.businessUsers,
    plans: deps.plans,
    clock: deps.clock,
    random: deps.random,
  });
  const webhooks = createWebhooksService({
    repository,
    clock: deps.clock,
    random: deps.random,
    allowPrivateAddresses: deps.allowPrivateAddresses,
  });

  await app.register(adminRoutes, { auth: deps.auth, apiKeys, webhooks });
  await app.register(v1Routes, {
    apiKeys,
    webhooks,
    wheelsAdmin: deps.wheelsAdmin,
    participants: deps.participants,
    matches: deps.matches,
    reports: deps.reports,
    limiters: deps.limiters,
    requestsPerMinute: deps.requestsPerMinute,
  });
}
