import { useEffect, useState } from 'react';

/** Whole seconds left until `target` (never negative), judged by the server's clock. */
export function secondsUntil(target: string | null, clockOffsetMs: number, now = Date.now()): number | null {
  if (!target) return null;
  const remainingMs = Date.parse(target) - (now + clockOffsetMs);
  return remainingMs > 0 ? Math.ceil(remainingMs / 1000) : 0;
}

/**
 * Seconds until the next spin, ticking every second; null while the server waits for people
 * (no target). `clockOffsetMs` is the server clock minus the browser clock.
 */
export function useCountdown(target: string | null, clockOffsetMs: number): number | null {
  const [, setTick] = useState(0);
  const seconds = secondsUntil(target, clockOffsetMs);

  useEffect(() => {
    if (!target) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      const remainingMs = Date.parse(target) - (Date.now() + clockOffsetMs);
      if (remainingMs <= 0) return;
      // Wake at the next whole-second boundary so the display changes on time.
      timer = setTimeout(
        () => {
          setTick((tick) => tick + 1);
          schedule();
        },
        remainingMs % 1000 || 1000,
      );
    };
    schedule();
    return () => clearTimeout(timer);
  }, [target, clockOffsetMs]);

  return seconds;
}
