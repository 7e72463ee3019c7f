import type {
  Announcement,
  Match,
  MatchAcceptedEvent,
  MatchDeclinedEvent,
  MatchExpiredEvent,
  MatchesCreatedEvent,
  OpenWheel,
  Participant,
  RoundScheduledEvent,
  SlotLeftEvent,
  SlotsChangedEvent,
  SlotTakenEvent,
  SpinState,
  UserPresenceEvent,
  WheelSnapshot,
  WheelSpinCompletedEvent,
  WheelSpinStartedEvent,
} from '@wheelmeet/contracts';
import {
  bothAcceptedText,
  expiryText,
  isLive,
  matchSides,
  partnerAcceptedText,
  partnerDeclinedText,
  shownMatches,
} from './match-texts';

/** The spin the rings show; `animate` is false for a spin that was already under way when we joined. */
export interface RingSpin extends SpinState {
  animate: boolean;
}

export interface WheelState {
  wheel: OpenWheel;
  /**
   * Everyone this screen has seen on the wheel, by id, kept when they leave: a seat change
   * names only the person (decision 027), and someone who gave up a seat may take another.
   */
  people: Record<string, Participant>;
  /** Server clock minus browser clock, measured when the snapshot arrived. */
  clockOffsetMs: number;
  /** Non-null from the moment a spin starts until the slots clear: the slots are locked meanwhile. */
  spin: RingSpin | null;
  /**
   * The current user's matches: those of the latest round, and any still open from before.
   * A match the server closed stays here as 'Expired' (so it is announced once) but is no
   * longer shown.
   */
  matches: Match[];
  matchesOpen: boolean;
  /** The current user sat the last round out without a partner. */
  unmatched: boolean;
  /** What changed about the user's matches while the dialog was closed: shown as toasts. */
  notices: MatchNotice[];
  /** A match closed while the dialog stayed open for others: said inside the dialog. */
  dialogNotice: string | null;
  noticeSeq: number;
  /** Issue 38: the server keeps the user's seat for the next round (seated, or back after their call). */
  staying: boolean;
  /** Why the server stopped keeping the user's seat (StayingEnded), until they dismiss it or sit again. */
  stayingEnded: string | null;
  /** Issue 35: the host's latest announcement, until the person dismisses it; a newer one shows again. */
  announcement: Announcement | null;
  announcementDismissed: boolean;
  /** Issue 35: the event is over (the wheel says when, or EventEnded said so); no seat can be taken. */
  eventEnded: boolean;
  /**
   * The latest round whose matches this screen has shown (WheelSpinCompleted, or a snapshot
   * holding them). A push is numbered after the change it tells of commits, so a snapshot read
   * in between shows the round while the round's pushes still come after it: those change
   * nothing, or they would undo the person's answers and reopen the dialog they closed.
   */
  revealedRound: number | null;
}

export interface MatchNotice {
  id: string;
  matchId: string;
  text: string;
}

/** Said on the wheel once a match's call is over (a hang-up, time up; issue 33). */
export const CALL_ENDED_NOTICE = 'Call ended';

/** At most this many toasts at once; the oldest go first. */
export const MAX_NOTICES = 3;

export type WheelAction =
  | { type: 'snapshot'; snapshot: WheelSnapshot; receivedAt: number; meId: string | null }
  | { type: 'spinStarted'; event: WheelSpinStartedEvent }
  | { type: 'matchesCreated'; event: MatchesCreatedEvent; meId: string | null }
  | { type: 'spinCompleted'; event: WheelSpinCompletedEvent; meId: string | null }
  | { type: 'roundScheduled'; event: RoundScheduledEvent }
  | { type: 'slotTaken'; event: SlotTakenEvent }
  | { type: 'slotLeft'; event: SlotLeftEvent }
  | { type: 'slotsChanged'; event: SlotsChangedEvent }
  | { type: 'userJoined'; event: UserPresenceEvent }
  | { type: 'userLeft'; event: UserPresenceEvent }
  | { type: 'matchAccepted'; event: MatchAcceptedEvent; meId: string | null }
  | { type: 'matchDeclined'; event: MatchDeclinedEvent; meId: string | null }
  | { type: 'matchExpired'; event: Pick<MatchExpiredEvent, 'matchId' | 'reason'>; meId: string | null }
  | { type: 'matchUpdated'; match: Match }
  /** The match's call ended for good (issue 33): it opens no call again. */
  | { type: 'callEnded'; matchId: string }
  /** The hub refused an answer because the match was settled already. */
  | { type: 'matchSettled'; matchId: string; status: 'Accepted' | 'Rejected' }
  | { type: 'setMatchesOpen'; open: boolean }
  | { type: 'dismissNotice'; id: string }
  | { type: 'dismissUnmatched' }
  /** The user's own seat taken, given up, or SetStaying's answer. */
  | { type: 'stayingChanged'; staying: boolean }
  | { type: 'stayingEnded'; message: string }
  | { type: 'dismissStayingEnded' }
  | { type: 'announcement'; announcement: Announcement }
  | { type: 'dismissAnnouncement' }
  | { type: 'eventEnded' };

/** The people a view of the wheel shows, added to those known already. */
function withPeopleOf(known: WheelState['people'], wheel: OpenWheel): WheelState['people'] {
  const people = { ...known };
  for (const user of wheel.activeUsers) people[user.id] = user;
  for (const slot of wheel.slots) if (slot.user) people[slot.user.id] = slot.user;
  return people;
}

export function initWheelState(wheel: OpenWheel): WheelState {
  return {
    wheel,
    people: withPeopleOf({}, wheel),
    clockOffsetMs: 0,
    spin: null,
    matches: [],
    matchesOpen: false,
    unmatched: false,
    notices: [],
    dialogNotice: null,
    noticeSeq: 0,
    staying: false,
    stayingEnded: null,
    announcement: null,
    announcementDismissed: false,
    eventEnded: wheel.eventEndedAt !== null,
    revealedRound: null,
  };
}

/** A round step this screen has shown already: a snapshot or an earlier push had it. */
const seenRound = (state: WheelState, round: number) =>
  state.revealedRound !== null && round <= state.revealedRound;

/** The latest round a snapshot shows matches of; a wheel whose rounds started over forgets the old ones. */
function revealedIn(state: WheelState, snapshot: WheelSnapshot): number | null {
  const kept =
    state.revealedRound !== null && state.revealedRound <= snapshot.wheel.currentRound
      ? [state.revealedRound]
      : [];
  const rounds = [...kept, ...snapshot.myMatches.map((match) => match.round)];
  return rounds.length > 0 ? Math.max(...rounds) : null;
}

/** A dismissed announcement stays dismissed when a snapshot brings it again; a new one shows. */
function withAnnouncement(state: WheelState, announcement: Announcement | null): WheelState {
  const same =
    announcement !== null &&
    state.announcement?.sentAt === announcement.sentAt &&
    state.announcement.message === announcement.message;
  return { ...state, announcement, announcementDismissed: same && state.announcementDismissed };
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

/** A toast for a change the user has not seen; none while the dialog shows the match itself. */
function toast(state: WheelState, matchId: string, text: string): WheelState {
  if (state.matchesOpen) return state;
  const seq = state.noticeSeq + 1;
  const notices = [...state.notices.filter((notice) => notice.matchId !== matchId || notice.text !== text)];
  notices.push({ id: `notice-${seq}`, matchId, text });
  return { ...state, notices: notices.slice(-MAX_NOTICES), noticeSeq: seq };
}

/**
 * A match the server closed: said inside the dialog while it stays open for other matches,
 * else as a toast. The dialog closes once nothing is left to show, so it never stays open
 * over a dead match.
 */
function announceExpiry(state: WheelState, matchId: string, text: string): WheelState {
  const open = state.matchesOpen && shownMatches(state.matches).length > 0;
  if (open) return { ...state, dialogNotice: text };
  return toast({ ...state, matchesOpen: false, dialogNotice: null }, matchId, text);
}

/** Folds a fresh snapshot's matches in: the dialog comes back, and changes missed meanwhile are told. */
function applySnapshotMatches(state: WheelState, matches: Match[], meId: string | null): WheelState {
  const before = new Map(state.matches.map((match) => [match.id, match]));
  // A match needing an answer that this screen has not shown yet (a reload, a first join) opens the dialog.
  const fresh = matches.some((match) => match.status === 'Pending' && !before.has(match.id));
  const shown = shownMatches(matches);
  let next: WheelState = {
    ...state,
    matches,
    matchesOpen: shown.length > 0 && (state.matchesOpen || fresh),
  };
  if (!next.matchesOpen) next.dialogNotice = null;
  if (meId === null) return next;
  for (const match of matches) {
    const old = before.get(match.id);
    if (match.status === 'Expired') {
      if (old?.status !== 'Expired') next = announceExpiry(next, match.id, expiryText(old ?? match, meId));
      continue;
    }
    if (!old) continue;
    if (match.status === 'Rejected' && old.status !== 'Rejected') {
      next = toast(next, match.id, partnerDeclinedText(match, meId));
    } else if (matchSides(match, meId).partnerAccepted && !matchSides(old, meId).partnerAccepted) {
      const text =
        match.status === 'Accepted' ? bothAcceptedText(match, meId) : partnerAcceptedText(match, meId);
      next = toast(next, match.id, text);
    }
  }
  return next;
}

/** Applies the snapshot and hub events of one wheel; events for other wheels are filtered out before. */
export function wheelReducer(state: WheelState, action: WheelAction): WheelState {
  switch (action.type) {
    case 'snapshot': {
      const { snapshot } = action;
      return applySnapshotMatches(
        {
          ...withAnnouncement(state, snapshot.announcement),
          // A snapshot older than the EventEnded push does not bring the event back.
          eventEnded: state.eventEnded || snapshot.wheel.eventEndedAt !== null,
          wheel: snapshot.wheel,
          people: withPeopleOf(state.people, snapshot.wheel),
          clockOffsetMs: Date.parse(snapshot.serverTime) - action.receivedAt,
          // Joined mid-spin: the rings show where they come to rest, without replaying the spin.
          spin: snapshot.spin ? { ...snapshot.spin, animate: false } : null,
          staying: snapshot.staying,
          revealedRound: revealedIn(state, snapshot),
        },
        mine(snapshot.myMatches, action.meId),
        action.meId,
      );
    }
    case 'spinStarted': {
      const { wheelId: _wheelId, seq: _seq, ...spin } = action.event;
      if (state.spin?.round === spin.round || seenRound(state, spin.round)) return state;
      // A new round: declined and closed matches are over, and so are the toasts about them.
      const matches = state.matches.filter(isLive);
      return {
        ...state,
        spin: { ...spin, animate: true },
        unmatched: false,
        matches,
        matchesOpen: state.matchesOpen && matches.length > 0,
        notices: [],
        dialogNotice: null,
      };
    }
    case 'matchesCreated': {
      const matches = mine(action.event.matches, action.meId);
      if (matches.some((match) => seenRound(state, match.round))) return state;
      return matches.length > 0 ? { ...state, matches } : state;
    }
    case 'spinCompleted': {
      const { event, meId } = action;
      if (seenRound(state, event.currentRound)) return state;
      const matches = mine(event.matches, meId);
      return {
        ...withWheel(state, { currentRound: event.currentRound, lastSpinDate: event.lastSpinDate }),
        revealedRound: event.currentRound,
        matches,
        matchesOpen: matches.length > 0,
        unmatched: meId !== null && event.unmatchedUserIds.includes(meId),
        ...(matches.length > 0 ? { notices: [], dialogNotice: null } : {}),
      };
    }
    case 'roundScheduled': {
      const { event } = action;
      const next = withWheel(state, {
        currentRound: event.currentRound,
        lastSpinDate: event.lastSpinDate,
        nextSpinAt: event.nextSpinAt,
        roundsPaused: event.roundsPaused,
        // The organiser may start the event early or move its start (issue 35).
        ...(event.startsAt === undefined ? {} : { startsAt: event.startsAt }),
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
      const { userId, slotId, occupiedAt } = action.event;
      // Someone not known yet (their UserJoined still on its way) shows by id until use-wheel-hub fetches them.
      const user = state.people[userId] ?? null;
      // The user moves: out of any other slot, into this one.
      const slots = state.wheel.slots.map((slot) => {
        if (slot.id === slotId) return { ...slot, userId, user, occupiedAt };
        if (slot.userId === userId) return { ...slot, userId: null, user: null, occupiedAt: null };
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
    case 'slotsChanged': {
      // Each change as if it had come on its own, in order.
      const { wheelId } = action.event;
      return action.event.changes.reduce(
        (next, change) =>
          wheelReducer(
            next,
            change.kind === 'taken'
              ? { type: 'slotTaken', event: { wheelId, ...change } }
              : { type: 'slotLeft', event: { wheelId, ...change } },
          ),
        state,
      );
    }
    case 'userJoined': {
      const { user } = action.event;
      return withWheel(
        { ...state, people: { ...state.people, [user.id]: user } },
        { activeUsers: [...state.wheel.activeUsers.filter((other) => other.id !== user.id), user] },
      );
    }
    case 'userLeft': {
      const { user } = action.event;
      return withWheel(state, {
        activeUsers: state.wheel.activeUsers.filter((other) => other.id !== user.id),
      });
    }
    case 'matchAccepted': {
      const { event, meId } = action;
      const held = state.matches.find((match) => match.id === event.matchId);
      if (!held || held.status === 'Expired') return state;
      const updated: Match = {
        ...held,
        acceptedByUser1: event.acceptedByUser1,
        acceptedByUser2: event.acceptedByUser2,
        status: event.status,
      };
      const next = updateMatch(state, event.matchId, () => updated);
      if (meId === null || event.userId === meId) return next;
      const text =
        updated.status === 'Accepted' ? bothAcceptedText(updated, meId) : partnerAcceptedText(updated, meId);
      return toast(next, updated.id, text);
    }
    case 'matchDeclined': {
      const { event, meId } = action;
      const held = state.matches.find((match) => match.id === event.matchId);
      if (!held || held.status === 'Expired' || held.status === 'Rejected') return state;
      const updated: Match = { ...held, status: 'Rejected' };
      const next = updateMatch(state, event.matchId, () => updated);
      if (meId === null || event.userId === meId) return next;
      return toast(next, updated.id, partnerDeclinedText(updated, meId));
    }
    case 'matchExpired': {
      const { event, meId } = action;
      const held = state.matches.find((match) => match.id === event.matchId);
      if (!held || held.status === 'Expired' || meId === null) return state;
      const text = expiryText(held, meId, event.reason);
      // Both had accepted, so the call's screen is over the wheel and says "This match ended."
      // itself: a toast saying it again would only sit behind (or on top of) that dialog.
      if (event.reason === 'ended' && held.status === 'Accepted')
        return updateMatch(state, held.id, (match) => ({ ...match, status: 'Expired' }));
      return announceExpiry(
        updateMatch(state, held.id, (match) => ({ ...match, status: 'Expired' })),
        held.id,
        text,
      );
    }
    case 'matchUpdated':
      return updateMatch(state, action.match.id, () => action.match);
    case 'callEnded': {
      // Back on the wheel: the dialog no longer says the call will open; the wheel says it ended.
      const held = state.matches.find((match) => match.id === action.matchId);
      if (!held || held.callEnded || held.status !== 'Accepted') return state;
      const next = updateMatch(state, held.id, (match) => ({ ...match, callEnded: true }));
      const stillToAnswer = next.matches.some((match) => match.status === 'Pending');
      if (next.matchesOpen && stillToAnswer) return { ...next, dialogNotice: CALL_ENDED_NOTICE };
      return toast({ ...next, matchesOpen: false, dialogNotice: null }, held.id, CALL_ENDED_NOTICE);
    }
    case 'matchSettled':
      return updateMatch(state, action.matchId, (match) =>
        action.status === 'Accepted'
          ? { ...match, status: 'Accepted', acceptedByUser1: true, acceptedByUser2: true }
          : { ...match, status: 'Rejected' },
      );
    case 'setMatchesOpen':
      return action.open
        ? { ...state, matchesOpen: shownMatches(state.matches).length > 0, notices: [], dialogNotice: null }
        : { ...state, matchesOpen: false, dialogNotice: null };
    case 'dismissNotice':
      return { ...state, notices: state.notices.filter((notice) => notice.id !== action.id) };
    case 'dismissUnmatched':
      return { ...state, unmatched: false };
    case 'stayingChanged':
      // Sitting down again makes the notice about the lost seat old news.
      return { ...state, staying: action.staying, stayingEnded: action.staying ? null : state.stayingEnded };
    case 'stayingEnded':
      return { ...state, staying: false, stayingEnded: action.message };
    case 'dismissStayingEnded':
      return { ...state, stayingEnded: null };
    case 'announcement':
      return withAnnouncement(state, action.announcement);
    case 'dismissAnnouncement':
      return { ...state, announcementDismissed: true };
    case 'eventEnded':
      return { ...state, eventEnded: true };
  }
}
