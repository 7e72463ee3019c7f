import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { DomainEvents } from '../../lib/domain-events';
import type { Random } from '../../lib/random';
import { createEventOutbox, type EventOutbox } from './event-outbox';
import { createEventOutboxRepository } from './event-outbox.repository';

/** How often each process looks for events another process (or this one) left behind. */
const SWEEP_INTERVAL_MS = 5_000;

/**
 * The event outbox (decision 026). With the 'timer' worker every process sweeps once it is
 * ready (every listener has subscribed by then: events left by a process that stopped are
 * published at start) and then every SWEEP_INTERVAL_MS. Without it ('manual', the tests' apps)
 * nothing sweeps: tests drive their own outboxes (test/event-outbox.test.ts).
 */
export function registerEventOutbox(
  app: FastifyInstance,
  deps: {
    db: Kysely<Database>;
    events: DomainEvents;
    clock: Clock;
    random: Random;
    worker: 'timer' | 'manual';
  },
): EventOutbox {
  const outbox = createEventOutbox({
    outbox: createEventOutboxRepository(deps.db),
    events: deps.events,
    clock: deps.clock,
    random: deps.random,
    log: app.log,
  });
  if (deps.worker === 'timer') {
    const sweep = () =>
      void outbox
        .sweep()
        .catch((error: unknown) => app.log.error({ err: error }, 'event outbox sweep failed'));
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      sweep();
      timer = setInterval(sweep, SWEEP_INTERVAL_MS);
      timer.unref();
    });
    app.addHook('preClose', async () => clearInterval(timer));
  }
  return outbox;
}
