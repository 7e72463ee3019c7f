import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { LimiterFactory } from '../../lib/redis-limiters';
import { createParticipantsRepository } from '../participants/participants.repository';
import { createWheelsRepository } from './wheels.repository';
import { wheelsRoutes } from './wheels.routes';
import { createAccessCodeLimits, createWheelsService, type WheelsService } from './wheels.service';

type WheelsServiceDeps = Parameters<typeof createWheelsService>[0];

/**
 * The wheels visitors see (/api/wheels): the service over the wheels' repository and the
 * participants' (read for who is on a wheel), with the access-code limits, and the routes.
 * Returns the service, which participants, rounds, safety and the hub use.
 */
export async function registerWheels(
  app: FastifyInstance,
  deps: Omit<WheelsServiceDeps, 'wheels' | 'participants' | 'accessAttempts'> & {
    db: Kysely<Database>;
    limiters: LimiterFactory;
  },
): Promise<WheelsService> {
  const { db, limiters, ...service } = deps;
  const wheels = createWheelsService({
    ...service,
    wheels: createWheelsRepository(db),
    participants: createParticipantsRepository(db),
    accessAttempts: createAccessCodeLimits(limiters),
  });
  await app.register(wheelsRoutes, { wheels });
  return wheels;
}
