import { useEffect, useState } from 'react';

// setTimeout fires at once beyond this (about 24 days): a later start waits in steps.
const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * Whether the event has yet to start by the server's clock, re-rendering once when it starts
 * (not every second, as a countdown would). False for a wheel without a start.
 */
export function useBeforeStart(startsAt: string | null, clockOffsetMs: number): boolean {
  const [wakeUps, setWakeUps] = useState(0);
  const msLeft = () => (startsAt ? Date.parse(startsAt) - (Date.now() + clockOffsetMs) : 0);
  const before = msLeft() > 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: msLeft reads only startsAt and clockOffsetMs; wakeUps sets the next timer after a long wait.
  useEffect(() => {
    if (!before) return;
    const timer = setTimeout(() => setWakeUps((count) => count + 1), Math.min(msLeft(), LONGEST_TIMEOUT_MS));
    return () => clearTimeout(timer);
  }, [before, startsAt, clockOffsetMs, wakeUps]);

  return before;
}
