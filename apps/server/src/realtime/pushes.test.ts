import type { RoundScheduledEvent } from '@wheelmeet/contracts';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createDomainEvents } from '../events/domain-events';
import { forwardDomainEventsToHub } from './pushes';
import type { WheelHub } from './sockets';

const WHEEL = '5f4e3d2c-1b0a-4f9e-8d7c-6b5a4f3e2d1c';
const SOMEONE = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

/** Records what reaches the wheel's room, in order, as `name seq`. */
function recordingHub() {
  const sent: string[] = [];
  const room = {
    emit: (name: string, payload: { seq?: number }) => sent.push(`${name} ${payload.seq}`),
    except: () => room,
  };
  const hub = {
    to: () => room,
    local: { to: () => room },
    sockets: { adapter: { rooms: new Map() } },
    on: () => {},
    off: () => {},
  };
  return { hub: hub as unknown as WheelHub, sent };
}

/** The database's push count, whose writes wait until `release` is called. */
function slowCount() {
  let seq = 0;
  const writes: number[] = [];
  let release = () => {};
  let held = Promise.resolve();
  return {
    writes,
    hold() {
      held = new Promise((resolve) => {
        release = resolve;
      });
    },
    release: () => release(),
    reservePushSeqs: async (_wheelId: string, count: number) => {
      writes.push(count);
      await held;
      seq += count;
      return seq;
    },
  };
}

const reset = (): RoundScheduledEvent => ({
  wheelId: WHEEL,
  currentRound: 1,
  lastSpinDate: '2026-11-28T10:00:00.000Z',
  nextSpinAt: '2026-11-28T10:00:20.000Z',
  roundsPaused: false,
  slotsCleared: true,
});
const settle = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a wheel's line of pushes (issue 37)", () => {
  it('sends a seat taken again after the reset after the reset, however long numbering takes', async () => {
    const events = createDomainEvents(() => {});
    const { hub, sent } = recordingHub();
    const count = slowCount();
    forwardDomainEventsToHub(events, hub, {
      reservePushSeqs: count.reservePushSeqs,
      log: pino({ level: 'silent' }),
    });

    // Something before the reset is still being numbered when the reset and the seat come.
    count.hold();
    await events.publish('roundScheduled', { ...reset(), slotsCleared: false });
    await events.publish('roundScheduled', reset());
    await events.publish('slotTaken', {
      wheelId: WHEEL,
      userId: SOMEONE,
      slotId: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
      occupiedAt: '2026-11-28T10:00:08.000Z',
    });
    await settle(150);
    count.release();
    await settle(10);

    expect(sent).toEqual(['RoundScheduled 1', 'RoundScheduled 2', 'SlotsChanged 3']);
  });

  it('numbers everything that waited behind a write with one more write', async () => {
    const events = createDomainEvents(() => {});
    const { hub, sent } = recordingHub();
    const count = slowCount();
    const pushes = forwardDomainEventsToHub(events, hub, {
      reservePushSeqs: count.reservePushSeqs,
      log: pino({ level: 'silent' }),
    });

    count.hold();
    for (let arrival = 0; arrival < 100; arrival += 1)
      pushes.toWheel(WHEEL, 'UserJoined', {
        wheelId: WHEEL,
        user: {
          id: SOMEONE,
          username: `Person ${arrival}`,
          age: 30,
          gender: 'other',
          shortBio: null,
          whoAmI: null,
          interests: null,
        },
      });
    await settle();
    count.release();
    await settle(10);

    expect(count.writes).toEqual([1, 99]);
    expect(sent).toEqual(Array.from({ length: 100 }, (_, index) => `UserJoined ${index + 1}`));
  });
});
