import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { registerCallHandlers } from '../../realtime/call-handlers';
import { createCallsRepository } from './calls.repository';
import { type CallsService, createCallsService } from './calls.service';

type CallsServiceDeps = Parameters<typeof createCallsService>[0];
type CallHandlerDeps = Parameters<typeof registerCallHandlers>[1];

/**
 * Video calls: the repository, the service (the call's clock, ICE servers) and the hub's
 * signalling relay on every connection (realtime/call-handlers.ts). Returns the service, which
 * the round ticker, the hub, safety, the admin wheels and the client config use.
 */
export function registerCalls(
  app: FastifyInstance,
  deps: Omit<CallsServiceDeps, 'calls'> &
    Pick<CallHandlerDeps, 'hub' | 'signalLimiter'> & { db: Kysely<Database> },
): CallsService {
  const { db, hub, signalLimiter, ...service } = deps;
  const calls = createCallsService({ ...service, calls: createCallsRepository(db) });
  hub.on('connection', (socket) => registerCallHandlers(socket, { hub, calls, signalLimiter, log: app.log }));
  return calls;
}
