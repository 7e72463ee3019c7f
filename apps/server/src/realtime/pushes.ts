import type { DomainEvents } from '../lib/domain-events';
import { participantRoom, type WheelHub, wheelRoom } from './hub';

/** Turns domain events into hub pushes, to the rooms of the wheel or of the people concerned. */
export function forwardDomainEventsToHub(events: DomainEvents, hub: WheelHub): () => void {
  const unsubscribers = [
    events.subscribe('slotTaken', (event) => {
      hub.to(wheelRoom(event.wheelId)).emit('SlotTaken', event);
    }),
    events.subscribe('slotLeft', (event) => {
      hub.to(wheelRoom(event.wheelId)).emit('SlotLeft', event);
    }),
    events.subscribe('roundScheduled', (event) => {
      hub.to(wheelRoom(event.wheelId)).emit('RoundScheduled', event);
    }),
    events.subscribe('spinStarted', (event) => {
      hub.to(wheelRoom(event.wheelId)).emit('WheelSpinStarted', event);
    }),
    events.subscribe('matchesRevealed', ({ created, completed }) => {
      hub.to(wheelRoom(created.wheelId)).emit('MatchesCreated', created);
      hub.to(wheelRoom(completed.wheelId)).emit('WheelSpinCompleted', completed);
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
  ];
  return () => {
    for (const unsubscribe of unsubscribers) unsubscribe();
  };
}
