import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { createParticipantsRepository } from './participants.repository';
import { participantsRoutes } from './participants.routes';
import { createParticipantsService, type ParticipantsService } from './participants.service';

type ParticipantsServiceDeps = Parameters<typeof createParticipantsService>[0];

/**
 * Registering on a wheel (/api/users/anonymous): the repository, the service (it asks the wheels
 * module about the wheel) and the routes. Returns the service, which the hub, the admin
 * dashboard and the public API use.
 */
export async function registerParticipants(
  app: FastifyInstance,
  deps: Omit<ParticipantsServiceDeps, 'participants'> & {
    db: Kysely<Database>;
    /** Registrations per client per minute (PARTICIPANT_REGISTRATION_LIMIT). */
    registrationLimit: number;
  },
): Promise<ParticipantsService> {
  const { db, registrationLimit, ...service } = deps;
  const participants = createParticipantsService({
    ...service,
    participants: createParticipantsRepository(db),
  });
  await app.register(participantsRoutes, { participants, registrationLimit });
  return participants;
}
