import {
  adminWheelRowSchema,
  adminWheelSchema,
  createWheelRequestSchema,
  roundControlRequestSchema,
  updateWheelRequestSchema,
  wheelReportSchema,
  wheelTimingRequestSchema,
} from '@wheelmeet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminErrorResponses, idParamsSchema } from '../../lib/route-schemas';
import type { AuthService } from '../auth/auth.service';
import { staffGuard, staffOf } from '../auth/staff-guard';
import type { WheelsAdminService } from './wheels-admin.service';

/** `/api/admin/wheels`: admins manage every wheel, business users their own. */
export const wheelsAdminRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  wheelsAdmin: WheelsAdminService;
}> = async (app, { auth, wheelsAdmin }) => {
  app.addHook('onRequest', staffGuard(auth, 'any'));
  const tags = ['admin wheels'];

  app.get(
    '/api/admin/wheels',
    { schema: { tags, response: { 200: z.array(adminWheelRowSchema), ...adminErrorResponses } } },
    (request) => wheelsAdmin.list(staffOf(request)),
  );

  app.get(
    '/api/admin/wheels/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: adminWheelSchema, ...adminErrorResponses } } },
    (request) => wheelsAdmin.get(staffOf(request), request.params.id),
  );

  app.post(
    '/api/admin/wheels',
    {
      schema: {
        tags,
        body: createWheelRequestSchema,
        response: { 201: adminWheelSchema, ...adminErrorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(await wheelsAdmin.create(staffOf(request), request.body)),
  );

  app.put(
    '/api/admin/wheels/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: updateWheelRequestSchema,
        response: { 200: adminWheelSchema, ...adminErrorResponses },
      },
    },
    (request) => wheelsAdmin.update(staffOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/admin/wheels/:id',
    { schema: { tags, params: idParamsSchema, response: { 204: z.null(), ...adminErrorResponses } } },
    async (request, reply) => {
      await wheelsAdmin.delete(staffOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/admin/wheels/:id/report',
    {
      schema: {
        tags,
        summary: 'Who met whom, round by round: new faces, shared interests, who sat out',
        params: idParamsSchema,
        response: { 200: wheelReportSchema, ...adminErrorResponses },
      },
    },
    (request) => wheelsAdmin.report(staffOf(request), request.params.id),
  );

  app.post(
    '/api/admin/wheels/:id/rounds',
    {
      schema: {
        tags,
        summary: 'Organiser controls: spin now, pause or resume the rounds',
        params: idParamsSchema,
        body: roundControlRequestSchema,
        response: { 200: adminWheelSchema, ...adminErrorResponses },
      },
    },
    (request) => wheelsAdmin.control(staffOf(request), request.params.id, request.body.action),
  );

  app.put(
    '/api/admin/wheels/:id/timing',
    {
      schema: {
        tags,
        summary:
          'Live controls: change the round and call length; the countdown and running calls follow at once',
        params: idParamsSchema,
        body: wheelTimingRequestSchema,
        response: { 200: adminWheelSchema, ...adminErrorResponses },
      },
    },
    (request) => wheelsAdmin.retime(staffOf(request), request.params.id, request.body),
  );
};
