import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';

interface ConfirmDeleteDialogProps<T> {
  /** What to delete; null keeps the dialog closed. */
  target: T | null;
  title: string;
  message: ReactNode;
  /** 'Delete' unless the action has its own name ('Revoke'). */
  confirmLabel?: string;
  /** Shown inside the dialog when a failed delete carries no message from the server. */
  errorFallback: string;
  /** Show `errorFallback` whatever the server said, where its messages are not meant for this reader. */
  ignoreServerMessage?: boolean;
  remove: (target: T) => Promise<unknown>;
  onClose: () => void;
  onDeleted: (target: T) => void;
}

/** Asks before deleting a row of an admin list and deletes it; a failure stays in the dialog. */
export function ConfirmDeleteDialog<T>({
  target,
  title,
  message,
  confirmLabel,
  errorFallback,
  ignoreServerMessage = false,
  remove,
  onClose,
  onDeleted,
}: ConfirmDeleteDialogProps<T>) {
  const deletion = useMutation({ mutationFn: remove, onSuccess: (_, deleted) => onDeleted(deleted) });
  let error: string | null = null;
  if (deletion.isError)
    error = ignoreServerMessage ? errorFallback : errorMessage(deletion.error, errorFallback);
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => {
        if (open) return;
        // The next row's dialog starts without this one's failure.
        deletion.reset();
        onClose();
      }}
      title={title}
      message={message}
      confirmLabel={confirmLabel}
      onConfirm={() => {
        if (target !== null) deletion.mutate(target);
      }}
      pending={deletion.isPending}
      error={error}
    />
  );
}
