import {
  adminWheelRowSchema,
  adminWheelSchema,
  businessUserReportSchema,
  createdWebhookSchema,
  createWebhookRequestSchema,
  createWheelRequestSchema,
  listParticipantsResponseSchema,
  matchSchema,
  webhookDeliverySchema,
  webhookSchema,
} from '@wheelmeet/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound, tooManyRequests } from '../../lib/errors';
import { bearerToken } from '../../lib/http';
import type { LimiterFactory } from '../../lib/redis-limiters';
import { idParamsSchema } from '../../lib/route-schemas';
import type { ReportsService } from '../admin/reports.service';
import type { MatchesService } from '../matches/matches.service';
import type { ParticipantsService } from '../participants/participants.service';
import type { WheelsAdminService } from '../wheels-admin/wheels-admin.service';
import type { ApiCaller, ApiKeysService } from './api-keys.service';
import { publicApiErrors as errors, PUBLIC_API_BODY_LIMIT } from './public-api.routes';
import type { WebhooksService } from './webhooks.service';

/** The OpenAPI tag and security scheme of the public API (see plugins/openapi.ts). */
const PUBLIC_API_TAG = 'public api';
const API_KEY_SCHEME = 'apiKey';
const RATE_LIMITED = 'Too many API requests with this key. Please slow down.';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the public API's guard: whose key made the request. */
    apiCaller: ApiCaller | null;
  }
}

const callerOf = (request: FastifyRequest): ApiCaller => {
  if (!request.apiCaller) throw new Error('public API route without its guard');
  return request.apiCaller;
};

export interface V1Options {
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
export const v1Routes: FastifyPluginAsyncZod<V1Options> = async (app, options) => {
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
