import { z } from 'zod';
import { ROUND_RESET_MS, SPIN_ANIMATION_MS } from './constants';

/*
 * Issue 36: how a client knows its picture of a wheel is whole. Every push to a wheel's room
 * carries the wheel's push number `seq` (one counter per wheel in the database, shared by every
 * server process, +1 per push) and JoinWheel's snapshot carries the number it is current to.
 * A client that sees a number missing, or no push by the time the round's next step is due,
 * asks for a fresh snapshot: with several server processes and Redis away, the pushes of the
 * process that ran a round step reach only its own connections.
 */

/** A wheel's push number. Absent only when the server could not number a push (its database was away). */
export const pushSeqSchema = z.number().int().nonnegative();

/**
 * How long a missing push number may stay missing before the client asks for a snapshot. Two
 * processes may number pushes to one wheel a moment apart and deliver them the other way round.
 */
export const PUSH_REORDER_GRACE_MS = 1_000;

/** How long after a round step is due its push may be late before the client asks for a snapshot. */
export const PUSH_OVERDUE_MS = 2_000;

/**
 * Pushed to every connection of a server process when its link to the others (Redis) is back:
 * pushes made elsewhere meanwhile never reached it, so each client joins its wheels again.
 */
export const resyncEventSchema = z.object({ reason: z.enum(['server_reconnected']) });
export type ResyncEvent = z.infer<typeof resyncEventSchema>;

/** The longest a client spreads its rejoin after Resync, so a process's clients do not all ask at once. */
export const RESYNC_SPREAD_MS = 1_000;

export type PushVerdict = 'apply' | 'duplicate';

/**
 * Tracks the push numbers of one wheel as a client receives them. `reset` with the snapshot's
 * number; `receive` says whether a push is new ('apply') or was already in the snapshot or
 * received ('duplicate'); `missingSince` says since when a number before the newest received
 * one has been missing (null when none is).
 */
export function createPushSequence() {
  let last: number | null = null;
  const missing = new Map<number, number>();
  return {
    reset(seq: number) {
      last = seq;
      missing.clear();
    },
    receive(seq: number | undefined, now: number): PushVerdict {
      if (seq === undefined || last === null) return 'apply';
      if (seq <= last) return missing.delete(seq) ? 'apply' : 'duplicate';
      for (let gap = last + 1; gap < seq; gap++) missing.set(gap, now);
      last = seq;
      return 'apply';
    },
    missingSince(): number | null {
      let oldest: number | null = null;
      for (const since of missing.values()) if (oldest === null || since < oldest) oldest = since;
      return oldest;
    },
  };
}
export type PushSequence = ReturnType<typeof createPushSequence>;

/** Where a wheel's round stands, in epoch milliseconds of the server's clock. */
export interface RoundTimes {
  /** The next spin, while the countdown runs; null while the wheel waits or is paused. */
  nextSpinAt: number | null;
  /** The spin under way or last shown, if any. */
  spin: { revealAt: number; resetAt: number } | null;
  /**
   * The earliest answer deadline of the person's own matches still pending as the client knows
   * them: by then a push says how each went (the partner's answer, or the server closing it).
   * This is how a person's own pushes, which go to their room and carry no number, are caught
   * up on when they are lost.
   */
  answerBy?: number | null;
}

/**
 * A push that comes this much before the step it reports is still that step's push: the
 * browser's estimate of the server's clock is off by a few milliseconds either way.
 */
const EARLY_PUSH_MS = 1_000;

/** The pushes to a wheel's room, each numbered. */
export const NUMBERED_WHEEL_PUSHES = [
  'RoundScheduled',
  'WheelSpinStarted',
  'MatchesCreated',
  'WheelSpinCompleted',
  'SlotsChanged',
  'SlotTaken',
  'SlotLeft',
  'UserJoined',
  'UserLeft',
  'Announcement',
  'EventEnded',
] as const;

/** The pushes a round step sends: the next step is due after the last of these heard. */
export const ROUND_STEP_PUSHES = [
  'RoundScheduled',
  'WheelSpinStarted',
  'MatchesCreated',
  'WheelSpinCompleted',
] as const;

/**
 * When the wheel's next push is due by its round: the first step (the next spin, the reveal,
 * the reset, a pending match's answer deadline) after the last round step's push (or snapshot)
 * heard. Only those count: a seat change heard just before the spin must not pass for the spin.
 * Null when none is known (the wheel waits for people, is paused, or over).
 */
export function nextPushDueAt({ nextSpinAt, spin, answerBy }: RoundTimes, lastStepAt: number): number | null {
  let due: number | null = null;
  for (const step of [nextSpinAt, spin?.revealAt, spin?.resetAt, answerBy]) {
    if (step != null && step > lastStepAt + EARLY_PUSH_MS && (due === null || step < due)) due = step;
  }
  return due;
}

/**
 * The longest a running wheel can go without a push: a whole round (countdown, spin, reset). A
 * client that heard nothing for longer missed something no push number or step time shows,
 * such as the countdown starting.
 */
export const quietLimitMs = (roundSeconds: number) =>
  roundSeconds * 1_000 + SPIN_ANIMATION_MS + ROUND_RESET_MS;

export interface SyncState {
  /** Since when a push number has been missing (PushSequence.missingSince). */
  missingSince: number | null;
  /** When the next push is due (nextPushDueAt). */
  dueAt: number | null;
  /** When the last push or snapshot of the wheel arrived. */
  lastHeardAt: number;
  /** quietLimitMs for a wheel whose rounds run; null while it is paused or over. */
  quietLimitMs: number | null;
}

/**
 * Whether a client should ask for a fresh snapshot now: a push number has been missing for
 * longer than the reorder grace, a round step's push is overdue by PUSH_OVERDUE_MS, or a
 * running wheel has been quiet for longer than a round.
 */
export function shouldResync(
  { missingSince, dueAt, lastHeardAt, quietLimitMs }: SyncState,
  now: number,
): boolean {
  if (missingSince !== null && now - missingSince >= PUSH_REORDER_GRACE_MS) return true;
  if (dueAt !== null && now - dueAt >= PUSH_OVERDUE_MS) return true;
  return quietLimitMs !== null && now - lastHeardAt >= quietLimitMs;
}
