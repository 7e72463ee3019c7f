import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { COPIED_MESSAGE, COPY_FAILED_MESSAGE, useCopyToClipboard } from '../hooks/use-copy-to-clipboard';

/** Copies `text` to the clipboard and says 'Copied!' for a moment, or why it could not. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { copy, copied, failed } = useCopyToClipboard();
  return (
    <div>
      <div className="flex items-center gap-3">
        <Button variant="secondary" onClick={() => void copy(text)}>
          {label}
        </Button>
        <span aria-live="polite" className="text-sm font-medium text-emerald-700">
          {copied ? COPIED_MESSAGE : ''}
        </span>
      </div>
      {failed ? <Alert className="mt-2">{COPY_FAILED_MESSAGE}</Alert> : null}
    </div>
  );
}
