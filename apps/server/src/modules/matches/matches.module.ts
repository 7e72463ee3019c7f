import fp from 'fastify-plugin';
import { wheelOwnerWants } from '../webhooks/webhook-deliveries.repository';
import { registerMatchHandlers } from './matches.hub';
import { createMatchesRepository } from './matches.repository';
import { createMatchesService, type MatchesService } from './matches.service';

declare module 'fastify' {
  interface FastifyInstance {
    matches: MatchesService;
  }
}

/** Matches: the repository, the service (answers, closing, expiry) and the hub's AcceptMatch and DeclineMatch (matches.hub.ts). */
export const matchesModule = fp(
  async (app) => {
    const { db, readCache } = app;
    const matches = createMatchesService({
      matches: createMatchesRepository(db),
      events: app.events,
      clock: app.clock,
      // Until a webhook or a wheel changes (in this process at once, in another with Redis or
      // within READ_CACHE_MAX_AGE_MS), one answer serves every accept on the wheel: the
      // answer reads the wheel's owner too.
      webhooksWant: (wheelId, type) =>
        readCache.read(`webhooks-want:${wheelId}:${type}`, ['webhooks', 'wheels'], () =>
          wheelOwnerWants(db, wheelId, type),
        ),
    });
    app.decorate('matches', matches);
    app.hub.handle((socket) => registerMatchHandlers(socket, { matches, log: app.log }));
  },
  { name: 'matches', dependencies: ['infrastructure', 'hub'] },
);
