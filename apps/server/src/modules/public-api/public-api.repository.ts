import type { Insertable, Kysely, Selectable } from 'kysely';
import type { ApiKeysTable, Database, WebhooksTable } from '../../db/schema';
import type { DeliveryRow } from '../webhooks/webhook-deliveries.repository';

export type ApiKeyRow = Selectable<ApiKeysTable>;
export type WebhookRow = Selectable<WebhooksTable>;

/** The public API's SQL (decision 018): keys, webhooks and the list of their deliveries. */
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
  };
}

export type PublicApiRepository = ReturnType<typeof createPublicApiRepository>;
