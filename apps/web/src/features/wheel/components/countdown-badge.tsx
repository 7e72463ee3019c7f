import { useCountdown } from '../hooks/use-countdown';
import type { RoundPhase } from '../hooks/use-round-phase';

interface CountdownBadgeProps {
  /** When the server spins next; null while it waits for people on both rings. */
  nextSpinAt: string | null;
  /** When the slots clear after a spin; counted down once the matches are out. */
  resetAt: string | null;
  /** Server clock minus browser clock. */
  clockOffsetMs: number;
  phase: RoundPhase;
  /** The organiser has paused the rounds: no countdown until they resume. */
  paused?: boolean;
}

/** What the badge says while the organiser has paused the rounds. */
export const PAUSED_BADGE = 'Paused';

const ANNOUNCEMENTS = {
  spinning: 'The wheel is spinning.',
  revealed: 'The matches are out. Seats open again for the next round soon.',
} as const;

/**
 * Seconds until the next spin ('42s') or, once the matches are out, until seats open again;
 * 'Paused' while the organiser holds the rounds; else 'Wait'.
 */
export function CountdownBadge({
  nextSpinAt,
  resetAt,
  clockOffsetMs,
  phase,
  paused = false,
}: CountdownBadgeProps) {
  const holding = paused && phase === 'open';
  const target = holding ? null : phase === 'open' ? nextSpinAt : phase === 'revealed' ? resetAt : null;
  const seconds = useCountdown(target, clockOffsetMs);
  const counting = seconds !== null && seconds > 0;
  const text = holding ? PAUSED_BADGE : counting ? `${seconds}s` : 'Wait';
  const announcement =
    phase === 'open'
      ? holding
        ? 'The organiser has paused the wheel.'
        : counting
          ? 'The countdown to the next spin is running.'
          : 'Waiting for people on both rings.'
      : ANNOUNCEMENTS[phase];

  return (
    <div className="flex flex-col items-center rounded-full bg-white/90 px-5 py-3 text-center shadow-md ring-1 ring-indigo-100">
      <span className="text-xs font-medium uppercase tracking-wide text-slate-500">
        {phase === 'revealed' ? 'Seats open in' : 'Next spin'}
      </span>
      {/* The number itself is not live: a screen reader would hear it every second. */}
      <span data-testid="countdown" className="text-2xl font-bold tabular-nums text-indigo-700">
        {text}
      </span>
      <span className="sr-only" aria-live="polite">
        {announcement}
      </span>
    </div>
  );
}
