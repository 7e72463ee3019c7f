import { ROUND_RESET_MS, ringHalf, SPIN_ANIMATION_MS } from '@wheelmeet/contracts';

/**
 * A round, as the server runs it:
 *   countdown → at nextSpinAt, if both rings have someone: spin (matches decided and stored)
 *   → SPIN_ANIMATION_MS later: matches revealed, rings at rest
 *   → ROUND_RESET_MS later: slots cleared, next countdown starts.
 * With nobody to pair when the countdown ends, the wheel waits ('Wait') until there is.
 * An event (issue 35) spins its first round no sooner than its start, and none after its last
 * round (`roundCount`) or once it has ended: that round's reset ends it.
 */
export interface RoundState {
  status: string;
  roundsPaused: boolean;
  nextSpinAt: string | null;
  spinStartedAt: string | null;
  matchesRevealedAt: string | null;
  currentRound: number;
  startsAt: string | null;
  roundCount: number | null;
  eventEndedAt: string | null;
}

export type RoundAction = 'spin' | 'reveal' | 'reset' | 'none';

const at = (iso: string) => new Date(iso).getTime();

/** What the wheel's round needs now. */
export function dueAction(state: RoundState, now: Date): RoundAction {
  const time = now.getTime();
  if (state.matchesRevealedAt) return at(state.matchesRevealedAt) + ROUND_RESET_MS <= time ? 'reset' : 'none';
  if (state.spinStartedAt) return at(state.spinStartedAt) + SPIN_ANIMATION_MS <= time ? 'reveal' : 'none';
  if (state.status !== 'Active' || state.roundsPaused || !state.nextSpinAt) return 'none';
  if (state.eventEndedAt || isLastRound(state)) return 'none';
  if (state.startsAt && at(state.startsAt) > time) return 'none';
  return at(state.nextSpinAt) <= time ? 'spin' : 'none';
}

/** The event's last round has spun: its reset ends the event. */
export const isLastRound = (state: Pick<RoundState, 'currentRound' | 'roundCount'>) =>
  state.roundCount !== null && state.currentRound >= state.roundCount;

/** When a countdown starting now spins: a round's length from now, but never before the event's start. */
export function countdownEnd(now: Date, roundSeconds: number, startsAt: string | null): string {
  const roundEnd = secondsLater(now, roundSeconds);
  return startsAt && at(startsAt) > now.getTime() ? startsAt : roundEnd;
}

/** The cut-offs for finding wheels with something due, for the database query. */
export function dueCutoffs(now: Date) {
  return {
    spinDueBy: now.toISOString(),
    revealDueBy: new Date(now.getTime() - SPIN_ANIMATION_MS).toISOString(),
    resetDueBy: new Date(now.getTime() - ROUND_RESET_MS).toISOString(),
  };
}

/**
 * When a spin that started at `startedAt` reveals its matches and clears its slots. Once it has
 * revealed them (`revealedAt`), the reset is ROUND_RESET_MS after that, as `dueAction` runs it:
 * a reveal that came late (a paused or overloaded process) moves the reset with it.
 */
export function spinSchedule(startedAt: string, revealedAt: string | null = null) {
  const revealAt = revealedAt ? at(revealedAt) : at(startedAt) + SPIN_ANIMATION_MS;
  return {
    revealAt: new Date(revealAt).toISOString(),
    resetAt: new Date(revealAt + ROUND_RESET_MS).toISOString(),
  };
}

/**
 * The next spin once the organiser changes the round length during a countdown: the round that
 * opened at `nextSpinAt - previousSeconds` now lasts `newSeconds`, and a round already longer
 * than that spins at once (decision 020).
 */
export function retimedSpinAt(nextSpinAt: string, previousSeconds: number, newSeconds: number, now: Date) {
  const openedAt = at(nextSpinAt) - previousSeconds * 1000;
  return new Date(Math.max(now.getTime(), openedAt + newSeconds * 1000)).toISOString();
}

export const secondsLater = (from: Date, seconds: number) =>
  new Date(from.getTime() + seconds * 1000).toISOString();

/** True when at least one inner and one outer slot are taken, so a spin can pair someone. */
export function isPairable(occupiedPositions: readonly number[], slotCount: number): boolean {
  const half = ringHalf(slotCount);
  const inner = occupiedPositions.some((position) => position < half);
  const outer = occupiedPositions.some((position) => position >= half && position < 2 * half);
  return inner && outer;
}
