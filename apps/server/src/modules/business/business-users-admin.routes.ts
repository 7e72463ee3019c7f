import {
  businessUserSchema,
  createBusinessUserRequestSchema,
  demoRequestViewSchema,
  updateBusinessUserRequestSchema,
} from '@wheelmeet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminErrorResponses, idParamsSchema } from '../../lib/route-schemas';
import type { AuthService } from '../auth/auth.service';
import { staffGuard } from '../auth/staff-guard';
import type { BusinessUsersService } from './business-users.service';
import type { DemoRequestsService } from './demo-requests.service';

/** `/api/admin/business-users` and `/api/admin/demo-requests`: the customers, for platform admins. */
export const businessAdminRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  businessUsers: BusinessUsersService;
  demoRequests: DemoRequestsService;
}> = async (app, { auth, businessUsers, demoRequests }) => {
  app.addHook('onRequest', staffGuard(auth, 'admin'));
  const tags = ['admin business users'];

  app.get(
    '/api/admin/business-users',
    { schema: { tags, response: { 200: z.array(businessUserSchema), ...adminErrorResponses } } },
    () => businessUsers.list(),
  );
  app.post(
    '/api/admin/business-users',
    {
      schema: {
        tags,
        body: createBusinessUserRequestSchema,
        response: { 201: businessUserSchema, ...adminErrorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(await businessUsers.createByAdmin(request.body)),
  );
  app.put(
    '/api/admin/business-users/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: updateBusinessUserRequestSchema,
        response: { 200: businessUserSchema, ...adminErrorResponses },
      },
    },
    (request) => businessUsers.updateByAdmin(request.params.id, request.body),
  );
  app.delete(
    '/api/admin/business-users/:id',
    { schema: { tags, params: idParamsSchema, response: { 204: z.null(), ...adminErrorResponses } } },
    async (request, reply) => {
      await businessUsers.deleteByAdmin(request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/admin/demo-requests',
    {
      schema: { tags: ['admin'], response: { 200: z.array(demoRequestViewSchema), ...adminErrorResponses } },
    },
    () => demoRequests.listDemoRequests(),
  );
};
