import {
  type HubResult,
  JOIN_RETRY_MS,
  type OpenWheel,
  RESYNC_SPREAD_MS,
  type RefusalReason,
} from '@wheelmeet/contracts';
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import {
  type ConnectionState,
  type RealtimeClient,
  useConnectionState,
  useRealtimeClient,
} from '@/lib/realtime-client';
import { initWheelState, type WheelAction, type WheelState, wheelReducer } from './wheel-reducer';
import { createWheelSync, serverNow } from './wheel-sync';

export const JOIN_FAILED_MESSAGE = 'Could not connect to the live wheel.';

/** How often a joined screen checks that no push of its wheel went missing (issue 36). */
export const SYNC_CHECK_MS = 500;

/** A seat the person picked before registering: a given one, or any (the hub picks). */
export type SeatChoice = { kind: 'slot'; slotId: string } | { kind: 'any' };

interface UseWheelHubOptions {
  wheel: OpenWheel;
  accessGrant: string | null;
  /** The participant of this wheel and their hub token; null for a visitor who only watches. */
  me: { id: string; token: string } | null;
}

export interface WheelHub {
  client: RealtimeClient;
  state: WheelState;
  dispatch: (action: WheelAction) => void;
  connection: ConnectionState;
  /** Why joining the wheel failed, if it did. */
  joinError: string | null;
  /** Sends TakeSlot; resolves with the hub's error message, or null on success. */
  takeSlot: (slotId: string, userId: string) => Promise<string | null>;
  /** TakeAnySeat: the hub picks a free seat on the user's ring; resolves with its error message, or null. */
  takeAnySeat: () => Promise<string | null>;
  /** Takes the chosen seat once the next join (on the participant's new connection) has succeeded. */
  takeSeatAfterJoin: (choice: SeatChoice, userId: string, onError: (message: string) => void) => void;
  /** ChangeSlot: moves the seated user to another free slot; resolves with the hub's error message, or null. */
  changeSlot: (slotId: string) => Promise<string | null>;
  /** LeaveSlot: gives up the seat but stays on the wheel; resolves with the hub's error message, or null. */
  leaveSlot: () => Promise<string | null>;
  /** SetStaying: keeps the seat for the next round, or stops; resolves with the hub's error message, or null. */
  setStaying: (staying: boolean) => Promise<string | null>;
  /**
   * AcceptMatch or DeclineMatch. Resolves true when the hub agreed, or when it refused because
   * the match is over (closed, declined): the match then shows how it ended. False: try again.
   */
  respondToMatch: (matchId: string, accept: boolean) => Promise<boolean>;
  reconnect: () => void;
}

/**
 * Connects to the hub (as the participant when there is one), joins the wheel on every
 * (re)connect and replaces the local state with the snapshot, and folds the wheel's events
 * into that state. When a push may have gone missing (issue 36: a gap in the push numbers, a
 * round step overdue, Resync from the server) it joins again for a fresh snapshot.
 */
export function useWheelHub({ wheel, accessGrant, me }: UseWheelHubOptions): WheelHub {
  const client = useRealtimeClient();
  const connection = useConnectionState(client);
  const [state, dispatch] = useReducer(wheelReducer, wheel, initWheelState);
  const [joinError, setJoinError] = useState<string | null>(null);
  const [sync] = useState(createWheelSync);
  const wheelId = wheel.id;
  const token = me?.token;

  // Handlers and timers read the latest user and state without re-subscribing on every change.
  const meIdRef = useRef<string | null>(me?.id ?? null);
  meIdRef.current = me?.id ?? null;
  const stateRef = useRef(state);
  stateRef.current = state;
  const pendingTakeRef = useRef<{
    choice: SeatChoice;
    userId: string;
    onError: (message: string) => void;
  } | null>(null);
  /** Joins again on the same connection, for a fresh snapshot (JoinWheel is idempotent); set while joined. */
  const rejoinRef = useRef<(() => void) | null>(null);
  /** People a seat change named before this screen knew them: a fresh snapshot is asked for once each. */
  const askedForRef = useRef(new Set<string>());

  // Before the browser paints: the client starts 'Disconnected', which shows a Reconnect button
  // that would flash on the first frame and then go, moving the page below it (layout shift).
  useLayoutEffect(() => {
    client.connect(token);
  }, [client, token]);

  useEffect(() => {
    const forThisWheel = (event: { wheelId: string }) => event.wheelId === wheelId;
    // A push to the wheel's room is applied once: the snapshot or an earlier push may have had it.
    const fresh = (event: { wheelId: string; seq?: number }, roundStep = false) =>
      forThisWheel(event) && sync.receive(event.seq, serverNow(stateRef.current), roundStep);
    const meId = () => meIdRef.current;
    const unsubscribe = [
      client.on('WheelSpinStarted', (event) => {
        if (fresh(event, true)) dispatch({ type: 'spinStarted', event });
      }),
      client.on('MatchesCreated', (event) => {
        if (fresh(event, true)) dispatch({ type: 'matchesCreated', event, meId: meId() });
      }),
      client.on('WheelSpinCompleted', (event) => {
        if (fresh(event, true)) dispatch({ type: 'spinCompleted', event, meId: meId() });
      }),
      client.on('RoundScheduled', (event) => {
        if (fresh(event, true)) dispatch({ type: 'roundScheduled', event });
      }),
      client.on('SlotTaken', (event) => {
        if (fresh(event)) dispatch({ type: 'slotTaken', event });
      }),
      client.on('SlotLeft', (event) => {
        if (fresh(event)) dispatch({ type: 'slotLeft', event });
      }),
      client.on('SlotsChanged', (event) => {
        if (fresh(event)) dispatch({ type: 'slotsChanged', event });
      }),
      client.on('UserJoined', (event) => {
        if (fresh(event)) dispatch({ type: 'userJoined', event });
      }),
      client.on('UserLeft', (event) => {
        if (fresh(event)) dispatch({ type: 'userLeft', event });
      }),
      // Match events carry no wheel id; the reducer only touches matches it already holds.
      client.on('MatchAccepted', (event) => dispatch({ type: 'matchAccepted', event, meId: meId() })),
      client.on('MatchDeclined', (event) => dispatch({ type: 'matchDeclined', event, meId: meId() })),
      client.on('MatchExpired', (event) => {
        if (forThisWheel(event)) dispatch({ type: 'matchExpired', event, meId: meId() });
      }),
      // The match's call is over for good (issue 33): a hang-up (either side's), time up.
      client.on('CallEnded', ({ matchId }) => dispatch({ type: 'callEnded', matchId })),
      client.on('CallTimeUp', ({ matchId }) => dispatch({ type: 'callEnded', matchId })),
      client.on('StayingEnded', (event) => {
        if (forThisWheel(event)) dispatch({ type: 'stayingEnded', message: event.message });
      }),
      client.on('Announcement', (event) => {
        const { message, sentAt } = event;
        if (fresh(event)) dispatch({ type: 'announcement', announcement: { message, sentAt } });
      }),
      client.on('EventEnded', (event) => {
        if (fresh(event)) dispatch({ type: 'eventEnded' });
      }),
    ];
    return () => {
      for (const off of unsubscribe) off();
    };
  }, [client, wheelId, sync]);

  // Taking a seat keeps it for the next round too (the server's default): shown at once.
  const afterTakingSeat = useCallback((result: HubResult<unknown>) => {
    if ('error' in result) return result.error.message;
    dispatch({ type: 'stayingChanged', staying: true });
    return null;
  }, []);

  const takeSlot = useCallback(
    async (slotId: string, userId: string) =>
      afterTakingSeat(await client.call('TakeSlot', { wheelId, userId, slotId })),
    [client, wheelId, afterTakingSeat],
  );

  const takeAnySeat = useCallback(
    async () => afterTakingSeat(await client.call('TakeAnySeat', { wheelId })),
    [client, wheelId, afterTakingSeat],
  );

  useEffect(() => {
    let active = true;
    // The connection this screen has joined on; a reconnect is a new connection and joins again.
    let joinedOn: string | null = null;
    // The connection the latest snapshot came on: only a joined screen can tell a push went missing.
    let snapshotOn: string | null = null;

    async function join() {
      const connectionId = client.getConnectionId();
      if (client.getState() !== 'Connected' || !connectionId) return;
      if (joinedOn === connectionId) return;
      joinedOn = connectionId;
      const result = await client.call('JoinWheel', accessGrant ? { wheelId, accessGrant } : { wheelId });
      // A newer connection (or leaving the screen) makes this answer stale.
      if (!active || client.getConnectionId() !== connectionId) return;
      if ('error' in result) {
        joinedOn = null;
        snapshotOn = null;
        setJoinError(result.error.message);
        return;
      }
      setJoinError(null);
      sync.snapshot(result.data.seq, result.data.serverTime);
      snapshotOn = connectionId;
      dispatch({ type: 'snapshot', snapshot: result.data, receivedAt: Date.now(), meId: meIdRef.current });
      const pending = pendingTakeRef.current;
      if (pending) {
        pendingTakeRef.current = null;
        const { choice } = pending;
        const error = await (choice.kind === 'any' ? takeAnySeat() : takeSlot(choice.slotId, pending.userId));
        if (error) pending.onError(error);
      }
    }

    const offConnected = client.onConnected(() => {
      joinedOn = null;
      void join();
    });
    const rejoin = () => {
      joinedOn = null;
      return join();
    };
    rejoinRef.current = () => void rejoin();
    // One fresh snapshot at a time, however many reasons to ask come while it is on its way.
    let resyncing: Promise<void> | null = null;
    const resync = () => {
      resyncing ??= rejoin().finally(() => {
        resyncing = null;
      });
    };
    const check = setInterval(() => {
      if (resyncing || snapshotOn === null || snapshotOn !== client.getConnectionId()) return;
      if (sync.needsSnapshot(stateRef.current, serverNow(stateRef.current))) resync();
    }, SYNC_CHECK_MS);
    // The server's link to its peers is back: spread the rejoins so they do not all come at once.
    let spread: ReturnType<typeof setTimeout> | undefined;
    const offResync = client.on('Resync', () => {
      clearTimeout(spread);
      spread = setTimeout(resync, Math.random() * RESYNC_SPREAD_MS);
    });
    let retry: ReturnType<typeof setTimeout> | undefined;
    if (client.getState() === 'Connected') {
      void join();
    } else {
      // Not connected yet: try once more after a second, then report it.
      retry = setTimeout(() => {
        if (client.getState() === 'Connected') {
          void join();
        } else if (joinedOn === null) {
          console.error('Failed to establish SignalR connection');
          setJoinError(JOIN_FAILED_MESSAGE);
        }
      }, JOIN_RETRY_MS);
    }

    return () => {
      active = false;
      rejoinRef.current = null;
      clearTimeout(retry);
      clearInterval(check);
      clearTimeout(spread);
      offResync();
      offConnected();
      if (client.getState() === 'Connected') void client.call('LeaveWheel', { wheelId });
    };
  }, [client, wheelId, accessGrant, takeSlot, takeAnySeat, sync]);

  // A seat change names the person only. With several server processes their UserJoined can
  // come after it (decision 027): the seat shows them by id until a fresh snapshot brings them.
  useEffect(() => {
    const strangers = state.wheel.slots.flatMap((slot) =>
      slot.userId && !slot.user && !askedForRef.current.has(slot.userId) ? [slot.userId] : [],
    );
    if (strangers.length === 0) return;
    for (const id of strangers) askedForRef.current.add(id);
    rejoinRef.current?.();
  }, [state.wheel.slots]);

  const takeSeatAfterJoin = useCallback(
    (choice: SeatChoice, userId: string, onError: (message: string) => void) => {
      pendingTakeRef.current = { choice, userId, onError };
    },
    [],
  );

  const changeSlot = useCallback(
    async (slotId: string) => {
      const result = await client.call('ChangeSlot', { wheelId, slotId });
      return 'error' in result ? result.error.message : null;
    },
    [client, wheelId],
  );

  const leaveSlot = useCallback(async () => {
    const result = await client.call('LeaveSlot', { wheelId });
    if ('error' in result) return result.error.message;
    // Someone who gets up is not kept a seat.
    dispatch({ type: 'stayingChanged', staying: false });
    return null;
  }, [client, wheelId]);

  const setStaying = useCallback(
    async (staying: boolean) => {
      const result = await client.call('SetStaying', { wheelId, staying });
      if ('error' in result) return result.error.message;
      dispatch({ type: 'stayingChanged', staying: result.data.staying });
      return null;
    },
    [client, wheelId],
  );

  const respondToMatch = useCallback(
    async (matchId: string, accept: boolean) => {
      const result = await client.call(accept ? 'AcceptMatch' : 'DeclineMatch', { matchId });
      if (!('error' in result)) {
        dispatch({ type: 'matchUpdated', match: result.data });
        return true;
      }
      if (result.error.code !== 'conflict') return false;
      // Too late: the match ended meanwhile. Show how, instead of an error to retry.
      const ending = settledBy(result.error.reason);
      if (ending) {
        dispatch({ type: 'matchSettled', matchId, status: ending });
      } else {
        dispatch({ type: 'matchExpired', event: { matchId, reason: 'unanswered' }, meId: meIdRef.current });
      }
      return true;
    },
    [client],
  );

  const reconnect = useCallback(() => client.connect(token), [client, token]);

  return {
    client,
    state,
    dispatch,
    connection,
    joinError,
    takeSlot,
    takeAnySeat,
    takeSeatAfterJoin,
    changeSlot,
    leaveSlot,
    setStaying,
    respondToMatch,
    reconnect,
  };
}

/**
 * A refused AcceptMatch or DeclineMatch says by its reason why the match cannot be answered:
 * declined, accepted by both already, or closed.
 */
function settledBy(reason: RefusalReason): 'Rejected' | 'Accepted' | null {
  if (reason === 'match_declined') return 'Rejected';
  if (reason === 'match_accepted') return 'Accepted';
  return null;
}
