import { SPIN_WARNING_MS } from '@wheelmeet/contracts';
import { useBeepWhen } from '@/lib/sounds';
import { useCountdown } from '../hooks/use-countdown';

export const SPIN_WARNING_TEXT = `The wheel spins in ${SPIN_WARNING_MS / 1000} seconds`;

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
  useBeepWhen(warning);
  return (
    <div role="status" className="w-full">
      {warning ? (
        <p className="rounded-lg bg-amber-100 px-3 py-2 text-sm font-semibold text-amber-950">
          {SPIN_WARNING_TEXT}
        </p>
      ) : null}
    </div>
  );
}
