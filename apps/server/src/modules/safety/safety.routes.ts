import {
  errorBodySchema,
  myBlocksResponseSchema,
  removeParticipantRequestSchema,
  removeParticipantResponseSchema,
  reportHandledRequestSchema,
  reportHandledResponseSchema,
  safetyActionRequestSchema,
  safetyActionResponseSchema,
  safetyReportsResponseSchema,
} from '@wheelmeet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { participantFromBearer } from '../../lib/http';
import { adminErrorResponses, idParamsSchema } from '../../lib/route-schemas';
import type { TokenService } from '../../lib/tokens';
import type { AuthService } from '../auth/auth.service';
import { staffGuard, staffOf } from '../auth/staff-guard';
import type { SafetyService } from './safety.service';

const REGISTER_FIRST = 'Register on a wheel to block or report someone.';

export const safetyParticipantRoutes: FastifyPluginAsyncZod<{
  safety: SafetyService;
  tokens: TokenService;
}> = async (app, { safety, tokens }) => {
  const participantOf = (authorization: string | undefined) =>
    participantFromBearer(tokens, authorization, REGISTER_FIRST);
  const tags = ['participants'];

  app.post(
    '/api/me/safety/:matchId',
    {
      schema: {
        tags,
        summary:
          'Block the other person of one of my matches (never matched again; anything open ends) and/or report them',
        params: z.object({ matchId: z.uuid() }),
        body: safetyActionRequestSchema,
        response: {
          200: safetyActionResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const me = await participantOf(request.headers.authorization);
      reply.header('cache-control', 'no-store');
      return safety.act(request.params.matchId, me, request.body);
    },
  );

  app.get(
    '/api/me/safety/blocks',
    {
      schema: {
        tags,
        summary: 'The people I blocked on my wheel',
        response: { 200: myBlocksResponseSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request, reply) => {
      const me = await participantOf(request.headers.authorization);
      reply.header('cache-control', 'no-store');
      return { blockedIds: await safety.blockedBy(me.participantId) };
    },
  );

  app.delete(
    '/api/me/safety/blocks/:participantId',
    {
      schema: {
        tags,
        summary: 'Take back my block of someone: later rounds may pair us again; the people I still block',
        params: z.object({ participantId: z.uuid() }),
        response: {
          200: myBlocksResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const me = await participantOf(request.headers.authorization);
      reply.header('cache-control', 'no-store');
      return { blockedIds: await safety.unblock(me, request.params.participantId) };
    },
  );
};

export const safetyStaffRoutes: FastifyPluginAsyncZod<{ safety: SafetyService; auth: AuthService }> = async (
  app,
  { safety, auth },
) => {
  app.addHook('onRequest', staffGuard(auth, 'any'));
  const tags = ['admin wheels'];

  app.get(
    '/api/admin/wheels/:id/safety/reports',
    {
      schema: {
        tags,
        summary: "Reports about people on the wheel (the organiser's own wheels; admins, any)",
        params: idParamsSchema,
        response: { 200: safetyReportsResponseSchema, ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return safety.reports(staffOf(request), request.params.id);
    },
  );

  app.put(
    '/api/admin/wheels/:id/safety/reports/:reportId/handled',
    {
      schema: {
        tags,
        summary:
          'Mark a report handled, so the wheel’s page shows what still needs looking at; or open it again',
        params: z.object({ id: z.uuid(), reportId: z.uuid() }),
        body: reportHandledRequestSchema,
        response: { 200: reportHandledResponseSchema, ...adminErrorResponses },
      },
    },
    (request) =>
      safety.markHandled(staffOf(request), request.params.id, request.params.reportId, request.body.handled),
  );

  app.post(
    '/api/admin/wheels/:id/safety/removals',
    {
      schema: {
        tags,
        summary:
          'Remove a participant from the wheel: their token stops working there, their seat and matches end',
        params: idParamsSchema,
        body: removeParticipantRequestSchema,
        response: { 200: removeParticipantResponseSchema, ...adminErrorResponses },
      },
    },
    (request) => safety.remove(staffOf(request), request.params.id, request.body.participantId),
  );
};
