import {
  adminUserSchema,
  createAdminRequestSchema,
  errorBodySchema,
  updateAdminRequestSchema,
} from '@wheelmeet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthService } from '../auth/auth.service';
import { staffGuard, staffOf } from '../auth/staff-guard';
import type { AdminsService } from './admins.service';

const idParams = z.object({ id: z.uuid() });
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/** `/api/admin/users`: admin accounts, for super admins only. */
export const adminsRoutes: FastifyPluginAsyncZod<{ auth: AuthService; admins: AdminsService }> = async (
  app,
  { auth, admins },
) => {
  app.addHook('onRequest', staffGuard(auth, 'super-admin'));
  const tags = ['admins'];

  app.get(
    '/api/admin/users',
    { schema: { tags, response: { 200: z.array(adminUserSchema), ...errors } } },
    () => admins.list(),
  );

  app.post(
    '/api/admin/users',
    { schema: { tags, body: createAdminRequestSchema, response: { 201: adminUserSchema, ...errors } } },
    async (request, reply) => reply.code(201).send(await admins.create(request.body)),
  );

  app.put(
    '/api/admin/users/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: updateAdminRequestSchema,
        response: { 200: adminUserSchema, ...errors },
      },
    },
    (request) => admins.update(request.params.id, request.body, staffOf(request).id),
  );

  app.delete(
    '/api/admin/users/:id',
    { schema: { tags, params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await admins.delete(request.params.id, staffOf(request).id);
      return reply.code(204).send(null);
    },
  );
};
