import {
  connectionSchema,
  errorBodySchema,
  followUpRequestSchema,
  myConnectionsResponseSchema,
} from '@wheelmeet/contracts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { DomainEvents } from '../../lib/domain-events';
import { participantFromBearer } from '../../lib/http';
import type { TokenService } from '../../lib/tokens';
import { createConnectionsRepository } from './connections.repository';
import { type ConnectionsService, createConnectionsService } from './connections.service';

const REGISTER_FIRST = 'Register on a wheel to see the people you met.';

const routes: FastifyPluginAsyncZod<{ connections: ConnectionsService; tokens: TokenService }> = async (
  app,
  { connections, tokens },
) => {
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

/** Keeping in touch after a call (issue 13, decision 015): the module registers itself. */
export async function registerConnections(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; clock: Clock; tokens: TokenService; events: DomainEvents },
) {
  const connections = createConnectionsService({
    connections: createConnectionsRepository(deps.db),
    clock: deps.clock,
    events: deps.events,
  });
  await app.register(routes, { connections, tokens: deps.tokens });
  return connections;
}
