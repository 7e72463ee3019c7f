import type { SpinState } from '@wheelmeet/contracts';
import { useCountdown } from './use-countdown';

/**
 * open: seats can be taken (the countdown runs or waits for people). spinning: the rings turn.
 * revealed: the rings rest on this round's matches until the slots clear for the next round.
 */
export type RoundPhase = 'open' | 'spinning' | 'revealed';

/** The phase of the round on the server's clock, and when a spin is over, seconds until the slots clear. */
export function useRoundPhase(
  spin: Pick<SpinState, 'revealAt' | 'resetAt'> | null,
  clockOffsetMs: number,
): { phase: RoundPhase; resetAt: string | null } {
  // Ticks (and re-renders) until the reveal, so the phase changes on time.
  const secondsToReveal = useCountdown(spin?.revealAt ?? null, clockOffsetMs);
  if (!spin) return { phase: 'open', resetAt: null };
  return {
    phase: secondsToReveal !== null && secondsToReveal > 0 ? 'spinning' : 'revealed',
    resetAt: spin.resetAt,
  };
}
