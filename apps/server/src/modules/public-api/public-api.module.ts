import {
  adminWheelRowSchema,
  adminWheelSchema,
  apiKeysResponseSchema,
  businessUserReportSchema,
  createApiKeyRequestSchema,
  createdApiKeySchema,
  createdWebhookSchema,
  createWebhookRequestSchema,
  createWheelRequestSchema,
  errorBodySchema,
  listParticipantsResponseSchema,
  matchSchema,
  webhookDeliverySchema,
  webhookSchema,
} from '@wheelmeet/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { DomainEvents } from '../../lib/domain-events';
import { notFound, tooManyRequests } from '../../lib/errors';
import { bearerToken } from '../../lib/http';
import type { Random } from '../../lib/random';
import type { LimiterFactory } from '../../lib/redis-limiters';
import { idParamsSchema } from '../../lib/route-schemas';
import type { ReportsService } from '../admin/reports.service';
import type { AuthService } from '../auth/auth.service';
import { staffGuard, staffOf } from '../auth/staff-guard';
import type { BusinessUsersRepository } from '../business/business-users.repository';
import type { PlansRepository } from '../business/plans.repository';
import type { MatchesService } from '../matches/matches.service';
import type { ParticipantsService } from '../participants/participants.service';
import type { WheelsAdminService } from '../wheels-admin/wheels-admin.service';
import { type ApiCaller, type ApiKeysService, createApiKeysService } from './api-keys.service';
import { createPublicApiRepository } from './public-api.repository';
import { createHttpWebhookSender, type WebhookSender } from './webhook-sender';
import { createWebhooksService, type WebhooksService } from './webhooks.service';

/** The OpenAPI tag and security scheme of the public API (see plugins/openapi.ts). */
export const PUBLIC_API_TAG = 'public api';
export const API_KEY_SCHEME = 'apiKey';
/** Request bodies of the public API are small; anything larger is refused with 413. */
const PUBLIC_API_BODY_LIMIT = 16 * 1024;
const WEBHOOK_PASS_MS = 5_000;
const RATE_LIMITED = 'Too many API requests with this key. Please slow down.';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  413: errorBodySchema,
  429: errorBodySchema,
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the public API's guard: whose key made the request. */
    apiCaller: ApiCaller | null;
  }
  interface FastifyInstance {
    /** The public API's services tests drive directly (webhook passes with a manual clock). */
    publicApi: { webhooks: WebhooksService; apiKeys: ApiKeysService };
  }
}

const callerOf = (request: FastifyRequest): ApiCaller => {
  if (!request.apiCaller) throw new Error('public API route without its guard');
  return request.apiCaller;
};

/**
 * `/api/admin/api-keys` and `/api/admin/webhooks`: a business user manages their own keys and
 * webhooks in the admin area, as a key does under /api/v1.
 */
const adminRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  apiKeys: ApiKeysService;
  webhooks: WebhooksService;
}> = async (app, { auth, apiKeys, webhooks }) => {
  app.addHook('onRequest', staffGuard(auth, 'business-user'));
  const tags = ['admin api keys'];
  app.get(
    '/api/admin/api-keys',
    { schema: { tags, response: { 200: apiKeysResponseSchema, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return apiKeys.list(staffOf(request));
    },
  );
  app.post(
    '/api/admin/api-keys',
    {
      schema: {
        tags,
        summary: 'Create an API key; the whole key is in this answer only',
        body: createApiKeyRequestSchema,
        response: { 201: createdApiKeySchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(await apiKeys.create(staffOf(request), request.body.name));
    },
  );
  app.delete(
    '/api/admin/api-keys/:id',
    {
      schema: {
        tags,
        summary: 'Revoke an API key: requests with it are refused from now on',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await apiKeys.revoke(staffOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  const webhookTags = ['admin webhooks'];
  app.get(
    '/api/admin/webhooks',
    { schema: { tags: webhookTags, response: { 200: z.array(webhookSchema), ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return webhooks.list(apiKeys.ownerOf(staffOf(request)));
    },
  );
  app.post(
    '/api/admin/webhooks',
    {
      bodyLimit: PUBLIC_API_BODY_LIMIT,
      schema: {
        tags: webhookTags,
        summary:
          'Subscribe a URL to events, as POST /api/v1/webhooks does; the secret is in this answer only',
        body: createWebhookRequestSchema,
        response: { 201: createdWebhookSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const ownerId = await apiKeys.ownerWithApi(staffOf(request));
      return reply.code(201).send(await webhooks.subscribe(ownerId, request.body));
    },
  );
  app.delete(
    '/api/admin/webhooks/:id',
    {
      schema: {
        tags: webhookTags,
        summary: 'Unsubscribe: deliveries to this URL stop at once',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await webhooks.remove(apiKeys.ownerOf(staffOf(request)), request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.get(
    '/api/admin/webhooks/:id/deliveries',
    {
      schema: {
        tags: webhookTags,
        summary: 'The latest 100 deliveries of a webhook and how they went',
        params: idParamsSchema,
        response: { 200: z.array(webhookDeliverySchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return webhooks.deliveries(apiKeys.ownerOf(staffOf(request)), request.params.id);
    },
  );
};

interface V1Options {
  apiKeys: ApiKeysService;
  webhooks: WebhooksService;
  wheelsAdmin: WheelsAdminService;
  participants: ParticipantsService;
  matches: MatchesService;
  reports: ReportsService;
  limiters: LimiterFactory;
  requestsPerMinute: number;
}

/** `/api/v1`: what a key may do, always as its owner and only with the owner's wheels. */
const v1Routes: FastifyPluginAsyncZod<V1Options> = async (app, options) => {
  const { apiKeys, webhooks, wheelsAdmin, participants, matches, reports } = options;
  const limiter = options.limiters.attempts('public-api', {
    maxAttempts: options.requestsPerMinute,
    windowMs: 60_000,
  });
  app.decorateRequest('apiCaller', null);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const caller = await apiKeys.authenticate(bearerToken(request.headers.authorization));
    if (!(await limiter.tryAttempt(caller.keyId)))
      throw tooManyRequests(RATE_LIMITED, await limiter.retryAfterMs(caller.keyId));
    request.apiCaller = caller;
  });
  const base = { tags: [PUBLIC_API_TAG], security: [{ [API_KEY_SCHEME]: [] }] };
  /** The owner's wheel, or 404 for anyone else's (the same answer as a wheel that does not exist). */
  const ownWheel = (request: FastifyRequest, id: string) => wheelsAdmin.get(callerOf(request), id);

  app.get(
    '/api/v1/wheels',
    {
      schema: { ...base, summary: 'Your wheels', response: { 200: z.array(adminWheelRowSchema), ...errors } },
    },
    (request) => wheelsAdmin.list(callerOf(request)),
  );
  app.post(
    '/api/v1/wheels',
    {
      bodyLimit: PUBLIC_API_BODY_LIMIT,
      schema: {
        ...base,
        summary: 'Create a wheel (within your plan’s limits)',
        body: createWheelRequestSchema,
        response: { 201: adminWheelSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await wheelsAdmin.create(callerOf(request), request.body)),
  );
  app.get(
    '/api/v1/wheels/:id',
    {
      schema: {
        ...base,
        summary: 'One of your wheels',
        params: idParamsSchema,
        response: { 200: adminWheelSchema, ...errors },
      },
    },
    (request) => ownWheel(request, request.params.id),
  );
  app.get(
    '/api/v1/wheels/:id/participants',
    {
      schema: {
        ...base,
        summary: 'The people registered on one of your wheels, newest first',
        params: idParamsSchema,
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(200).default(50),
          offset: z.coerce.number().int().min(0).default(0),
        }),
        response: { 200: listParticipantsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const wheel = await ownWheel(request, request.params.id);
      return participants.listForAdmin({ wheelId: wheel.id, ...request.query });
    },
  );
  app.get(
    '/api/v1/wheels/:id/matches',
    {
      schema: {
        ...base,
        summary: 'The matches of one round of your wheel (the latest round unless `round` is given)',
        params: idParamsSchema,
        querystring: z.object({ round: z.coerce.number().int().min(1).optional() }),
        response: { 200: z.object({ round: z.number().int(), matches: z.array(matchSchema) }), ...errors },
      },
    },
    async (request) => {
      const wheel = await ownWheel(request, request.params.id);
      const round = request.query.round ?? wheel.currentRound;
      return { round, matches: round >= 1 ? await matches.listForRound(wheel.id, round) : [] };
    },
  );
  app.get(
    '/api/v1/wheels/:id/report',
    {
      schema: {
        ...base,
        summary: 'How your wheel went: participants, rounds, matches, calls',
        params: idParamsSchema,
        response: { 200: businessUserReportSchema.shape.wheels.element, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      await ownWheel(request, request.params.id);
      const report = await reports.forBusinessUser(caller, caller.id);
      const entry = report.wheels.find((wheel) => wheel.id === request.params.id);
      if (!entry) throw notFound('Wheel not found');
      return entry;
    },
  );

  app.get(
    '/api/v1/webhooks',
    {
      schema: {
        ...base,
        summary: 'Your webhook subscriptions',
        response: { 200: z.array(webhookSchema), ...errors },
      },
    },
    (request) => webhooks.list(callerOf(request).id),
  );
  app.post(
    '/api/v1/webhooks',
    {
      bodyLimit: PUBLIC_API_BODY_LIMIT,
      schema: {
        ...base,
        summary:
          'Subscribe a URL to events. Each delivery is a JSON POST signed in the WheelMeet-Signature header ' +
          '(t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" with the secret>); the secret is in this answer only. ' +
          'Failed deliveries (no 2xx) are retried with exponential backoff, 6 attempts in all.',
        body: createWebhookRequestSchema,
        response: { 201: createdWebhookSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await webhooks.subscribe(callerOf(request).id, request.body)),
  );
  app.delete(
    '/api/v1/webhooks/:id',
    {
      schema: {
        ...base,
        summary: 'Unsubscribe',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await webhooks.remove(callerOf(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.get(
    '/api/v1/webhooks/:id/deliveries',
    {
      schema: {
        ...base,
        summary: 'The latest 100 deliveries of a webhook and how they went',
        params: idParamsSchema,
        response: { 200: z.array(webhookDeliverySchema), ...errors },
      },
    },
    (request) => webhooks.deliveries(callerOf(request).id, request.params.id),
  );
};

export interface PublicApiDependencies {
  db: Kysely<Database>;
  clock: Clock;
  random: Random;
  events: DomainEvents;
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
  /** 'manual': no timer retries deliveries; tests call `app.publicApi.webhooks.runDue()`. */
  timers: 'timer' | 'manual';
  /** Replaces the HTTP client (tests). */
  send?: WebhookSender;
}

/** The public API (issue 13 part 5, decision 018): keys, /api/v1 and webhooks; the module registers itself. */
export async function registerPublicApi(app: FastifyInstance, deps: PublicApiDependencies) {
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
    send: deps.send ?? createHttpWebhookSender({ allowPrivateAddresses: deps.allowPrivateAddresses }),
    allowPrivateAddresses: deps.allowPrivateAddresses,
    onError: (error) => app.log.error({ err: error }, 'webhook delivery failed'),
  });
  app.decorate('publicApi', { webhooks, apiKeys });

  // Deliveries recorded with the change that raised their event (decision 028) go out at once.
  const unsubscribe = deps.events.subscribe('webhookDeliveriesRecorded', ({ deliveries }) =>
    webhooks.send(deliveries),
  );

  let timer: NodeJS.Timeout | undefined;
  if (deps.timers === 'timer') {
    timer = setInterval(() => {
      webhooks.runDue().catch((error) => app.log.error({ err: error }, 'webhook pass failed'));
    }, WEBHOOK_PASS_MS);
    timer.unref();
  }
  app.addHook('preClose', async () => {
    clearInterval(timer);
    unsubscribe();
    // Attempts under way finish (each is bounded by DELIVERY_TIMEOUT_MS) before the database closes.
    await webhooks.idle();
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
  return { apiKeys, webhooks };
}
