import type { FastifyBaseLogger } from 'fastify';
import type { DomainEvents } from '../../events/domain-events';
import type { JobKind } from '../jobs/job-queue';
import { leaseAfter, MAX_EVENT_ATTEMPTS, publishStored } from './event-outbox';
import type { EventOutboxRepository, EventOutboxRow } from './event-outbox.repository';

export const EVENT_OUTBOX_JOB = 'event-outbox';
/** Events one pass takes at most; the next takes the rest. */
const BATCH = 50;

/**
 * The sweep of the event outbox (decision 026) as a job: events left behind (the raising process
 * stopped, or a listener failed) are published again, ever more rarely, and dropped with an error
 * in the log after MAX_EVENT_ATTEMPTS.
 */
export function eventOutboxJob(deps: {
  outbox: EventOutboxRepository;
  events: Pick<DomainEvents, 'publish'>;
  log: FastifyBaseLogger;
}): JobKind<{ id: string; attempts: number }, EventOutboxRow> {
  const { outbox, events, log } = deps;
  return {
    name: EVENT_OUTBOX_JOB,
    batch: BATCH,
    leaseMs: leaseAfter,
    // The claim's lease is the wait: a failed event is due again when it ends.
    retryDelayMs: (attempts) => (attempts >= MAX_EVENT_ATTEMPTS ? null : leaseAfter(attempts)),
    due: (now, limit) => outbox.due(now, limit),
    claim: (candidate, now, leaseUntil) => outbox.claim(candidate.id, candidate.attempts, now, leaseUntil),

    async perform(event) {
      if (!(await publishStored(events, event.name, event.payload))) throw new Error('a listener failed');
    },
    succeeded: (event) => outbox.remove(event.id),

    async failed(event, _error, retryAt) {
      if (retryAt === null) {
        await outbox.remove(event.id);
        log.error({ eventId: event.id, event: event.name }, 'an event kept failing; it was dropped');
      } else log.warn({ eventId: event.id, event: event.name, retryAt }, 'an event will be published again');
    },
  };
}
