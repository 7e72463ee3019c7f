import {
  createPushSequence,
  nextPushDueAt,
  quietLimitMs,
  type RoundTimes,
  shouldResync,
} from '@wheelmeet/contracts';
import type { WheelState } from './wheel-reducer';

/** The server's clock now, by the offset measured with the latest snapshot. */
export const serverNow = (state: WheelState) => Date.now() + state.clockOffsetMs;

/** The round's steps as the screen knows them, in epoch milliseconds of the server's clock. */
function roundTimesOf({ wheel, spin, matches }: WheelState): RoundTimes {
  const deadlines = matches.flatMap((match) =>
    match.status === 'Pending' && match.answerBy ? [Date.parse(match.answerBy)] : [],
  );
  return {
    nextSpinAt: wheel.nextSpinAt === null ? null : Date.parse(wheel.nextSpinAt),
    spin: spin && { revealAt: Date.parse(spin.revealAt), resetAt: Date.parse(spin.resetAt) },
    answerBy: deadlines.length > 0 ? Math.min(...deadlines) : null,
  };
}

/**
 * Issue 36 on one wheel screen: drops pushes the snapshot already had, and says when the
 * screen's picture of the wheel may have a hole so that it asks for a fresh snapshot. All
 * times are the server's clock, the one the round's step times are in.
 */
export function createWheelSync() {
  const sequence = createPushSequence();
  let lastHeardAt = 0;
  /** When the last round step's push (or a snapshot) arrived: the next step is due after it. */
  let lastStepAt = 0;
  return {
    snapshot(seq: number, serverTime: string) {
      sequence.reset(seq);
      lastHeardAt = Date.parse(serverTime);
      lastStepAt = lastHeardAt;
    },
    /** Whether a push is new to the screen (false: the snapshot or an earlier push had it). */
    receive(seq: number | undefined, now: number, roundStep: boolean): boolean {
      lastHeardAt = now;
      if (roundStep) lastStepAt = now;
      return sequence.receive(seq, now) === 'apply';
    },
    needsSnapshot(state: WheelState, now: number): boolean {
      const running = !state.wheel.roundsPaused && !state.eventEnded;
      const needed = shouldResync(
        {
          missingSince: sequence.missingSince(),
          dueAt: nextPushDueAt(roundTimesOf(state), lastStepAt),
          lastHeardAt,
          quietLimitMs: running ? quietLimitMs(state.wheel.roundSeconds) : null,
        },
        now,
      );
      // The ask counts as hearing from the wheel: an overdue step or a quiet wheel is not
      // asked about again while its snapshot is on the way.
      if (needed) {
        lastHeardAt = now;
        lastStepAt = now;
      }
      return needed;
    },
  };
}
