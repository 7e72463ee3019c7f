import { useCallback, useState } from 'react';
import { useTimedMessage } from './use-timed-message';

export const COPIED_MESSAGE = 'Copied!';
export const COPY_FAILED_MESSAGE = 'Failed to copy to clipboard';
/** How long 'Copied!' stays (spec section 9). */
export const COPIED_MS = 2_000;

/** Copies text, then says 'Copied!' for 2 s, or keeps a failure message until the next try. */
export function useCopyToClipboard() {
  const copied = useTimedMessage(COPIED_MS);
  const [failed, setFailed] = useState(false);
  const { show } = copied;

  const copy = useCallback(
    async (text: string) => {
      try {
        if (!navigator.clipboard) throw new Error('Clipboard unavailable');
        await navigator.clipboard.writeText(text);
        setFailed(false);
        show(COPIED_MESSAGE);
      } catch {
        setFailed(true);
      }
    },
    [show],
  );

  return { copy, copied: copied.message !== null, failed };
}
