import { useCallback, useEffect, useState } from 'react';

interface Shown {
  text: string;
  /** Bumped on every show, so the same text shown twice restarts the timer. */
  serial: number;
}

/**
 * A message that disappears `durationMs` after it was shown: success banners (5 s for wheel
 * actions, 3 s for settings) and the 'Copied!' indicator (2 s).
 */
export function useTimedMessage(durationMs: number, initial: string | null = null) {
  const [shown, setShown] = useState<Shown | null>(initial ? { text: initial, serial: 0 } : null);

  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), durationMs);
    return () => clearTimeout(timer);
  }, [shown, durationMs]);

  const show = useCallback((text: string) => {
    setShown((previous) => ({ text, serial: (previous?.serial ?? 0) + 1 }));
  }, []);
  const clear = useCallback(() => setShown(null), []);

  return { message: shown?.text ?? null, show, clear };
}
