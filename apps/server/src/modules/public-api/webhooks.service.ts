import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import {
  type CreatedWebhook,
  type CreateWebhookRequest,
  type Webhook,
  type WebhookDelivery,
  webhookEventSchema,
} from '@wheelmeet/contracts';
import { z } from 'zod';
import { fromJsonColumn, toJsonColumn } from '../../db/json';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import type { Random } from '../../lib/random';
import type { DeliveryRow, PublicApiRepository, WebhookRow } from './public-api.repository';
import {
  DELIVERY_TIMEOUT_MS,
  isDelivered,
  isPrivateAddress,
  MAX_WEBHOOKS_PER_ACCOUNT,
  nextAttemptDelayMs,
  SIGNATURE_HEADER,
  signatureHeader,
  WEBHOOK_URL_REFUSED,
} from './public-api-rules';
import type { WebhookSender } from './webhook-sender';

export const WEBHOOK_NOT_FOUND = 'Webhook not found';
export const TOO_MANY_WEBHOOKS = `An account may hold at most ${MAX_WEBHOOKS_PER_ACCOUNT} webhooks. Delete one first.`;
/** Deliveries one pass sends at most (the rest wait for the next pass). */
const DUE_BATCH = 50;

const eventsOf = (row: WebhookRow) => fromJsonColumn(row.events, z.array(webhookEventSchema), []);
const toWebhook = (row: WebhookRow): Webhook => ({
  id: row.id,
  url: row.url,
  events: eventsOf(row),
  createdAt: row.created_at,
});
const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  event: webhookEventSchema.catch('round.completed').parse(row.event),
  status: row.status,
  attempts: row.attempts,
  lastStatusCode: row.last_status_code,
  nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
  createdAt: row.created_at,
});

/** Subscriptions and their deliveries: recorded first, then sent, retried with backoff until delivered or given up. */
export function createWebhooksService(deps: {
  repository: PublicApiRepository;
  clock: Clock;
  random: Random;
  send: WebhookSender;
  /** Private and loopback addresses allowed (tests, or an install inside a private network). */
  allowPrivateAddresses: boolean;
  onError?: (error: unknown) => void;
}) {
  const { repository, clock, random, send } = deps;
  const inFlight = new Set<Promise<unknown>>();

  /** Refuses a URL whose host is, or resolves to, a private or loopback address (checked again on every delivery). */
  async function checkUrl(url: string): Promise<void> {
    if (deps.allowPrivateAddresses) return;
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    let addresses: string[];
    if (isIP(host)) addresses = [host];
    else {
      try {
        addresses = (await lookup(host, { all: true })).map((entry) => entry.address);
      } catch {
        throw new AppError('validation_failed', 'This URL’s host name could not be found.', [
          { path: 'body.url', message: 'This URL’s host name could not be found.' },
        ]);
      }
    }
    if (addresses.length === 0 || addresses.some(isPrivateAddress))
      throw new AppError('validation_failed', WEBHOOK_URL_REFUSED, [
        { path: 'body.url', message: WEBHOOK_URL_REFUSED },
      ]);
  }

  async function attempt(delivery: DeliveryRow): Promise<void> {
    const now = clock.now();
    // The lease: while this attempt runs, no other pass takes the delivery.
    const leaseUntil = new Date(now.getTime() + DELIVERY_TIMEOUT_MS * 2).toISOString();
    if (
      !delivery.next_attempt_at ||
      !(await repository.claim(delivery.id, delivery.next_attempt_at, leaseUntil))
    )
      return;
    const webhook = await repository.findWebhook(delivery.webhook_id);
    if (!webhook) return;
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      statusCode = await send(webhook.url, delivery.payload, {
        'content-type': 'application/json',
        'user-agent': 'WheelMeet-Webhooks/1',
        [SIGNATURE_HEADER]: signatureHeader(webhook.secret, delivery.payload, clock.now()),
        'WheelMeet-Delivery': delivery.id,
      });
      if (!isDelivered(statusCode)) error = `The receiver answered ${statusCode}`;
    } catch (cause) {
      error = cause instanceof Error ? cause.message.slice(0, 500) : 'The request failed';
    }
    const attempts = delivery.attempts + 1;
    const delay = error === null ? null : nextAttemptDelayMs(attempts);
    const after = clock.now();
    await repository.recordAttempt(delivery.id, {
      status: error === null ? 'succeeded' : delay === null ? 'failed' : 'pending',
      attempts,
      next_attempt_at: delay === null ? null : new Date(after.getTime() + delay).toISOString(),
      last_status_code: statusCode,
      last_error: error,
      updated_at: after.toISOString(),
    });
  }

  /** Sends every delivery due now; safe to run in several places at once (each delivery is claimed). */
  async function runDue(): Promise<void> {
    const due = await repository.listDue(clock.now().toISOString(), DUE_BATCH);
    await Promise.all(due.map((delivery) => attempt(delivery)));
  }

  const track = (work: Promise<unknown>) => {
    const settled = work.catch((error) => deps.onError?.(error));
    inFlight.add(settled);
    void settled.finally(() => inFlight.delete(settled));
  };

  return {
    async subscribe(ownerId: string, input: CreateWebhookRequest): Promise<CreatedWebhook> {
      await checkUrl(input.url);
      if ((await repository.countWebhooks(ownerId)) >= MAX_WEBHOOKS_PER_ACCOUNT)
        throw new AppError('conflict', TOO_MANY_WEBHOOKS);
      const secret = `whsec_${random.token(32)}`;
      const row: WebhookRow = {
        id: random.uuid(),
        business_user_id: ownerId,
        url: input.url,
        events: toJsonColumn([...new Set(input.events)]),
        secret,
        created_at: clock.now().toISOString(),
      };
      await repository.insertWebhook(row);
      return { ...toWebhook(row), secret };
    },

    async list(ownerId: string): Promise<Webhook[]> {
      return (await repository.listWebhooks(ownerId)).map(toWebhook);
    },

    async remove(ownerId: string, id: string): Promise<void> {
      if (!(await repository.deleteWebhook(ownerId, id))) throw notFound(WEBHOOK_NOT_FOUND);
    },

    async deliveries(ownerId: string, id: string): Promise<WebhookDelivery[]> {
      const webhook = await repository.findWebhook(id);
      if (!webhook || webhook.business_user_id !== ownerId) throw notFound(WEBHOOK_NOT_FOUND);
      return (await repository.listDeliveries(id, 100)).map(toDelivery);
    },

    /**
     * Sends deliveries just recorded (with the change that raised their event), without making
     * the caller wait for the receivers; what fails here is retried by the pass, in any process.
     */
    send(deliveries: readonly DeliveryRow[]): void {
      for (const delivery of deliveries) track(attempt(delivery));
    },

    runDue,

    /** Resolves once the attempts started by `publish` have finished (tests, shutdown). */
    async idle(): Promise<void> {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
