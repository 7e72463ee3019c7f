import type { ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import { Dialog } from './dialog';
import { Spinner } from './spinner';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The question, e.g. 'Are you sure you want to delete this wheel?'. */
  message: ReactNode;
  confirmLabel?: string;
  onConfirm: () => void;
  /** While true the buttons are disabled and the confirm button shows a spinner. */
  pending?: boolean;
  /** A failure to show inside the dialog. */
  error?: string | null;
}

/** Asks before a destructive action; Cancel gets the focus so Enter never deletes by accident. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel = 'Delete',
  onConfirm,
  pending = false,
  error,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={message}>
      {error ? <Alert className="mb-4">{error}</Alert> : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" autoFocus onClick={() => onOpenChange(false)} disabled={pending}>
          Cancel
        </Button>
        <Button
          className="bg-red-600 hover:bg-red-700 focus-visible:outline-red-600"
          onClick={onConfirm}
          disabled={pending}
        >
          {pending ? <Spinner className="size-4 border-white/40 border-t-white" /> : null}
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
