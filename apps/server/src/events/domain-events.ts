import type {
  AnnouncementEvent,
  CallTimerEvent,
  CallTimeUpEvent,
  DemoRequestView,
  EventEndedEvent,
  MatchAcceptedEvent,
  MatchDeclinedEvent,
  MatchExpiredEvent,
  MatchesCreatedEvent,
  RoundScheduledEvent,
  SlotLeftEvent,
  SlotTakenEvent,
  StayingEndedEvent,
  WheelSpinCompletedEvent,
  WheelSpinStartedEvent,
} from '@wheelmeet/contracts';
import type { Selectable } from 'kysely';
import type { WebhookDeliveriesTable } from '../db/schema';

/**
 * What happened in the domain. Services raise these; the real-time layer turns them into hub
 * pushes, and other services react to them (a taken slot may start a round's countdown).
 * The payloads are the hub's own, from the contracts.
 */
export interface DomainEventMap {
  slotTaken: SlotTakenEvent;
  slotLeft: SlotLeftEvent;
  roundScheduled: RoundScheduledEvent;
  spinStarted: WheelSpinStartedEvent;
  matchesRevealed: { created: MatchesCreatedEvent; completed: WheelSpinCompletedEvent };
  matchAccepted: { event: MatchAcceptedEvent; participantIds: readonly [string, string] };
  matchDeclined: { event: MatchDeclinedEvent; participantIds: readonly [string, string] };
  matchExpired: { event: MatchExpiredEvent; participantIds: readonly [string, string] };
  callTimeUp: { event: CallTimeUpEvent; participantIds: readonly [string, string] };
  /** A call was hung up, or ended because one of its people left the wheel (its time running out is `callTimeUp`). */
  callEnded: { matchId: string; participantIds: readonly [string, string] };
  /** The server stopped keeping this person's seat for them (issue 38); only they are told. */
  stayingEnded: { event: StayingEndedEvent; participantId: string };
  /** The host spoke to everyone on the wheel (issue 35); stored as the wheel's latest announcement. */
  announcementSent: AnnouncementEvent;
  /** The event is over (issue 35): its last round's reset, or the organiser ended it; seats are cleared. */
  eventEnded: EventEndedEvent;
  /** A running call's end moved (the organiser changed the call length). */
  callTimerChanged: { timer: CallTimerEvent; participantIds: readonly [string, string] };
  /** A provider-confirmed payment activated an organiser's account (committed). */
  accountActivated: { paymentId: string; businessUserId: string };
  /** Someone asked for a demo (stored). */
  demoRequested: DemoRequestView;
  /**
   * Webhook deliveries (decision 018) recorded in the transaction of the change that raised
   * their event (decision 028): the public API sends them now; its pass would, a little later.
   */
  webhookDeliveriesRecorded: { deliveries: readonly Selectable<WebhookDeliveriesTable>[] };
}

type Listener<K extends keyof DomainEventMap> = (payload: DomainEventMap[K]) => void | Promise<void>;

export interface DomainEvents {
  /** Resolves once every listener has run: true when all of them succeeded. */
  publish<K extends keyof DomainEventMap>(name: K, payload: DomainEventMap[K]): Promise<boolean>;
  subscribe<K extends keyof DomainEventMap>(name: K, listener: Listener<K>): () => void;
}

/**
 * In-process and awaited: `publish` resolves once every listener has run, so a service's
 * caller (and a test) knows the pushes went out. A failing listener is reported, not thrown,
 * so one broken reaction cannot undo the change that raised the event; `publish` resolves to
 * false then, so the event outbox (decision 026) can publish a durable event again.
 *
 * Listeners start in the order they subscribed and then run beside one another: a reaction
 * that waits on the database (a webhook looking up the wheel's owner) does not hold back the
 * hub pushes subscribed after it, nor the acknowledgement of the call that raised the event.
 */
export function createDomainEvents(onListenerError: (error: unknown, name: string) => void): DomainEvents {
  const listeners = new Map<keyof DomainEventMap, Set<Listener<never>>>();
  return {
    async publish(name, payload) {
      const running = [...(listeners.get(name) ?? [])].map(async (listener) => {
        try {
          await (listener as Listener<typeof name>)(payload);
          return true;
        } catch (error) {
          onListenerError(error, name);
          return false;
        }
      });
      return (await Promise.all(running)).every(Boolean);
    },
    subscribe(name, listener) {
      const set = listeners.get(name) ?? new Set();
      set.add(listener as Listener<never>);
      listeners.set(name, set);
      return () => set.delete(listener as Listener<never>);
    },
  };
}
