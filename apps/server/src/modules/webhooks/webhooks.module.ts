import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { DomainEvents } from '../../lib/domain-events';
import { createJobQueue } from '../jobs/job-queue';
import type { Jobs } from '../jobs/jobs.module';
import { webhookDeliveriesJob } from './webhook-deliveries.job';
import { createWebhookDeliveriesRepository, type DeliveryRow } from './webhook-deliveries.repository';
import { createHttpWebhookSender } from './webhook-sender';

/** Sending the deliveries a change just recorded; tests replace `send` to stand for a process that stopped. */
export interface WebhookDeliveries {
  /** Sends them now, without the caller waiting; what fails is retried by the jobs' pass. */
  send(deliveries: readonly DeliveryRow[]): void;
  /** Resolves once the sends started here have finished (tests, shutdown). */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    webhookDeliveries: WebhookDeliveries;
  }
}

/**
 * Webhook deliveries (decision 028): recorded by the repositories of matches, rounds and
 * connections in the transaction of the change (`recordWebhookDeliveries`), sent at once after
 * its commit (`webhookDeliveriesRecorded`), retried by the jobs loop (decision 030). Below the
 * public API, which manages the webhooks themselves.
 */
export function registerWebhookDeliveries(
  app: FastifyInstance,
  deps: {
    db: Kysely<Database>;
    clock: Clock;
    events: DomainEvents;
    jobs: Jobs;
    /** Private and loopback addresses allowed (tests, or an install inside a private network). */
    allowPrivateAddresses: boolean;
  },
): WebhookDeliveries {
  const queue = createJobQueue(
    webhookDeliveriesJob({
      repository: createWebhookDeliveriesRepository(deps.db),
      clock: deps.clock,
      send: createHttpWebhookSender({ allowPrivateAddresses: deps.allowPrivateAddresses }),
    }),
    { clock: deps.clock, log: app.log },
  );
  deps.jobs.add(queue);
  const deliveries: WebhookDeliveries = { send: queue.start, idle: queue.idle };
  app.decorate('webhookDeliveries', deliveries);

  const unsubscribe = deps.events.subscribe('webhookDeliveriesRecorded', (recorded) =>
    deliveries.send(recorded.deliveries),
  );
  app.addHook('preClose', async () => {
    unsubscribe();
    // Attempts under way finish (each is bounded by DELIVERY_TIMEOUT_MS) before the database closes.
    await deliveries.idle();
  });
  return deliveries;
}
