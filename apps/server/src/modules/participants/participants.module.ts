import fp from 'fastify-plugin';
import { createParticipantsRepository } from './participants.repository';
import { participantsRoutes } from './participants.routes';
import { createParticipantsService, type ParticipantsService } from './participants.service';

declare module 'fastify' {
  interface FastifyInstance {
    participants: ParticipantsService;
  }
}

/** Registering on a wheel (/api/users/anonymous): the repository, the service (it asks the wheels about the wheel) and the routes. */
export const participantsModule = fp(
  async (app) => {
    const participants = createParticipantsService({
      participants: createParticipantsRepository(app.db),
      wheels: app.wheels,
      tokens: app.tokens,
      clock: app.clock,
      random: app.random,
    });
    app.decorate('participants', participants);
    await app.register(participantsRoutes, {
      participants,
      registrationLimit: app.config.participantRegistrationLimit,
    });
  },
  { name: 'participants', dependencies: ['infrastructure', 'form-rate-limit', 'wheels'] },
);
