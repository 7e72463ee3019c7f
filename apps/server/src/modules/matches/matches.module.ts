import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { WheelHub } from '../../realtime/hub';
import { registerMatchHandlers } from '../../realtime/match-handlers';
import { createMatchesRepository } from './matches.repository';
import { createMatchesService, type MatchesService } from './matches.service';

type MatchesServiceDeps = Parameters<typeof createMatchesService>[0];

/**
 * Matches: the repository, the service (answers, closing, expiry) and the hub's AcceptMatch and
 * DeclineMatch on every connection (realtime/match-handlers.ts). Returns the service, which
 * rounds, the hub, safety and the public API use.
 */
export function registerMatches(
  app: FastifyInstance,
  deps: Omit<MatchesServiceDeps, 'matches'> & { db: Kysely<Database>; hub: WheelHub },
): MatchesService {
  const { db, hub, ...service } = deps;
  const matches = createMatchesService({ ...service, matches: createMatchesRepository(db) });
  hub.on('connection', (socket) => registerMatchHandlers(socket, { matches, log: app.log }));
  return matches;
}
