import {
  connectionSchema,
  errorBodySchema,
  followUpRequestSchema,
  myConnectionsResponseSchema,
} from '@wheelmeet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { participantFromBearer } from '../../lib/http';
import type { TokenService } from '../../lib/tokens';
import type { ConnectionsService } from './connections.service';

const REGISTER_FIRST = 'Register on a wheel to see the people you met.';

export const connectionsRoutes: FastifyPluginAsyncZod<{
  connections: ConnectionsService;
  tokens: TokenService;
}> = async (app, { connections, tokens }) => {
  const participantOf = (authorization: string | undefined) =>
    participantFromBearer(tokens, authorization, REGISTER_FIRST);

  app.get(
    '/api/me/connections',
    {
      schema: {
        tags: ['participants'],
        summary:
          'My connections: the people the participant met on their wheel, and what both chose to share',
        response: { 200: myConnectionsResponseSchema, 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      const me = await participantOf(request.headers.authorization);
      reply.header('cache-control', 'no-store');
      return connections.myConnections(me.wheelId, me.participantId);
    },
  );

  app.put(
    '/api/me/connections/:matchId',
    {
      schema: {
        tags: ['participants'],
        summary: 'Share contact details (shown only when both share) and rate the conversation, after a call',
        params: z.object({ matchId: z.uuid() }),
        body: followUpRequestSchema,
        response: {
          200: connectionSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const me = await participantOf(request.headers.authorization);
      reply.header('cache-control', 'no-store');
      return connections.followUp(request.params.matchId, me.participantId, request.body);
    },
  );
};
