import type { WebhookEvent } from '@wheelmeet/contracts';
import { type QueryExecutorProvider, sql } from 'kysely';
import { webhookDeliveryOf } from '../../modules/public-api/public-api-rules';

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
          const delivery = webhookDeliveryOf(hook.id, {
            wheelId: data.wheelId,
            type,
            data,
            occurrence,
            at: event.created_at,
          });
          await sql`
            insert into webhook_deliveries
              (id, webhook_id, event, payload, status, attempts, next_attempt_at, created_at, updated_at)
            values (${delivery.id}, ${hook.id}, ${type}, ${delivery.payload}, 'pending', 0,
              ${delivery.next_attempt_at}, ${delivery.created_at}, ${delivery.updated_at})
            on conflict (id) do nothing`.execute(db);
        }
        await sql`delete from event_outbox where id = ${event.id}`.execute(db);
      }
    },
  };
}
