import fp from 'fastify-plugin';
import { createJobQueue } from '../jobs/job-queue';
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
export const webhooksModule = fp(
  async (app) => {
    const { clock } = app;
    const queue = createJobQueue(
      webhookDeliveriesJob({
        repository: createWebhookDeliveriesRepository(app.db),
        clock,
        // Private and loopback addresses only when allowed (tests, or an install inside a private network).
        send: createHttpWebhookSender({ allowPrivateAddresses: app.config.webhooksAllowPrivateAddresses }),
      }),
      { clock, log: app.log },
    );
    app.jobs.add(queue);
    const deliveries: WebhookDeliveries = { send: queue.start, idle: queue.idle };
    app.decorate('webhookDeliveries', deliveries);

    const unsubscribe = app.events.subscribe('webhookDeliveriesRecorded', (recorded) =>
      deliveries.send(recorded.deliveries),
    );
    app.addHook('preClose', async () => {
      unsubscribe();
      // Attempts under way finish (each is bounded by DELIVERY_TIMEOUT_MS) before the database closes.
      await deliveries.idle();
    });
  },
  { name: 'webhooks', dependencies: ['infrastructure', 'jobs'] },
);
