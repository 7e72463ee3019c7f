import {
  type NUMBERED_WHEEL_PUSHES,
  type ServerToClientEvents,
  SLOT_CHANGES_TICK_MS,
  type SlotsChangedEvent,
} from '@wheelmeet/contracts';
import type { FastifyBaseLogger } from 'fastify';
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
  /**
   * Takes `count` numbers from the wheel's push count, shared by every process (the database's
   * counter), and answers the last of them: the run is last - count + 1 … last.
   */
  reservePushSeqs: (wheelId: string, count: number) => Promise<number>;
  log: FastifyBaseLogger;
}

type SeatChange = SlotsChangedEvent['changes'][number];
/** What waits in a wheel's line, in the order it was raised. */
type WaitingPush =
  /** Seat changes; the last in line still gathers for SLOT_CHANGES_TICK_MS. */
  | { kind: 'seats'; changes: SeatChange[]; gathering: boolean }
  | { kind: 'numbered'; send: (seq: number | undefined) => void }
  /** To people about the wheel: in the wheel's order, without a number. */
  | { kind: 'people'; send: () => void };
interface WheelLine {
  waiting: WaitingPush[];
  sending: boolean;
  gatherTimer: NodeJS.Timeout | undefined;
}

/**
 * Turns domain events into hub pushes, to the rooms of the wheel or of the people concerned,
 * and gives other senders (presence: UserJoined, UserLeft) the same numbered way to a wheel.
 *
 * Every push to a wheel's room carries the wheel's push number `seq`, so a client that missed
 * one (another process ran the step while Redis was away) sees the gap and asks for a snapshot.
 *
 * A wheel's pushes wait in one line and leave in the order they were raised: a seat change
 * raised after a push goes after it (a seat taken again just after the reset's RoundScheduled
 * must not reach people before the RoundScheduled that clears every seat). Numbering waits for
 * the database, so everything that joined the line meanwhile is numbered with one write when
 * the line moves on: a hundred arrivals cost one write, not a hundred writes one after another.
 * A run the database could not number goes out without numbers rather than not at all.
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
  { multiProcess = false, reservePushSeqs, log }: WheelPushesDependencies,
) {
  let stopped = false;
  const lines = new Map<string, WheelLine>();

  const lineOf = (wheelId: string): WheelLine => {
    let line = lines.get(wheelId);
    if (!line) {
      line = { waiting: [], sending: false, gatherTimer: undefined };
      lines.set(wheelId, line);
    }
    return line;
  };

  /** Seat changes still gathering stop gathering: what is raised from now on comes after them. */
  function closeGathering(line: WheelLine) {
    const last = line.waiting.at(-1);
    if (last?.kind === 'seats') last.gathering = false;
    clearTimeout(line.gatherTimer);
    line.gatherTimer = undefined;
  }

  function join(wheelId: string, push: WaitingPush) {
    if (stopped) return;
    const line = lineOf(wheelId);
    closeGathering(line);
    line.waiting.push(push);
    void send(wheelId, line);
  }

  function addSeatChange(wheelId: string, change: SeatChange) {
    if (stopped) return;
    const line = lineOf(wheelId);
    const last = line.waiting.at(-1);
    if (last?.kind === 'seats' && last.gathering) {
      last.changes.push(change);
      return;
    }
    line.waiting.push({ kind: 'seats', changes: [change], gathering: true });
    line.gatherTimer = setTimeout(() => {
      closeGathering(line);
      void send(wheelId, line);
    }, SLOT_CHANGES_TICK_MS);
  }

  function sendSeatChanges(wheelId: string, changes: SeatChange[], seq: number | undefined) {
    const event: SlotsChangedEvent = { wheelId, changes, ...(seq === undefined ? {} : { seq }) };
    if (multiProcess) hub.serverSideEmit('slotsChanged', event);
    pushSeatChangesHere(hub, event);
  }

  /** Moves the wheel's line: what is ready, numbered with one write, in order; until nothing is. */
  async function send(wheelId: string, line: WheelLine) {
    if (line.sending) return;
    line.sending = true;
    try {
      for (;;) {
        const gathering = line.waiting.findIndex((push) => push.kind === 'seats' && push.gathering);
        const ready = line.waiting.splice(0, gathering === -1 ? line.waiting.length : gathering);
        if (ready.length === 0) break;
        const count = ready.filter((push) => push.kind !== 'people').length;
        let next = count > 0 ? await firstOfRun(wheelId, count) : undefined;
        if (stopped) return;
        for (const push of ready) {
          if (push.kind === 'people') push.send();
          else {
            if (push.kind === 'seats') sendSeatChanges(wheelId, push.changes, next);
            else push.send(next);
            if (next !== undefined) next += 1;
          }
        }
      }
    } catch (error) {
      log.error({ err: error, wheelId }, 'a push to a wheel failed');
    } finally {
      line.sending = false;
      if (line.waiting.length === 0 && lines.get(wheelId) === line) lines.delete(wheelId);
    }
  }

  const firstOfRun = (wheelId: string, count: number): Promise<number | undefined> =>
    reservePushSeqs(wheelId, count).then(
      (last) => last - count + 1,
      (error: unknown) => {
        log.warn({ err: error, wheelId, count }, 'pushes to a wheel went out without their numbers');
        return undefined;
      },
    );

  /** Pushes to the wheel's room in its turn, numbered, after everything raised before it. */
  function toWheel<Name extends WheelPushName>(
    wheelId: string,
    name: Name,
    payload: UnnumberedPayload<Name>,
  ) {
    join(wheelId, {
      kind: 'numbered',
      send: (seq) => {
        const room = hub.to(wheelRoom(wheelId)) as unknown as {
          emit: (name: Name, payload: PayloadOf<Name>) => void;
        };
        room.emit(name, { ...payload, ...(seq === undefined ? {} : { seq }) } as PayloadOf<Name>);
      },
    });
  }

  /**
   * A push to people about a wheel (a match closed, a seat no longer kept), in the wheel's turn
   * but unnumbered: the spin that closes the last round's matches must reach them before the
   * closing does, or the new round's spin would sweep away the notice of the old match's end.
   */
  function toPeopleOnWheel(wheelId: string, send: () => void) {
    join(wheelId, { kind: 'people', send });
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
    /** Stops forwarding: pushes still waiting are dropped (the connections are gone; a reconnect reads a snapshot). */
    stop() {
      stopped = true;
      for (const unsubscribe of unsubscribers) unsubscribe();
      hub.off('slotsChanged', seatChangesFromElsewhere);
      for (const line of lines.values()) clearTimeout(line.gatherTimer);
      lines.clear();
    },
  };
}

export type WheelPushes = ReturnType<typeof forwardDomainEventsToHub>;
