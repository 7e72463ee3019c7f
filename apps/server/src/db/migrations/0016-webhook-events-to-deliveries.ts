import { createHash } from 'node:crypto';
import type { WebhookEvent } from '@wheelmeet/contracts';
import { type QueryExecutorProvider, sql } from 'kysely';

/*
 * A migration is frozen history: it carries the delivery ids and payloads as they were made when
 * it was written (modules/webhooks/webhook-delivery-rules.ts then), so a later change there cannot
 * change what an upgrade from before decision 028 records, and db/ imports no module.
 */
const DELIVERY_ID_NAMESPACE = Buffer.from('6f1d3c2a8b7e4f5a9c0d1e2f3a4b5c6d', 'hex');

/** A delivery's name-based id (UUID version 5, RFC 9562) from its webhook and what happened. */
function deliveryIdOf(webhookId: string, type: string, occurrence: string): string {
  const bytes = createHash('sha1')
    .update(DELIVERY_ID_NAMESPACE)
    .update(`${webhookId}\n${type}\n${occurrence}`)
    .digest()
    .subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The outbox events that carried webhooks until decision 028, and the webhook each raised. */
const WEBHOOK_EVENTS: Record<string, WebhookEvent> = {
  roundCompleted: 'round.completed',
  matchAcceptedByBoth: 'match.accepted',
  connectionMade: 'connection.made',
};

interface LeftEvent {
  id: string;
  name: string;
  payload: string;
  created_at: string;
}

/**
 * Webhook deliveries are now recorded with the change that raises their event (decision 028),
 * so nothing handles the outbox events that carried them before. One left behind by a process
 * that stopped just before the upgrade becomes its deliveries here, with the ids its listener
 * would have given them (so one already recorded is not recorded twice), and leaves the outbox.
 */
export function webhookEventsToDeliveriesMigration() {
  return {
    async up(db: QueryExecutorProvider): Promise<void> {
      const { rows: left } = await sql<LeftEvent>`
        select id, name, payload, created_at from event_outbox
        where name in ('roundCompleted', 'matchAcceptedByBoth', 'connectionMade')`.execute(db);
      for (const event of left) {
        const type = WEBHOOK_EVENTS[event.name] as WebhookEvent;
        const data = JSON.parse(event.payload) as Record<string, unknown> & { wheelId: string };
        const occurrence =
          type === 'round.completed'
            ? `${data.wheelId}/${data.round}/${data.completedAt}`
            : String(data.matchId);
        const { rows: hooks } = await sql<{ id: string }>`
          select webhooks.id from webhooks
          join wheels on wheels.business_user_id = webhooks.business_user_id
          where wheels.id = ${data.wheelId} and webhooks.events like ${`%${JSON.stringify(type)}%`}`.execute(
          db,
        );
        for (const hook of hooks) {
          const id = deliveryIdOf(hook.id, type, occurrence);
          const at = event.created_at;
          const payload = JSON.stringify({ id, type, createdAt: at, data });
          await sql`
            insert into webhook_deliveries
              (id, webhook_id, event, payload, status, attempts, next_attempt_at, created_at, updated_at)
            values (${id}, ${hook.id}, ${type}, ${payload}, 'pending', 0, ${at}, ${at}, ${at})
            on conflict (id) do nothing`.execute(db);
        }
        await sql`delete from event_outbox where id = ${event.id}`.execute(db);
      }
    },
  };
}
