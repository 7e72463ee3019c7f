import type { FastifyBaseLogger } from 'fastify';
import type { DomainEventMap, DomainEvents } from '../../events/domain-events';
import type { Clock } from '../../lib/clock';
import type { Random } from '../../lib/random';
import type { EventOutboxRepository, NewOutboxEvent } from './event-outbox.repository';

/**
 * The events whose listeners must run even when the process stops right after the change
 * committed: each sends a mail nobody would ask for again. Their listeners must be idempotent
 * (the mail outbox's dedupe key): an event may be published twice, never not at all. Webhooks
 * need no event here: their deliveries are themselves recorded with the change (decision 028).
 */
export type DurableEventName = 'accountActivated' | 'demoRequested';

/** How long the raising process has to publish an event before any process's sweep may. */
export const DELIVERY_GRACE_MS = 10_000;
/** Attempts after which an event whose listeners keep failing is dropped (logged as an error). */
export const MAX_EVENT_ATTEMPTS = 10;
/** How long a claimed event is this process's: doubling from a minute to an hour, so a failing listener is retried ever more rarely. */
export function leaseAfter(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/** Publishes an event as its outbox row stores it; true when every listener succeeded. */
export function publishStored(events: Pick<DomainEvents, 'publish'>, name: string, payload: string) {
  return events.publish(name as DurableEventName, JSON.parse(payload) as DomainEventMap[DurableEventName]);
}

/**
 * A transactional outbox for domain events (decision 026). A service asks for the event's row
 * (`entry`), inserts it in its transaction (`insertOutboxEvent`), and after the commit hands it
 * to `deliver`, which publishes it and removes the row once every listener succeeded. A row
 * left behind (the process stopped, a listener failed) is published by the event outbox's job
 * (event-outbox.job.ts), in any process.
 */
export function createEventOutbox(deps: {
  outbox: EventOutboxRepository;
  events: Pick<DomainEvents, 'publish'>;
  clock: Clock;
  random: Random;
  log: FastifyBaseLogger;
}) {
  const { outbox, events, clock, random, log } = deps;

  return {
    /** The row that records `name` for the transaction raising it. */
    entry<K extends DurableEventName>(name: K, payload: DomainEventMap[K]): NewOutboxEvent {
      const now = clock.now();
      return {
        id: random.uuid(),
        name,
        payload: JSON.stringify(payload),
        due_at: new Date(now.getTime() + DELIVERY_GRACE_MS).toISOString(),
        created_at: now.toISOString(),
      };
    },

    /**
     * After the commit: publishes the event, and forgets it once every listener succeeded. Never
     * throws: the change is committed, and what did not go through is left to the job.
     */
    async deliver(entry: NewOutboxEvent): Promise<void> {
      try {
        if (await publishStored(events, entry.name, entry.payload)) await outbox.remove(entry.id);
      } catch (error) {
        log.warn({ err: error, eventId: entry.id, event: entry.name }, 'an event is left to the sweep');
      }
    },
  };
}

export type EventOutbox = ReturnType<typeof createEventOutbox>;
