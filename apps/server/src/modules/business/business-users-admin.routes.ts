import {
  businessUserSchema,
  createBusinessUserRequestSchema,
  demoRequestViewSchema,
  errorBodySchema,
  updateBusinessUserRequestSchema,
} from '@wheelmeet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthService } from '../auth/auth.service';
import { staffGuard } from '../auth/staff-guard';
import type { BusinessUsersService } from './business-users.service';
import type { DemoRequestsService } from './demo-requests.service';

const idParams = z.object({ id: z.uuid() });
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

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
    { schema: { tags, response: { 200: z.array(businessUserSchema), ...errors } } },
    () => businessUsers.list(),
  );
  app.post(
    '/api/admin/business-users',
    {
      schema: {
        tags,
        body: createBusinessUserRequestSchema,
        response: { 201: businessUserSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await businessUsers.createByAdmin(request.body)),
  );
  app.put(
    '/api/admin/business-users/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: updateBusinessUserRequestSchema,
        response: { 200: businessUserSchema, ...errors },
      },
    },
    (request) => businessUsers.updateByAdmin(request.params.id, request.body),
  );
  app.delete(
    '/api/admin/business-users/:id',
    { schema: { tags, params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await businessUsers.deleteByAdmin(request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/admin/demo-requests',
    { schema: { tags: ['admin'], response: { 200: z.array(demoRequestViewSchema), ...errors } } },
    () => demoRequests.listDemoRequests(),
  );
};
