import {
  adminWheelRowSchema,
  adminWheelSchema,
  announcementRequestSchema,
  announcementSchema,
  createWheelRequestSchema,
  errorBodySchema,
  roundControlRequestSchema,
  updateWheelRequestSchema,
  wheelReportSchema,
  wheelLiveSchema,
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

  app.post(
    '/api/admin/wheels/:id/announcements',
    {
      schema: {
        tags,
        summary:
          'Speak to everyone on the wheel, people in a call included; one announcement every 10 seconds (429 with Retry-After when too soon)',
        params: idParamsSchema,
        body: announcementRequestSchema,
        response: { 201: announcementSchema, ...adminErrorResponses, 429: errorBodySchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await wheelsAdmin.announce(staffOf(request), request.params.id, request.body.message)),
  );

  app.get(
    '/api/admin/wheels/:id/live',
    {
      schema: {
        tags,
        summary: "The live console's figures: the event's phase, who sits, talks, waits and sat out",
        params: idParamsSchema,
        response: { 200: wheelLiveSchema, ...adminErrorResponses },
      },
    },
    (request) => wheelsAdmin.live(staffOf(request), request.params.id),
  );

  app.get(
    '/api/admin/wheels/:id/export.csv',
    {
      schema: {
        tags,
        summary:
          'Every match of the wheel as a spreadsheet (UTF-8 CSV): who met whom each round, their answers, the outcome, shared contacts and ratings',
        params: idParamsSchema,
        response: {
          200: {
            description: 'The matches, one row each, UTF-8 with a byte order mark',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...adminErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const { fileName, csv } = await wheelsAdmin.exportMatches(staffOf(request), request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(csv);
    },
  );
};
