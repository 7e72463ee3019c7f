import { SPIN_WARNING_MS } from '@wheelmeet/contracts';
import { useState } from 'react';
import { useBeepWhen } from '@/lib/sounds';
import { useCountdown } from '../hooks/use-countdown';

export const spinWarningText = (seconds: number) =>
  `The wheel spins in ${seconds} second${seconds === 1 ? '' : 's'}`;

/**
 * For a seated person, SPIN_WARNING_MS before the spin: a notice and a beep, so someone who
 * looked away comes back in time. The live region is in the page before the notice comes.
 */
export function SpinWarning({
  nextSpinAt,
  clockOffsetMs,
}: {
  nextSpinAt: string | null;
  clockOffsetMs: number;
}) {
  const seconds = useCountdown(nextSpinAt, clockOffsetMs);
  const warning = seconds !== null && seconds > 0 && seconds * 1000 <= SPIN_WARNING_MS;
  // Said once, with the seconds left when it came (a short round, or a seat taken late, has fewer
  // than ten): a live region changing every second would be read out every second.
  const [secondsWhenSaid, setSecondsWhenSaid] = useState<number | null>(null);
  if (warning && secondsWhenSaid === null) setSecondsWhenSaid(seconds);
  if (!warning && secondsWhenSaid !== null) setSecondsWhenSaid(null);
  useBeepWhen(warning);
  return (
    <div role="status" className="w-full">
      {warning ? (
        <p className="rounded-lg bg-amber-100 px-3 py-2 text-sm font-semibold text-amber-950">
          {spinWarningText(secondsWhenSaid ?? seconds)}
        </p>
      ) : null}
    </div>
  );
}
