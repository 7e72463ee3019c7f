import type {
  Match,
  MatchAcceptedEvent,
  MatchDeclinedEvent,
  MatchesCreatedEvent,
  OpenWheel,
  RoundScheduledEvent,
  SlotLeftEvent,
  SlotTakenEvent,
  SpinState,
  UserPresenceEvent,
  WheelSnapshot,
  WheelSpinCompletedEvent,
  WheelSpinStartedEvent,
} from '@wheelmeet/contracts';

/** The spin the rings show; `animate` is false for a spin that was already under way when we joined. */
export interface RingSpin extends SpinState {
  animate: boolean;
}

export interface WheelState {
  wheel: OpenWheel;
  /** Server clock minus browser clock, measured when the snapshot arrived. */
  clockOffsetMs: number;
  /** Non-null from the moment a spin starts until the slots clear: the slots are locked meanwhile. */
  spin: RingSpin | null;
  /** The current user's matches of the latest round. */
  matches: Match[];
  matchesOpen: boolean;
  /** The current user sat the last round out without a partner. */
  unmatched: boolean;
}

export type WheelAction =
  | { type: 'snapshot'; snapshot: WheelSnapshot; receivedAt: number; meId: string | null }
  | { type: 'spinStarted'; event: WheelSpinStartedEvent }
  | { type: 'matchesCreated'; event: MatchesCreatedEvent; meId: string | null }
  | { type: 'spinCompleted'; event: WheelSpinCompletedEvent; meId: string | null }
  | { type: 'roundScheduled'; event: RoundScheduledEvent }
  | { type: 'slotTaken'; event: SlotTakenEvent }
  | { type: 'slotLeft'; event: SlotLeftEvent }
  | { type: 'userJoined'; event: UserPresenceEvent }
  | { type: 'userLeft'; event: UserPresenceEvent }
  | { type: 'matchAccepted'; event: MatchAcceptedEvent }
  | { type: 'matchDeclined'; event: MatchDeclinedEvent }
  | { type: 'matchUpdated'; match: Match }
  | { type: 'setMatchesOpen'; open: boolean }
  | { type: 'dismissUnmatched' };

export function initWheelState(wheel: OpenWheel): WheelState {
  return { wheel, clockOffsetMs: 0, spin: null, matches: [], matchesOpen: false, unmatched: false };
}

const involves = (match: Match, userId: string | null) =>
  userId !== null && (match.user1.id === userId || match.user2.id === userId);

const mine = (matches: Match[], meId: string | null) => matches.filter((match) => involves(match, meId));

function updateMatch(state: WheelState, matchId: string, update: (match: Match) => Match): WheelState {
  if (!state.matches.some((match) => match.id === matchId)) return state;
  return {
    ...state,
    matches: state.matches.map((match) => (match.id === matchId ? update(match) : match)),
  };
}

function withWheel(state: WheelState, patch: Partial<OpenWheel>): WheelState {
  return { ...state, wheel: { ...state.wheel, ...patch } };
}

/** Applies the snapshot and hub events of one wheel; events for other wheels are filtered out before. */
export function wheelReducer(state: WheelState, action: WheelAction): WheelState {
  switch (action.type) {
    case 'snapshot': {
      const { snapshot } = action;
      const matches = mine(snapshot.myMatches, action.meId);
      return {
        ...state,
        wheel: snapshot.wheel,
        clockOffsetMs: Date.parse(snapshot.serverTime) - action.receivedAt,
        // Joined mid-spin: the rings show where they come to rest, without replaying the spin.
        spin: snapshot.spin ? { ...snapshot.spin, animate: false } : null,
        matches,
        matchesOpen: state.matchesOpen && matches.length > 0,
      };
    }
    case 'spinStarted': {
      const { wheelId: _wheelId, ...spin } = action.event;
      return { ...state, spin: { ...spin, animate: true }, unmatched: false };
    }
    case 'matchesCreated': {
      const matches = mine(action.event.matches, action.meId);
      return matches.length > 0 ? { ...state, matches } : state;
    }
    case 'spinCompleted': {
      const { event, meId } = action;
      const matches = mine(event.matches, meId);
      return {
        ...withWheel(state, { currentRound: event.currentRound, lastSpinDate: event.lastSpinDate }),
        matches,
        matchesOpen: matches.length > 0,
        unmatched: meId !== null && event.unmatchedUserIds.includes(meId),
      };
    }
    case 'roundScheduled': {
      const { event } = action;
      const next = withWheel(state, {
        currentRound: event.currentRound,
        lastSpinDate: event.lastSpinDate,
        nextSpinAt: event.nextSpinAt,
      });
      if (!event.slotsCleared) return next;
      return {
        ...next,
        spin: null,
        wheel: {
          ...next.wheel,
          slots: next.wheel.slots.map((slot) => ({ ...slot, userId: null, user: null, occupiedAt: null })),
        },
      };
    }
    case 'slotTaken': {
      const { event } = action;
      // The user moves: out of any other slot, into this one.
      const slots = state.wheel.slots.map((slot) => {
        if (slot.id === event.slotId) return event.slot;
        if (slot.userId === event.userId) return { ...slot, userId: null, user: null, occupiedAt: null };
        return slot;
      });
      return withWheel(state, { slots });
    }
    case 'slotLeft': {
      const { event } = action;
      return withWheel(state, {
        slots: state.wheel.slots.map((slot) =>
          slot.id === event.slotId ? { ...slot, userId: null, user: null, occupiedAt: null } : slot,
        ),
        activeUsers: state.wheel.activeUsers.filter((user) => user.id !== event.userId),
      });
    }
    case 'userJoined': {
      const { user } = action.event;
      return withWheel(state, {
        activeUsers: [...state.wheel.activeUsers.filter((other) => other.id !== user.id), user],
      });
    }
    case 'userLeft': {
      const { user } = action.event;
      return withWheel(state, {
        activeUsers: state.wheel.activeUsers.filter((other) => other.id !== user.id),
      });
    }
    case 'matchAccepted': {
      const { event } = action;
      return updateMatch(state, event.matchId, (match) => ({
        ...match,
        acceptedByUser1: event.acceptedByUser1,
        acceptedByUser2: event.acceptedByUser2,
        status: event.status,
      }));
    }
    case 'matchDeclined':
      return updateMatch(state, action.event.matchId, (match) => ({ ...match, status: 'Rejected' }));
    case 'matchUpdated':
      return updateMatch(state, action.match.id, () => action.match);
    case 'setMatchesOpen':
      return { ...state, matchesOpen: action.open };
    case 'dismissUnmatched':
      return { ...state, unmatched: false };
  }
}
