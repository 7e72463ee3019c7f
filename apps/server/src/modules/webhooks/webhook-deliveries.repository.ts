import type { WebhookEvent } from '@wheelmeet/contracts';
import type { Kysely, Selectable } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import type { Database, WebhookDeliveriesTable } from '../../db/schema';
import { type WebhookOccurrence, webhookDeliveryOf } from './webhook-delivery-rules';

export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

/** The ids of the wheel owner's webhooks that want an event (`events` holds a JSON array of quoted names). */
const webhooksOfWheelOwnerFor = compiledOnce(
  ['wheelId', 'subscribed'],
  (db, { wheelId, subscribed }: { wheelId: string; subscribed: string }) =>
    db
      .selectFrom('webhooks')
      .innerJoin('wheels', 'wheels.business_user_id', 'webhooks.business_user_id')
      .select('webhooks.id')
      .where('wheels.id', '=', wheelId)
      .where('webhooks.events', 'like', subscribed)
      .orderBy('webhooks.created_at')
      .orderBy('webhooks.id'),
);
const webhooksWanting = (db: Kysely<Database>, wheelId: string, type: WebhookEvent) =>
  webhooksOfWheelOwnerFor(db, { wheelId, subscribed: `%${JSON.stringify(type)}%` });

/**
 * One delivery, recorded only while its webhook exists (a webhook removed meanwhile takes its
 * deliveries with it, and must not fail the change that raised the event), and only once: the
 * same event raised again (a connection saved again) records nothing new.
 */
const deliveryIfSubscribed = compiledOnce(
  ['id', 'webhookId', 'event', 'payload', 'at'],
  (db, row: { id: string; webhookId: string; event: string; payload: string; at: string }) =>
    db
      .insertInto('webhook_deliveries')
      .columns([
        'id',
        'webhook_id',
        'event',
        'payload',
        'status',
        'attempts',
        'next_attempt_at',
        'created_at',
        'updated_at',
      ])
      .expression((eb) =>
        eb
          .selectFrom('webhooks')
          .select((hook) => [
            hook.val(row.id).as('id'),
            'webhooks.id as webhook_id',
            hook.val(row.event).as('event'),
            hook.val(row.payload).as('payload'),
            hook.val('pending').as('status'),
            hook.val(0).as('attempts'),
            hook.val(row.at).as('next_attempt_at'),
            hook.val(row.at).as('created_at'),
            hook.val(row.at).as('updated_at'),
          ])
          .where('webhooks.id', '=', row.webhookId),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id'),
);

/** Whether the wheel's owner has a webhook for `type`: when not, a change need not record its deliveries in a transaction. */
export async function wheelOwnerWants(
  db: Kysely<Database>,
  wheelId: string,
  type: WebhookEvent,
): Promise<boolean> {
  return (await webhooksWanting(db, wheelId, type)).length > 0;
}

/**
 * Records the deliveries of a webhook event, one per webhook of the wheel's owner that wants it
 * (none for most wheels), with the database handle of the transaction of the change that raised
 * it (decision 028): committed together, so no process stopping in between loses them. The
 * deliveries recorded now, for the caller to send once it committed; any process's pass sends
 * those it does not.
 */
export async function recordWebhookDeliveries(
  db: Kysely<Database>,
  event: WebhookOccurrence,
): Promise<DeliveryRow[]> {
  const recorded: DeliveryRow[] = [];
  for (const hook of await webhooksWanting(db, event.wheelId, event.type)) {
    const delivery = webhookDeliveryOf(hook.id, event);
    const [inserted] = await deliveryIfSubscribed(db, {
      id: delivery.id,
      webhookId: hook.id,
      event: delivery.event,
      payload: delivery.payload,
      at: event.at,
    });
    if (inserted) recorded.push(delivery);
  }
  return recorded;
}

/** The SQL of sending deliveries: the due ones, their claim, each attempt's outcome. */
export function createWebhookDeliveriesRepository(db: Kysely<Database>) {
  return {
    /** Pending deliveries whose attempt is due, oldest first. */
    listDue(now: string, limit: number): Promise<DeliveryRow[]> {
      return db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /**
     * Takes a due delivery for one attempt: moves its next attempt to `leaseUntil` only if it is
     * still due, so of several processes (or ticks) at once exactly one sends it.
     */
    async claim(id: string, expectedNextAttemptAt: string, leaseUntil: string): Promise<boolean> {
      const result = await db
        .updateTable('webhook_deliveries')
        .set({ next_attempt_at: leaseUntil })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('next_attempt_at', '=', expectedNextAttemptAt)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async recordAttempt(
      id: string,
      outcome: Pick<
        Selectable<WebhookDeliveriesTable>,
        'status' | 'attempts' | 'next_attempt_at' | 'last_status_code' | 'last_error' | 'updated_at'
      >,
    ): Promise<void> {
      await db.updateTable('webhook_deliveries').set(outcome).where('id', '=', id).execute();
    },

    /** Where a delivery goes and the secret it is signed with; undefined once the webhook is removed. */
    findTarget(webhookId: string): Promise<{ url: string; secret: string } | undefined> {
      return db
        .selectFrom('webhooks')
        .select(['url', 'secret'])
        .where('id', '=', webhookId)
        .executeTakeFirst();
    },
  };
}

export type WebhookDeliveriesRepository = ReturnType<typeof createWebhookDeliveriesRepository>;
