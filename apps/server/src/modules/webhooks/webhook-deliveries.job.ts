import type { Clock } from '../../lib/clock';
import type { JobKind } from '../jobs/job-queue';
import type { DeliveryRow, WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import {
  DELIVERY_TIMEOUT_MS,
  isDelivered,
  nextAttemptDelayMs,
  SIGNATURE_HEADER,
  signatureHeader,
} from './webhook-delivery-rules';
import type { WebhookSender } from './webhook-sender';

export const WEBHOOK_DELIVERIES_JOB = 'webhook-deliveries';
/** Deliveries one pass sends at most (the rest wait for the next pass). */
const DUE_BATCH = 50;

type ClaimedDelivery = DeliveryRow & { url: string; secret: string };

/** A receiver's answer other than 2xx: the attempt failed, and its status code is kept. */
class ReceiverRefused extends Error {
  constructor(readonly statusCode: number) {
    super(`The receiver answered ${statusCode}`);
  }
}

/**
 * Webhook deliveries as jobs (decisions 018, 028): each a signed POST, retried with a doubling
 * wait until the receiver answers 2xx or MAX_DELIVERY_ATTEMPTS were made. Sent side by side.
 */
export function webhookDeliveriesJob(deps: {
  repository: WebhookDeliveriesRepository;
  clock: Clock;
  send: WebhookSender;
}): JobKind<DeliveryRow, ClaimedDelivery, number> {
  const { repository, clock, send } = deps;
  return {
    name: WEBHOOK_DELIVERIES_JOB,
    batch: DUE_BATCH,
    concurrent: true,
    // While an attempt runs, no other pass takes the delivery.
    leaseMs: () => DELIVERY_TIMEOUT_MS * 2,
    retryDelayMs: nextAttemptDelayMs,
    due: (now, limit) => repository.listDue(now, limit),

    async claim(delivery, _now, leaseUntil) {
      if (!delivery.next_attempt_at) return undefined;
      if (!(await repository.claim(delivery.id, delivery.next_attempt_at, leaseUntil))) return undefined;
      const target = await repository.findTarget(delivery.webhook_id);
      return target && { ...delivery, ...target, attempts: delivery.attempts + 1 };
    },

    async perform(delivery) {
      const statusCode = await send(delivery.url, delivery.payload, {
        'content-type': 'application/json',
        'user-agent': 'WheelMeet-Webhooks/1',
        [SIGNATURE_HEADER]: signatureHeader(delivery.secret, delivery.payload, clock.now()),
        'WheelMeet-Delivery': delivery.id,
      });
      if (!isDelivered(statusCode)) throw new ReceiverRefused(statusCode);
      return statusCode;
    },

    async succeeded(delivery, statusCode, at) {
      await repository.recordAttempt(delivery.id, {
        status: 'succeeded',
        attempts: delivery.attempts,
        next_attempt_at: null,
        last_status_code: statusCode,
        last_error: null,
        updated_at: at,
      });
    },

    async failed(delivery, error, retryAt, at) {
      await repository.recordAttempt(delivery.id, {
        status: retryAt === null ? 'failed' : 'pending',
        attempts: delivery.attempts,
        next_attempt_at: retryAt,
        last_status_code: error instanceof ReceiverRefused ? error.statusCode : null,
        last_error: error instanceof Error ? error.message.slice(0, 500) : 'The request failed',
        updated_at: at,
      });
    },
  };
}
