import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { onDemand, whenIdle } from '@/lib/on-demand';
import { Button, SubmitButton } from './button';
import type { DialogProps } from './dialog-view';
import { Spinner } from './spinner';

// Radix's dialog (focus trap, scroll lock, dismissable layer) is a good part of a page's
// JavaScript, and no page needs it before someone opens a dialog: it is fetched on demand.
const dialogView = onDemand(() => import('./dialog-view'));
const LoadedDialog = dialogView.component((module) => module.DialogView);

/** Fetches the dialog's code now; the unit tests do, as a browser has by the time someone clicks. */
export const preloadDialog = dialogView.preload;

/**
 * A modal dialog: focus is trapped inside and returned on close, Escape and a click on the
 * backdrop close it, a click inside does not.
 */
export function Dialog(props: DialogProps) {
  // A screen mounts its dialogs closed: fetch their code once the browser is idle, so it is
  // there by the time someone opens one.
  useEffect(() => whenIdle(() => void dialogView.preload()), []);
  // Once opened, the dialog stays mounted so that closing goes through Radix (focus return).
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={<DialogLoading />}>
      <LoadedDialog {...props} />
    </Suspense>
  );
}

/** Over the page while a dialog's code arrives (a slow network, before the idle prefetch ended). */
export function DialogLoading() {
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/50">
      <div
        role="status"
        className="flex items-center gap-3 rounded-2xl bg-white px-6 py-4 text-slate-700 shadow-xl"
      >
        <Spinner />
        <span>Loading...</span>
      </div>
    </div>
  );
}

/** Cancel and submit at the foot of a form in a dialog; on phones they stack, submit on top. */
export function DialogFormActions({
  onCancel,
  pending,
  submitLabel,
}: {
  onCancel: () => void;
  pending: boolean;
  submitLabel: ReactNode;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <SubmitButton pending={pending}>{submitLabel}</SubmitButton>
    </div>
  );
}
