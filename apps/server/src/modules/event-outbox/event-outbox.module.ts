import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { DomainEvents } from '../../lib/domain-events';
import type { Random } from '../../lib/random';
import { createJobQueue } from '../jobs/job-queue';
import type { Jobs } from '../jobs/jobs.module';
import { createEventOutbox, type EventOutbox } from './event-outbox';
import { eventOutboxJob } from './event-outbox.job';
import { createEventOutboxRepository } from './event-outbox.repository';

/**
 * The event outbox (decision 026): the outbox services write to and deliver after their commit,
 * and its sweep, a kind of job in the jobs loop (decision 030), which runs it in every process
 * at start and then every JOBS_POLL_MS.
 */
export function registerEventOutbox(
  app: FastifyInstance,
  deps: {
    db: Kysely<Database>;
    events: DomainEvents;
    clock: Clock;
    random: Random;
    jobs: Jobs;
  },
): EventOutbox {
  const repository = createEventOutboxRepository(deps.db);
  deps.jobs.add(
    createJobQueue(eventOutboxJob({ outbox: repository, events: deps.events, log: app.log }), {
      clock: deps.clock,
      log: app.log,
    }),
  );
  return createEventOutbox({
    outbox: repository,
    events: deps.events,
    clock: deps.clock,
    random: deps.random,
    log: app.log,
  });
}
