import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ReadCache } from '../../lib/read-cache';
import type { WheelHub } from '../../realtime/hub';
import { registerMatchHandlers } from '../../realtime/match-handlers';
import { wheelOwnerWants } from '../webhooks/webhook-deliveries.repository';
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
  deps: Omit<MatchesServiceDeps, 'matches' | 'webhooksWant'> & {
    db: Kysely<Database>;
    cache: ReadCache;
    hub: WheelHub;
  },
): MatchesService {
  const { db, cache, hub, ...service } = deps;
  const matches = createMatchesService({
    ...service,
    matches: createMatchesRepository(db),
    // Until a webhook is added or removed (in this process at once, in another with Redis or
    // within READ_CACHE_MAX_AGE_MS), one answer serves every accept on the wheel.
    webhooksWant: (wheelId, type) =>
      cache.read(`webhooks-want:${wheelId}:${type}`, ['webhooks'], () => wheelOwnerWants(db, wheelId, type)),
  });
  hub.on('connection', (socket) => registerMatchHandlers(socket, { matches, log: app.log }));
  return matches;
}
