import { describe, expect, it } from 'vitest';
import {
  makeEmptyWheel,
  makeMatch,
  makeParticipant,
  makeSnapshot,
  ME_ID,
  PARTICIPANT_ID,
  slotId,
  WHEEL_ID,
} from '../../../test/fixtures';
import {
  CALL_ENDED_NOTICE,
  initWheelState,
  type WheelAction,
  type WheelState,
  wheelReducer,
} from './wheel-reducer';

const OCCUPIED_AT = '2026-11-23T10:00:00.000Z';
const person = makeParticipant({ id: PARTICIPANT_ID, username: 'Ada' });
const taken = (position: number, userId = PARTICIPANT_ID) => ({
  kind: 'taken' as const,
  userId,
  slotId: slotId(position),
  occupiedAt: OCCUPIED_AT,
});
const left = (position: number) => ({
  kind: 'left' as const,
  userId: PARTICIPANT_ID,
  slotId: slotId(position),
});

/** An empty wheel that has seen Ada arrive. */
const withAdaHere = (): WheelState =>
  wheelReducer(initWheelState(makeEmptyWheel()), {
    type: 'userJoined',
    event: { wheelId: WHEEL_ID, user: person },
  });

const seated = (state: WheelState) =>
  state.wheel.slots
    .filter((slot) => slot.userId !== null)
    .map((slot) => [slot.position, slot.userId, slot.user?.username ?? null, slot.occupiedAt]);

describe('the wheel reducer', () => {
  it('applies a batch of seat changes in the order they happened, each seat showing who holds it', () => {
    const state = wheelReducer(withAdaHere(), {
      type: 'slotsChanged',
      // Took seat 0, gave it up, then took seat 3: only seat 3 is theirs.
      event: { wheelId: WHEEL_ID, changes: [taken(0), left(0), taken(3)] },
    });
    expect(seated(state)).toEqual([[3, PARTICIPANT_ID, 'Ada', OCCUPIED_AT]]);
  });

  it('still knows who someone is after they gave up their seat and left the active list', () => {
    const afterLeaving = wheelReducer(withAdaHere(), {
      type: 'slotsChanged',
      event: { wheelId: WHEEL_ID, changes: [taken(1), left(1)] },
    });
    // The spec: a slot left takes the user out of the active users.
    expect(afterLeaving.wheel.activeUsers).toEqual([]);
    const back = wheelReducer(afterLeaving, {
      type: 'slotTaken',
      event: { wheelId: WHEEL_ID, userId: PARTICIPANT_ID, slotId: slotId(2), occupiedAt: OCCUPIED_AT },
    });
    expect(seated(back)).toEqual([[2, PARTICIPANT_ID, 'Ada', OCCUPIED_AT]]);
  });

  it('seats someone it has not met by id, and names them once a snapshot brings them', () => {
    const stranger = wheelReducer(initWheelState(makeEmptyWheel()), {
      type: 'slotsChanged',
      event: { wheelId: WHEEL_ID, changes: [taken(0)] },
    });
    expect(seated(stranger)).toEqual([[0, PARTICIPANT_ID, null, OCCUPIED_AT]]);

    const wheel = makeEmptyWheel({ activeUsers: [person] });
    const known = wheelReducer(stranger, {
      type: 'snapshot',
      snapshot: makeSnapshot({
        wheel: {
          ...wheel,
          slots: wheel.slots.map((slot) =>
            slot.position === 0
              ? { ...slot, userId: PARTICIPANT_ID, user: person, occupiedAt: OCCUPIED_AT }
              : slot,
          ),
        },
      }),
      receivedAt: Date.now(),
      meId: null,
    });
    expect(seated(known)).toEqual([[0, PARTICIPANT_ID, 'Ada', OCCUPIED_AT]]);
    expect(known.people[PARTICIPANT_ID]).toEqual(person);
  });

  it("leaves 'This match ended.' to the call's screen when a block ends a call under way, with no toast behind it", () => {
    const match = makeMatch({ status: 'Accepted', acceptedByUser1: true, acceptedByUser2: true });
    const during = wheelReducer(
      { ...initWheelState(makeEmptyWheel()), matches: [match] },
      { type: 'matchExpired', event: { matchId: match.id, reason: 'ended' }, meId: ME_ID },
    );
    expect(during.notices).toEqual([]);
    expect(during.matches[0]?.status).toBe('Expired');

    // A match still waiting for answers has no call screen: the toast tells it.
    const waiting = makeMatch();
    const before = wheelReducer(
      { ...initWheelState(makeEmptyWheel()), matches: [waiting] },
      { type: 'matchExpired', event: { matchId: waiting.id, reason: 'ended' }, meId: ME_ID },
    );
    expect(before.notices.map((notice) => notice.text)).toEqual(['This match ended.']);
  });
});

describe('the end of a call (issue 33)', () => {
  const accepted = makeMatch({ status: 'Accepted', acceptedByUser1: true, acceptedByUser2: true });
  const inCall = (): WheelState => ({
    ...initWheelState(makeEmptyWheel()),
    matches: [accepted],
    matchesOpen: true,
  });

  it('closes the matches dialog that said the call would open, and says on the wheel that the call ended', () => {
    const state = wheelReducer(inCall(), { type: 'callEnded', matchId: accepted.id });
    expect(state.matchesOpen).toBe(false);
    expect(state.matches).toEqual([{ ...accepted, callEnded: true }]);
    expect(state.notices.map((notice) => notice.text)).toEqual([CALL_ENDED_NOTICE]);
    // Heard twice (CallEnded, then CallTimeUp, say): said once.
    expect(wheelReducer(state, { type: 'callEnded', matchId: accepted.id })).toBe(state);
  });

  it('leaves the dialog open while another match still waits for an answer', () => {
    const pending = makeMatch({ id: '0e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b' });
    const state = wheelReducer(
      { ...inCall(), matches: [accepted, pending] },
      { type: 'callEnded', matchId: accepted.id },
    );
    expect(state.matchesOpen).toBe(true);
    expect(state.dialogNotice).toBe(CALL_ENDED_NOTICE);
  });

  it('ignores the end of a call it does not hold', () => {
    const state = inCall();
    expect(wheelReducer(state, { type: 'callEnded', matchId: '0e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b' })).toBe(
      state,
    );
  });
});

describe('staying for the next round (issue 38)', () => {
  it('shows a kept seat occupied again once the reset is followed by the batch of kept seats', () => {
    const before = wheelReducer(withAdaHere(), {
      type: 'slotsChanged',
      event: { wheelId: WHEEL_ID, changes: [taken(1)] },
    });
    const reset = wheelReducer(before, {
      type: 'roundScheduled',
      event: {
        wheelId: WHEEL_ID,
        currentRound: 4,
        lastSpinDate: OCCUPIED_AT,
        nextSpinAt: null,
        roundsPaused: false,
        slotsCleared: true,
      },
    });
    expect(seated(reset)).toEqual([]);
    const kept = wheelReducer(reset, {
      type: 'slotsChanged',
      event: { wheelId: WHEEL_ID, changes: [taken(1)] },
    });
    expect(seated(kept)).toEqual([[1, PARTICIPANT_ID, 'Ada', OCCUPIED_AT]]);
  });

  it("takes whether the seat is kept from the snapshot, and drops it with the server's reason when staying ends", () => {
    const joined = wheelReducer(initWheelState(makeEmptyWheel()), {
      type: 'snapshot',
      snapshot: makeSnapshot({ staying: true }),
      receivedAt: Date.now(),
      meId: ME_ID,
    });
    expect(joined.staying).toBe(true);

    const ended = wheelReducer(joined, { type: 'stayingEnded', message: 'Your seat was given up.' });
    expect(ended.staying).toBe(false);
    expect(ended.stayingEnded).toBe('Your seat was given up.');

    // Sitting down again keeps the seat once more, and the old news goes.
    const back = wheelReducer(ended, { type: 'stayingChanged', staying: true });
    expect(back.staying).toBe(true);
    expect(back.stayingEnded).toBeNull();
  });
});

describe('an event on the wheel (issue 35)', () => {
  const SENT_AT = '2026-11-28T18:05:00.000Z';
  const snapshot = (overrides: Parameters<typeof makeSnapshot>[0]) =>
    ({ type: 'snapshot', snapshot: makeSnapshot(overrides), receivedAt: Date.now(), meId: ME_ID }) as const;

  it("keeps the snapshot's announcement, then each pushed one", () => {
    const joined = wheelReducer(
      initWheelState(makeEmptyWheel()),
      snapshot({ announcement: { message: 'Welcome!', sentAt: SENT_AT } }),
    );
    expect(joined.announcement).toEqual({ message: 'Welcome!', sentAt: SENT_AT });
    const pushed = wheelReducer(joined, {
      type: 'announcement',
      announcement: { message: 'Last round', sentAt: '2026-11-28T18:40:00.000Z' },
    });
    expect(pushed.announcement?.message).toBe('Last round');
  });

  it('keeps a dismissed announcement dismissed through a fresh snapshot, and shows a new one', () => {
    const announcement = { message: 'Welcome!', sentAt: SENT_AT };
    const dismissed = wheelReducer(
      wheelReducer(initWheelState(makeEmptyWheel()), { type: 'announcement', announcement }),
      { type: 'dismissAnnouncement' },
    );
    expect(wheelReducer(dismissed, snapshot({ announcement })).announcementDismissed).toBe(true);
    const next = wheelReducer(dismissed, {
      type: 'announcement',
      announcement: { message: 'Break in 5 minutes', sentAt: '2026-11-28T18:10:00.000Z' },
    });
    expect(next.announcementDismissed).toBe(false);
  });

  it('knows the event is over from the wheel, from the snapshot, or from EventEnded', () => {
    const endedAt = '2026-11-28T19:00:00.000Z';
    expect(initWheelState(makeEmptyWheel({ eventEndedAt: endedAt })).eventEnded).toBe(true);
    const running = initWheelState(makeEmptyWheel());
    expect(running.eventEnded).toBe(false);
    const fromSnapshot = wheelReducer(
      running,
      snapshot({ wheel: makeEmptyWheel({ eventEndedAt: endedAt }) }),
    );
    expect(fromSnapshot.eventEnded).toBe(true);
    const pushed = wheelReducer(running, { type: 'eventEnded' });
    expect(pushed.eventEnded).toBe(true);
    // A snapshot that left before the push does not bring the event back.
    expect(wheelReducer(pushed, snapshot({})).eventEnded).toBe(true);
  });

  it('follows the start the organiser moved, from RoundScheduled (Start now)', () => {
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const now = new Date().toISOString();
    const waiting = initWheelState(makeEmptyWheel({ startsAt: later, roundCount: 3 }));
    const started = wheelReducer(waiting, {
      type: 'roundScheduled',
      event: {
        wheelId: WHEEL_ID,
        currentRound: 0,
        lastSpinDate: null,
        nextSpinAt: now,
        roundsPaused: false,
        slotsCleared: false,
        startsAt: now,
      },
    });
    expect(started.wheel).toMatchObject({ startsAt: now, nextSpinAt: now });
  });
});

describe('a snapshot ahead of its push number (issue 36)', () => {
  // The server numbers a push after the change it tells of commits, so a snapshot read in
  // between shows the round already while the round's pushes still come after it.
  const spin = {
    round: 3,
    startedAt: '2026-11-23T10:00:00.000Z',
    innerOffset: 1,
    outerOffset: 2,
    revealAt: '2026-11-23T10:00:05.000Z',
    resetAt: '2026-11-23T10:00:13.000Z',
  };
  const pending = makeMatch({ round: 3 });
  const roundPushes = (): WheelAction[] => [
    { type: 'spinStarted', event: { wheelId: WHEEL_ID, ...spin } },
    { type: 'matchesCreated', event: { wheelId: WHEEL_ID, matches: [pending] }, meId: ME_ID },
    {
      type: 'spinCompleted',
      event: {
        wheelId: WHEEL_ID,
        matches: [pending],
        currentRound: 3,
        lastSpinDate: spin.startedAt,
        unmatchedUserIds: [],
        resetAt: spin.resetAt,
      },
      meId: ME_ID,
    },
  ];

  it("keeps a person's answer and their closed dialog when the round's pushes come after the snapshot that showed the round", () => {
    const joined = wheelReducer(initWheelState(makeEmptyWheel()), {
      type: 'snapshot',
      snapshot: makeSnapshot({ spin, myMatches: [pending] }),
      receivedAt: Date.now(),
      meId: ME_ID,
    });
    expect(joined.matchesOpen).toBe(true);
    const declined = wheelReducer(
      wheelReducer(joined, { type: 'matchUpdated', match: { ...pending, status: 'Rejected' } }),
      { type: 'setMatchesOpen', open: false },
    );

    const after = roundPushes().reduce(wheelReducer, declined);
    expect(after.matches).toEqual([{ ...pending, status: 'Rejected' }]);
    expect(after.matchesOpen).toBe(false);
    expect(after.spin).toEqual(declined.spin);
  });

  it('still shows the next round, and a round a snapshot taken during its spin did not reveal', () => {
    const duringSpin = wheelReducer(initWheelState(makeEmptyWheel()), {
      type: 'snapshot',
      snapshot: makeSnapshot({ spin }),
      receivedAt: Date.now(),
      meId: ME_ID,
    });
    const revealed = roundPushes().reduce(wheelReducer, duringSpin);
    expect(revealed.matches).toEqual([pending]);
    expect(revealed.matchesOpen).toBe(true);

    const next = makeMatch({ id: '0e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b', round: 4 });
    const nextRound = wheelReducer(wheelReducer(revealed, { type: 'setMatchesOpen', open: false }), {
      type: 'spinCompleted',
      event: {
        wheelId: WHEEL_ID,
        matches: [next],
        currentRound: 4,
        lastSpinDate: spin.resetAt,
        unmatchedUserIds: [],
        resetAt: spin.resetAt,
      },
      meId: ME_ID,
    });
    expect(nextRound.matches).toEqual([next]);
    expect(nextRound.matchesOpen).toBe(true);
  });
});
