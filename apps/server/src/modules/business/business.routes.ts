import {
  businessRegistrationResponseSchema,
  businessRegistrationSchema,
  demoRequestResponseSchema,
  demoRequestSchema,
  errorBodySchema,
  listPlansResponseSchema,
} from '@wheelmeet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fastSerializerCompiler } from '../../lib/response-serializer';
import { publicFormLimit } from '../../plugins/form-rate-limit';
import type { BusinessUsersService } from './business-users.service';
import type { DemoRequestsService } from './demo-requests.service';
import type { PlansService } from './plans.service';

export const businessRoutes: FastifyPluginAsyncZod<{
  plans: PlansService;
  businessUsers: BusinessUsersService;
  demoRequests: DemoRequestsService;
  /** Sign-ups and demo requests per client per 10 minutes. */
  formLimit: number;
}> = async (app, { plans, businessUsers, demoRequests, formLimit }) => {
  app.get(
    '/api/business/plans',
    {
      serializerCompiler: fastSerializerCompiler,
      schema: {
        tags: ['business'],
        summary: 'The plans organisers can buy, featured plan flagged',
        response: { 200: listPlansResponseSchema, 500: errorBodySchema },
      },
    },
    () => plans.listPlans(),
  );

  app.post(
    '/api/business/demo-request',
    {
      onRequest: app.rateLimit(publicFormLimit('demo-requests', formLimit)),
      schema: {
        tags: ['business'],
        summary: 'Ask for a demo; the admins see it in their demo request list',
        body: demoRequestSchema,
        response: { 201: demoRequestResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => reply.code(201).send(await demoRequests.submit(request.body)),
  );

  app.post(
    '/api/business/register',
    {
      onRequest: app.rateLimit(publicFormLimit('sign-ups', formLimit)),
      schema: {
        tags: ['business'],
        summary:
          'Create an organiser account for a plan, with the sign-up token that pays for it; it stays inactive until its payment succeeds. The owner of an unpaid or expired account continues with the right password (throttled like a sign-in); any other taken email answers a neutral 409',
        body: businessRegistrationSchema,
        response: {
          201: businessRegistrationResponseSchema,
          400: errorBodySchema,
          409: errorBodySchema,
          // Too many from this address, too many guesses at an existing account's password, or
          // a full password queue (`rate_limited`): each with Retry-After.
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await businessUsers.register(request.body, request.ip)),
  );
};
