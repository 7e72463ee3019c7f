import {
  type NUMBERED_WHEEL_PUSHES,
  type ServerToClientEvents,
  SLOT_CHANGES_TICK_MS,
  type SlotsChangedEvent,
} from '@wheelmeet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { DomainEvents } from '../events/domain-events';
import { createKeyedQueue } from '../lib/one-at-a-time';
import { participantRoom, slotEventsRoom, type WheelHub, wheelRoom } from './sockets';

/**
 * Pushes a wheel's seat changes of one tick to this process's connections on the wheel, each
 * the way it asked for them in its handshake: one SlotsChanged to those that asked for it
 * (everyone in the wheel's room but the slot-events room), and the spec's SlotTaken and SlotLeft,
 * one per change and in order, to the others. The second part costs nothing on a wheel where
 * everyone asked for SlotsChanged, the web app's case: its slot-events room is empty.
 */
export function pushSeatChangesHere(hub: WheelHub, event: SlotsChangedEvent) {
  const { wheelId, changes, seq } = event;
  const number = seq === undefined ? {} : { seq };
  hub.local.to(wheelRoom(wheelId)).except(slotEventsRoom(wheelId)).emit('SlotsChanged', event);
  if (!hub.sockets.adapter.rooms.get(slotEventsRoom(wheelId))?.size) return;
  const oneByOne = hub.local.to(slotEventsRoom(wheelId));
  for (const change of changes) {
    if (change.kind === 'taken') {
      const { kind: _, ...taken } = change;
      oneByOne.emit('SlotTaken', { wheelId, ...taken, ...number });
    } else {
      const { kind: _, ...left } = change;
      oneByOne.emit('SlotLeft', { wheelId, ...left, ...number });
    }
  }
}

/** The numbered pushes to a wheel's room (issue 36) that are sent one by one: seat changes are gathered. */
type WheelPushName = Exclude<
  (typeof NUMBERED_WHEEL_PUSHES)[number],
  'SlotsChanged' | 'SlotTaken' | 'SlotLeft'
>;
type PayloadOf<Name extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[Name]>[0];
/** A wheel push as its sender gives it: the number is the pushes' to add. */
type UnnumberedPayload<Name extends WheelPushName> = Omit<PayloadOf<Name>, 'seq'>;

export interface WheelPushesDependencies {
  /** The Redis adapter joins several processes: seat changes cross it once per wheel and tick. */
  multiProcess?: boolean;
  /** The wheel's next push number, shared by every process (the database's counter). */
  nextPushSeq: (wheelId: string) => Promise<number>;
  log: FastifyBaseLogger;
}

/**
 * Turns domain events into hub pushes, to the rooms of the wheel or of the people concerned,
 * and gives other senders (presence: UserJoined, UserLeft) the same numbered way to a wheel.
 *
 * Every push to a wheel's room carries the wheel's push number `seq`, so a client that missed
 * one (another process ran the step while Redis was away) sees the gap and asks for a snapshot.
 * A wheel's pushes leave one after another, in the order they were raised, each after the seat
 * changes gathered before it: numbering waits for the database, and a later push must neither
 * overtake an earlier one nor take a lower number. A push the database could not number goes
 * out without one rather than not at all.
 *
 * A wheel's seat changes are gathered for SLOT_CHANGES_TICK_MS and pushed as one batch: when a
 * round opens, a hundred people take their seats within seconds, and one push per seat to
 * everyone on the wheel would be ten thousand messages. Each process turns the batch into what
 * its own connections asked for (`pushSeatChangesHere`), so with several processes one message
 * per wheel and tick crosses Redis, whoever listens: the batch goes to the others as the
 * inter-server event `slotsChanged`, on the adapter's stream, ahead of any later push to the wheel.
 */
export function forwardDomainEventsToHub(
  events: DomainEvents,
  hub: WheelHub,
  { multiProcess = false, nextPushSeq, log }: WheelPushesDependencies,
) {
  let stopped = false;
  const inOrder = createKeyedQueue();
  const seatBatches = new Map<string, { changes: SlotsChangedEvent['changes']; timer: NodeJS.Timeout }>();

  const numbered = (wheelId: string): Promise<number | undefined> =>
    nextPushSeq(wheelId).catch((error: unknown) => {
      log.warn({ err: error, wheelId }, 'a push to a wheel went out without its number');
      return undefined;
    });

  /** Sends the seat changes gathered for the wheel, if any; runs in the wheel's turn. */
  async function sendSeatChanges(wheelId: string) {
    const batch = seatBatches.get(wheelId);
    if (!batch) return;
    seatBatches.delete(wheelId);
    clearTimeout(batch.timer);
    const seq = await numbered(wheelId);
    if (stopped) return;
    const event: SlotsChangedEvent = {
      wheelId,
      changes: batch.changes,
      ...(seq === undefined ? {} : { seq }),
    };
    if (multiProcess) hub.serverSideEmit('slotsChanged', event);
    pushSeatChangesHere(hub, event);
  }

  function addSeatChange(wheelId: string, change: SlotsChangedEvent['changes'][number]) {
    const batch = seatBatches.get(wheelId);
    if (batch) batch.changes.push(change);
    else
      seatBatches.set(wheelId, {
        changes: [change],
        timer: setTimeout(() => void inOrder(wheelId, () => sendSeatChanges(wheelId)), SLOT_CHANGES_TICK_MS),
      });
  }

  /** Pushes to the wheel's room in its turn, numbered, after the seat changes gathered before it. */
  function toWheel<Name extends WheelPushName>(
    wheelId: string,
    name: Name,
    payload: UnnumberedPayload<Name>,
  ) {
    void inOrder(wheelId, async () => {
      await sendSeatChanges(wheelId);
      const seq = await numbered(wheelId);
      if (stopped) return;
      const room = hub.to(wheelRoom(wheelId)) as unknown as {
        emit: (name: Name, payload: PayloadOf<Name>) => void;
      };
      room.emit(name, { ...payload, ...(seq === undefined ? {} : { seq }) } as PayloadOf<Name>);
    }).catch((error: unknown) => log.error({ err: error, wheelId, push: name }, 'a push to a wheel failed'));
  }

  /**
   * A push to people about a wheel (a match closed, a seat no longer kept), in the wheel's turn
   * but unnumbered: the spin that closes the last round's matches must reach them before the
   * closing does, or the new round's spin would sweep away the notice of the old match's end.
   */
  function toPeopleOnWheel(wheelId: string, send: () => void) {
    void inOrder(wheelId, async () => {
      if (!stopped) send();
    }).catch((error: unknown) => log.error({ err: error, wheelId }, 'a push to people on a wheel failed'));
  }

  const seatChangesFromElsewhere = (event: SlotsChangedEvent) => pushSeatChangesHere(hub, event);
  if (multiProcess) hub.on('slotsChanged', seatChangesFromElsewhere);
  const unsubscribers = [
    events.subscribe('slotTaken', ({ wheelId, ...change }) =>
      addSeatChange(wheelId, { kind: 'taken', ...change }),
    ),
    events.subscribe('slotLeft', ({ wheelId, ...change }) =>
      addSeatChange(wheelId, { kind: 'left', ...change }),
    ),
    events.subscribe('roundScheduled', (event) => toWheel(event.wheelId, 'RoundScheduled', event)),
    events.subscribe('spinStarted', (event) => toWheel(event.wheelId, 'WheelSpinStarted', event)),
    events.subscribe('matchesRevealed', ({ created, completed }) => {
      toWheel(created.wheelId, 'MatchesCreated', created);
      toWheel(completed.wheelId, 'WheelSpinCompleted', completed);
    }),
    events.subscribe('matchAccepted', ({ event, participantIds }) => {
      hub.to(participantIds.map(participantRoom)).emit('MatchAccepted', event);
    }),
    events.subscribe('matchDeclined', ({ event, participantIds }) => {
      hub.to(participantIds.map(participantRoom)).emit('MatchDeclined', event);
    }),
    events.subscribe('matchExpired', ({ event, participantIds }) =>
      toPeopleOnWheel(event.wheelId, () =>
        hub.to(participantIds.map(participantRoom)).emit('MatchExpired', event),
      ),
    ),
    events.subscribe('callTimeUp', ({ event, participantIds }) => {
      hub.to(participantIds.map(participantRoom)).emit('CallTimeUp', event);
    }),
    events.subscribe('callTimerChanged', ({ timer, participantIds }) => {
      hub.to(participantIds.map(participantRoom)).emit('CallTimer', timer);
    }),
    events.subscribe('announcementSent', (event) => toWheel(event.wheelId, 'Announcement', event)),
    events.subscribe('eventEnded', (event) => toWheel(event.wheelId, 'EventEnded', event)),
    events.subscribe('stayingEnded', ({ event, participantId }) =>
      toPeopleOnWheel(event.wheelId, () =>
        hub.to(participantRoom(participantId)).emit('StayingEnded', event),
      ),
    ),
  ];
  return {
    toWheel,
    /** Stops forwarding: seat changes still gathered are dropped (the connections are gone; a reconnect reads a snapshot). */
    stop() {
      stopped = true;
      for (const unsubscribe of unsubscribers) unsubscribe();
      hub.off('slotsChanged', seatChangesFromElsewhere);
      for (const batch of seatBatches.values()) clearTimeout(batch.timer);
      seatBatches.clear();
    },
  };
}

export type WheelPushes = ReturnType<typeof forwardDomainEventsToHub>;
