import { SLOT_CHANGES_TICK_MS, type SlotsChangedEvent } from '@wheelmeet/contracts';
import type { DomainEvents } from '../events/domain-events';
import { participantRoom, slotEventsRoom, type WheelHub, wheelRoom } from './sockets';

/**
 * Pushes a wheel's seat changes of one tick to this process's connections on the wheel, each
 * the way it asked for them in its handshake: one SlotsChanged to those that asked for it
 * (everyone in the wheel's room but the slot-events room), and the spec's SlotTaken and SlotLeft,
 * one per change and in order, to the others. The second part costs nothing on a wheel where
 * everyone asked for SlotsChanged, the web app's case: its slot-events room is empty.
 */
export function pushSeatChangesHere(hub: WheelHub, event: SlotsChangedEvent) {
  const { wheelId, changes } = event;
  hub.local.to(wheelRoom(wheelId)).except(slotEventsRoom(wheelId)).emit('SlotsChanged', event);
  if (!hub.sockets.adapter.rooms.get(slotEventsRoom(wheelId))?.size) return;
  const oneByOne = hub.local.to(slotEventsRoom(wheelId));
  for (const change of changes) {
    if (change.kind === 'taken') {
      const { kind: _, ...taken } = change;
      oneByOne.emit('SlotTaken', { wheelId, ...taken });
    } else {
      const { kind: _, ...left } = change;
      oneByOne.emit('SlotLeft', { wheelId, ...left });
    }
  }
}

/**
 * A wheel's seat changes, gathered for SLOT_CHANGES_TICK_MS and pushed as one batch: when a
 * round opens, a hundred people take their seats within seconds, and one push per seat to
 * everyone on the wheel would be ten thousand messages. `flush` sends what is gathered at once,
 * so another push to the wheel never overtakes the seat changes before it.
 *
 * Each process turns the batch into what its own connections asked for (`pushSeatChangesHere`),
 * so with several processes one message per wheel and tick crosses Redis, whoever listens: the
 * batch goes to the others as the inter-server event `slotsChanged`, on the adapter's stream,
 * ahead of any later push to the wheel.
 */
function createSlotChangeBatches(hub: WheelHub, multiProcess: boolean) {
  const batches = new Map<string, { changes: SlotsChangedEvent['changes']; timer: NodeJS.Timeout }>();
  const flush = (wheelId: string) => {
    const batch = batches.get(wheelId);
    if (!batch) return;
    batches.delete(wheelId);
    clearTimeout(batch.timer);
    const event = { wheelId, changes: batch.changes };
    if (multiProcess) hub.serverSideEmit('slotsChanged', event);
    pushSeatChangesHere(hub, event);
  };
  return {
    add(wheelId: string, change: SlotsChangedEvent['changes'][number]) {
      const batch = batches.get(wheelId);
      if (batch) batch.changes.push(change);
      else
        batches.set(wheelId, {
          changes: [change],
          timer: setTimeout(() => flush(wheelId), SLOT_CHANGES_TICK_MS),
        });
    },
    flush,
    drop() {
      for (const batch of batches.values()) clearTimeout(batch.timer);
      batches.clear();
    },
  };
}

/**
 * Turns domain events into hub pushes, to the rooms of the wheel or of the people concerned.
 * `multiProcess` (the Redis adapter between processes): seat changes made elsewhere arrive as
 * `slotsChanged` and are pushed to this process's connections.
 */
export function forwardDomainEventsToHub(
  events: DomainEvents,
  hub: WheelHub,
  { multiProcess = false }: { multiProcess?: boolean } = {},
): () => void {
  const seats = createSlotChangeBatches(hub, multiProcess);
  const seatChangesFromElsewhere = (event: SlotsChangedEvent) => pushSeatChangesHere(hub, event);
  if (multiProcess) hub.on('slotsChanged', seatChangesFromElsewhere);
  /** A push to a wheel's room, after the seat changes gathered before it. */
  const toWheel = (wheelId: string) => {
    seats.flush(wheelId);
    return hub.to(wheelRoom(wheelId));
  };
  const unsubscribers = [
    events.subscribe('slotTaken', ({ wheelId, ...change }) =>
      seats.add(wheelId, { kind: 'taken', ...change }),
    ),
    events.subscribe('slotLeft', ({ wheelId, ...change }) => seats.add(wheelId, { kind: 'left', ...change })),
    events.subscribe('roundScheduled', (event) => {
      toWheel(event.wheelId).emit('RoundScheduled', event);
    }),
    events.subscribe('spinStarted', (event) => {
      toWheel(event.wheelId).emit('WheelSpinStarted', event);
    }),
    events.subscribe('matchesRevealed', ({ created, completed }) => {
      toWheel(created.wheelId).emit('MatchesCreated', created);
      toWheel(completed.wheelId).emit('WheelSpinCompleted', completed);
    }),
    events.subscribe('matchAccepted', ({ event, participantIds }) => {
      hub.to(participantIds.map(participantRoom)).emit('MatchAccepted', event);
    }),
    events.subscribe('matchDeclined', ({ event, participantIds }) => {
      hub.to(participantIds.map(participantRoom)).emit('MatchDeclined', event);
    }),
    events.subscribe('matchExpired', ({ event, participantIds }) => {
      hub.to(participantIds.map(participantRoom)).emit('MatchExpired', event);
    }),
    events.subscribe('callTimeUp', ({ event, participantIds }) => {
      hub.to(participantIds.map(participantRoom)).emit('CallTimeUp', event);
    }),
    events.subscribe('callTimerChanged', ({ timer, participantIds }) => {
      hub.to(participantIds.map(participantRoom)).emit('CallTimer', timer);
    }),
    events.subscribe('announcementSent', (event) => {
      toWheel(event.wheelId).emit('Announcement', event);
    }),
    events.subscribe('eventEnded', (event) => {
      toWheel(event.wheelId).emit('EventEnded', event);
    }),
    events.subscribe('stayingEnded', ({ event, participantId }) => {
      hub.to(participantRoom(participantId)).emit('StayingEnded', event);
    }),
  ];
  return () => {
    for (const unsubscribe of unsubscribers) unsubscribe();
    hub.off('slotsChanged', seatChangesFromElsewhere);
    seats.drop();
  };
}
