import { useCountdown } from '../hooks/use-countdown';

interface CountdownBadgeProps {
  /** When the server spins next; null while it waits for people on both rings. */
  nextSpinAt: string | null;
  /** Server clock minus browser clock. */
  clockOffsetMs: number;
  spinning: boolean;
}

/** Seconds until the next spin ('42s'), or 'Wait'. */
export function CountdownBadge({ nextSpinAt, clockOffsetMs, spinning }: CountdownBadgeProps) {
  const seconds = useCountdown(spinning ? null : nextSpinAt, clockOffsetMs);
  const counting = seconds !== null && seconds > 0;
  const text = counting ? `${seconds}s` : 'Wait';
  const announcement = spinning
    ? 'The wheel is spinning.'
    : counting
      ? 'The countdown to the next spin is running.'
      : 'Waiting for people on both rings.';

  return (
    <div className="flex flex-col items-center rounded-full bg-white/90 px-5 py-3 text-center shadow-md ring-1 ring-indigo-100">
      <span className="text-xs font-medium uppercase tracking-wide text-slate-500">Next spin</span>
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
