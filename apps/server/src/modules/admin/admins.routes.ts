import { adminUserSchema, createAdminRequestSchema, updateAdminRequestSchema } from '@wheelmeet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminErrorResponses, idParamsSchema } from '../../lib/route-schemas';
import type { AuthService } from '../auth/auth.service';
import { staffGuard, staffOf } from '../auth/staff-guard';
import type { AdminsService } from './admins.service';

/** `/api/admin/users`: admin accounts, for super admins only. */
export const adminsRoutes: FastifyPluginAsyncZod<{ auth: AuthService; admins: AdminsService }> = async (
  app,
  { auth, admins },
) => {
  app.addHook('onRequest', staffGuard(auth, 'super-admin'));
  const tags = ['admins'];

  app.get(
    '/api/admin/users',
    { schema: { tags, response: { 200: z.array(adminUserSchema), ...adminErrorResponses } } },
    () => admins.list(),
  );

  app.post(
    '/api/admin/users',
    {
      schema: {
        tags,
        body: createAdminRequestSchema,
        response: { 201: adminUserSchema, ...adminErrorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(await admins.create(request.body)),
  );

  app.put(
    '/api/admin/users/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: updateAdminRequestSchema,
        response: { 200: adminUserSchema, ...adminErrorResponses },
      },
    },
    (request) => admins.update(request.params.id, request.body, staffOf(request).id),
  );

  app.delete(
    '/api/admin/users/:id',
    { schema: { tags, params: idParamsSchema, response: { 204: z.null(), ...adminErrorResponses } } },
    async (request, reply) => {
      await admins.delete(request.params.id, staffOf(request).id);
      return reply.code(204).send(null);
    },
  );
};
