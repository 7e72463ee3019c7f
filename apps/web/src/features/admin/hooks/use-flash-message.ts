import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTimedMessage } from './use-timed-message';

/** Navigation state that carries a success message to the next page. */
export interface FlashState {
  flash?: string;
}

function flashOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('flash' in state)) return null;
  return typeof state.flash === 'string' ? state.flash : null;
}

/**
 * A timed banner that also shows a message handed over by the previous page (after creating a
 * wheel, say). The handed-over message is then dropped from the history entry, so going back
 * and forth does not show it again.
 */
export function useFlashMessage(durationMs: number) {
  const location = useLocation();
  const navigate = useNavigate();
  const incoming = flashOf(location.state);
  const banner = useTimedMessage(durationMs, incoming);
  const { show } = banner;

  useEffect(() => {
    if (!incoming) return;
    show(incoming);
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [incoming, show, navigate, location.pathname, location.search]);

  return banner;
}
