import type { WebhookEvent } from '@wheelmeet/contracts';
import type { Insertable, Kysely, Selectable } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import type { ApiKeysTable, Database, WebhookDeliveriesTable, WebhooksTable } from '../../db/schema';
import type { NewOutboxEvent } from '../event-outbox/event-outbox.repository';

export type ApiKeyRow = Selectable<ApiKeysTable>;
export type WebhookRow = Selectable<WebhooksTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

/** Asked for every webhook event raised on a wheel whose owner subscribes to it, so compiled once. */
const webhooksOfWheelOwner = compiledOnce(['wheelId'], (db, { wheelId }: { wheelId: string }) =>
  db
    .selectFrom('webhooks')
    .innerJoin('wheels', 'wheels.business_user_id', 'webhooks.business_user_id')
    .selectAll('webhooks')
    .where('wheels.id', '=', wheelId)
    .orderBy('webhooks.created_at')
    .orderBy('webhooks.id'),
);

/** The outbox row of a webhook event, kept only when the wheel's owner has a webhook for it. */
const eventIfSubscribed = compiledOnce(
  ['id', 'name', 'payload', 'dueAt', 'createdAt', 'wheelId', 'subscribed'],
  (
    db,
    event: {
      id: string;
      name: string;
      payload: string;
      dueAt: string;
      createdAt: string;
      wheelId: string;
      subscribed: string;
    },
  ) =>
    db
      .insertInto('event_outbox')
      .columns(['id', 'name', 'payload', 'due_at', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('webhooks')
          .innerJoin('wheels', 'wheels.business_user_id', 'webhooks.business_user_id')
          .select((row) => [
            row.val(event.id).as('id'),
            row.val(event.name).as('name'),
            row.val(event.payload).as('payload'),
            row.val(event.dueAt).as('due_at'),
            row.val(event.createdAt).as('created_at'),
          ])
          .where('wheels.id', '=', event.wheelId)
          .where('webhooks.events', 'like', event.subscribed)
          .limit(1),
      )
      .returning('id'),
);

const webhookOfWheelOwnerFor = compiledOnce(
  ['wheelId', 'subscribed'],
  (db, { wheelId, subscribed }: { wheelId: string; subscribed: string }) =>
    db
      .selectFrom('webhooks')
      .innerJoin('wheels', 'wheels.business_user_id', 'webhooks.business_user_id')
      .select('webhooks.id')
      .where('wheels.id', '=', wheelId)
      .where('webhooks.events', 'like', subscribed)
      .limit(1),
);
/** `events` holds a JSON array of names, each quoted. */
const subscribedTo = (type: WebhookEvent) => `%${JSON.stringify(type)}%`;

/** Whether the wheel's owner has a webhook for `type`: when not, its events need not be offered to the outbox. */
export async function wheelOwnerWants(
  db: Kysely<Database>,
  wheelId: string,
  type: WebhookEvent,
): Promise<boolean> {
  return (await webhookOfWheelOwnerFor(db, { wheelId, subscribed: subscribedTo(type) })).length > 0;
}

/**
 * Records a webhook event in the outbox (decision 026) with the database handle of the caller's
 * transaction, but only when the wheel's owner has a webhook for `type`: most wheels have none,
 * and an accept should not write a row nobody will read. Whether it was recorded.
 */
export async function insertWebhookEvent(
  db: Kysely<Database>,
  wheelId: string,
  type: WebhookEvent,
  event: NewOutboxEvent,
): Promise<boolean> {
  const inserted = await eventIfSubscribed(db, {
    id: event.id,
    name: event.name,
    payload: event.payload,
    dueAt: event.due_at,
    createdAt: event.created_at,
    wheelId,
    subscribed: subscribedTo(type),
  });
  return inserted.length > 0;
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

    /** The webhooks of the business user who owns the wheel (none for an admin's wheel). */
    listWebhooksOfWheelOwner(wheelId: string): Promise<WebhookRow[]> {
      return webhooksOfWheelOwner(db, { wheelId });
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

    /**
     * Records deliveries, skipping any already recorded: an event may be published twice
     * (decision 026), and a delivery's id is derived from the event. The ids recorded now.
     */
    async insertDeliveries(rows: Insertable<WebhookDeliveriesTable>[]): Promise<Set<string>> {
      if (rows.length === 0) return new Set();
      const inserted = await db
        .insertInto('webhook_deliveries')
        .values(rows)
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .execute();
      return new Set(inserted.map((row) => row.id));
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
