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
import type { DeliveryRow } from '../webhooks/webhook-deliveries.repository';
import { isPrivateAddress, WEBHOOK_URL_REFUSED } from '../webhooks/webhook-delivery-rules';
import type { PublicApiRepository, WebhookRow } from './public-api.repository';
import { MAX_WEBHOOKS_PER_ACCOUNT } from './public-api-rules';

export const WEBHOOK_NOT_FOUND = 'Webhook not found';
export const TOO_MANY_WEBHOOKS = `An account may hold at most ${MAX_WEBHOOKS_PER_ACCOUNT} webhooks. Delete one first.`;

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

/** Subscriptions and the list of their deliveries (sending them is modules/webhooks' part). */
export function createWebhooksService(deps: {
  repository: PublicApiRepository;
  clock: Clock;
  random: Random;
  /** Private and loopback addresses allowed (tests, or an install inside a private network). */
  allowPrivateAddresses: boolean;
}) {
  const { repository, clock, random } = deps;

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
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
