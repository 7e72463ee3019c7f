import fp from 'fastify-plugin';
import { createJobQueue } from '../jobs/job-queue';
import { createEventOutbox, type EventOutbox } from './event-outbox';
import { eventOutboxJob } from './event-outbox.job';
import { createEventOutboxRepository } from './event-outbox.repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** Events kept in the transaction that raised them and published after its commit (decision 026). */
    eventOutbox: EventOutbox;
  }
}

/**
 * The event outbox (decision 026): the outbox services write to and deliver after their commit,
 * and its sweep, a kind of job in the jobs loop (decision 030), which runs it in every process
 * at start and then every JOBS_POLL_MS.
 */
export const eventOutboxModule = fp(
  async (app) => {
    const { events, clock, log } = app;
    const repository = createEventOutboxRepository(app.db);
    app.jobs.add(createJobQueue(eventOutboxJob({ outbox: repository, events, log }), { clock, log }));
    app.decorate(
      'eventOutbox',
      createEventOutbox({ outbox: repository, events, clock, random: app.random, log }),
    );
  },
  { name: 'event-outbox', dependencies: ['infrastructure', 'jobs'] },
);
