import fp from 'fastify-plugin';
import { RemovedFromWheelError } from './removed-from-wheel';
import { announceRemoval, guardRemovedParticipants } from './safety.hub';
import { createSafetyRepository } from './safety.repository';
import { safetyParticipantRoutes, safetyStaffRoutes } from './safety.routes';
import { createSafetyService, type SafetyService } from './safety.service';

declare module 'fastify' {
  interface FastifyInstance {
    safety: SafetyService;
  }
}

/**
 * Safety: report and block, and removal by the organiser (issue 13, decision 016). A removed
 * participant is refused wherever their token is read (HTTP and the hub's handshake) and on
 * every hub call, on every server process and after restarts: the check reads the database.
 */
export const safetyModule = fp(
  async (app) => {
    const { hub } = app;
    const safety = createSafetyService({
      safety: createSafetyRepository(app.db),
      matches: app.matches,
      calls: app.calls,
      wheels: app.wheels,
      clock: app.clock,
      random: app.random,
      onRemoved: (wheelId, participantId) => announceRemoval(hub.io, wheelId, participantId),
    });
    app.decorate('safety', safety);
    app.tokens.addParticipantCheck(async ({ participantId }) => {
      if (await safety.isRemoved(participantId)) throw new RemovedFromWheelError();
    });
    hub.handle((socket) => guardRemovedParticipants(socket, { isRemoved: safety.isRemoved, log: app.log }));
    await app.register(safetyParticipantRoutes, { safety, tokens: app.tokens });
    await app.register(safetyStaffRoutes, { safety, auth: app.auth });
  },
  { name: 'safety', dependencies: ['infrastructure', 'hub', 'auth', 'wheels', 'matches', 'calls'] },
);
