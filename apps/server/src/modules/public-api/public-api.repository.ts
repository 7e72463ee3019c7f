import type { WebhookEvent } from '@wheelmeet/contracts';
import type { Insertable, Kysely, Selectable } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import type { ApiKeysTable, Database, WebhookDeliveriesTable, WebhooksTable } from '../../db/schema';
import { type WebhookOccurrence, webhookDeliveryOf } from './public-api-rules';

export type ApiKeyRow = Selectable<ApiKeysTable>;
export type WebhookRow = Selectable<WebhooksTable>;
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

/** The public API's SQL (decision 018): keys, webhooks, deliveries. */
export function createPublicApiRepository(db: Kysely<Database>) {
  return {
    async insertKey(row: Insertable<ApiKeysTable>): Promise<void> {
      await db.insertInto('api_keys').values(row).execute();
    },

    /** Keys still in use, newest first. */
    listActiveKeys(ownerId: string): Promise<ApiKeyRow[]> {
      return db
        .selectFrom('api_keys')
        .selectAll()
        .where('business_user_id', '=', ownerId)
        .where('revoked_at', 'is', null)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
    },

    async countActiveKeys(ownerId: string): Promise<number> {
      const row = await db
        .selectFrom('api_keys')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('business_user_id', '=', ownerId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    /** True when the owner's key was revoked now (false: unknown, someone else's, or revoked before). */
    async revokeKey(ownerId: string, id: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('api_keys')
        .set({ revoked_at: at })
        .where('id', '=', id)
        .where('business_user_id', '=', ownerId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    findActiveKeyByHash(hash: string): Promise<ApiKeyRow | undefined> {
      return db
        .selectFrom('api_keys')
        .selectAll()
        .where('key_hash', '=', hash)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
    },

    /** Notes a use at most once per `olderThan` (so busy keys do not write on every request). */
    async touchKey(id: string, at: string, olderThan: string): Promise<void> {
      await db
        .updateTable('api_keys')
        .set({ last_used_at: at })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', olderThan)]))
        .execute();
    },

    /** Names of the plans that include the API, cheapest first. */
    async apiPlanNames(): Promise<string[]> {
      const rows = await db
        .selectFrom('plans')
        .select('name')
        .where('api_access', '=', true)
        .orderBy('sort_order')
        .execute();
      return rows.map((row) => row.name);
    },

    // ---- webhooks ----

    async insertWebhook(row: Insertable<WebhooksTable>): Promise<void> {
      await db.insertInto('webhooks').values(row).execute();
    },

    listWebhooks(ownerId: string): Promise<WebhookRow[]> {
      return db
        .selectFrom('webhooks')
        .selectAll()
        .where('business_user_id', '=', ownerId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    async countWebhooks(ownerId: string): Promise<number> {
      const row = await db
        .selectFrom('webhooks')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('business_user_id', '=', ownerId)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    async deleteWebhook(ownerId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('webhooks')
        .where('id', '=', id)
        .where('business_user_id', '=', ownerId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    findWebhook(id: string): Promise<WebhookRow | undefined> {
      return db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
    },

    listDeliveries(webhookId: string, limit: number): Promise<DeliveryRow[]> {
      return db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('webhook_id', '=', webhookId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

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
  };
}

export type PublicApiRepository = ReturnType<typeof createPublicApiRepository>;
