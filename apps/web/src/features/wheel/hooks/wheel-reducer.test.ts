import { describe, expect, it } from 'vitest';
import { makeEmptyWheel, makeParticipant, PARTICIPANT_ID, slotId, WHEEL_ID } from '../../../test/fixtures';
import { initWheelState, wheelReducer } from './wheel-reducer';

describe('the wheel reducer', () => {
  it('applies a batch of seat changes in the order they happened', () => {
    const person = makeParticipant({ id: PARTICIPANT_ID });
    const taken = (position: number) => ({
      kind: 'taken' as const,
      wheelId: WHEEL_ID,
      userId: PARTICIPANT_ID,
      slotId: slotId(position),
      slot: {
        id: slotId(position),
        position,
        wheelId: WHEEL_ID,
        userId: PARTICIPANT_ID,
        occupiedAt: '2026-11-23T10:00:00.000Z',
        user: person,
      },
    });
    const state = wheelReducer(initWheelState(makeEmptyWheel()), {
      type: 'slotsChanged',
      event: {
        wheelId: WHEEL_ID,
        // Took seat 0, gave it up, then took seat 3: only seat 3 is theirs.
        changes: [
          taken(0),
          { kind: 'left', wheelId: WHEEL_ID, userId: PARTICIPANT_ID, slotId: slotId(0) },
          taken(3),
        ],
      },
    });
    const seated = state.wheel.slots.filter((slot) => slot.userId !== null);
    expect(seated.map((slot) => [slot.position, slot.user?.id])).toEqual([[3, PARTICIPANT_ID]]);
  });
});
