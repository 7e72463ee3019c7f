import { SLOT_CHANGES_TICK_MS, type SlotsChangedEvent } from '@wheelmeet/contracts';
import type { DomainEvents } from '../lib/domain-events';
import { participantRoom, type WheelHub, wheelRoom } from './hub';

/**
 * A wheel's seat changes, gathered for SLOT_CHANGES_TICK_MS and pushed to its room as one
 * SlotsChanged: when a round opens, a hundred people take their seats within seconds, and one
 * push per seat to everyone on the wheel would be ten thousand messages. `flush` sends what is
 * gathered at once, so another push to the wheel never overtakes the seat changes before it.
 */
function createSlotChangeBatches(hub: WheelHub) {
  const batches = new Map<string, { changes: SlotsChangedEvent['changes']; timer: NodeJS.Timeout }>();
  const flush = (wheelId: string) => {
    const batch = batches.get(wheelId);
    if (!batch) return;
    batches.delete(wheelId);
    clearTimeout(batch.timer);
    hub.to(wheelRoom(wheelId)).emit('SlotsChanged', { wheelId, changes: batch.changes });
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

/** Turns domain events into hub pushes, to the rooms of the wheel or of the people concerned. */
export function forwardDomainEventsToHub(events: DomainEvents, hub: WheelHub): () => void {
  const seats = createSlotChangeBatches(hub);
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
  ];
  return () => {
    for (const unsubscribe of unsubscribers) unsubscribe();
    seats.drop();
  };
}
