import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface Toast {
  id: string;
  message: ReactNode;
  /** One button beside the message, e.g. to open what the toast is about. */
  action?: { label: string; onClick: () => void };
}

/** Marks the toasts' region, so a dialog open beneath them does not take a click on one for a click outside it. */
export const TOAST_REGION_ATTRIBUTE = 'data-toast-region';
/** Marks a screen that toasts must not cover while it is open (see ToastRegion). */
export const HIDES_TOASTS_ATTRIBUTE = 'data-hides-toasts';

/** Whether an event's target is in a toast region. */
export const isInToastRegion = (target: EventTarget | null) =>
  target instanceof Element && target.closest(`[${TOAST_REGION_ATTRIBUTE}]`) !== null;

interface ToastRegionProps {
  toasts: Toast[];
  onDismiss: (id: string) => void;
  /** The region's accessible name. */
  label?: string;
  className?: string;
}

/**
 * Short messages in a corner of the page, each kept until dismissed or acted on (no timer to
 * beat). The region is always in the page and polite, so screen readers hear each new toast
 * without losing their place.
 */
export function ToastRegion({ toasts, onDismiss, label = 'Notifications', className }: ToastRegionProps) {
  return (
    <section
      aria-label={label}
      {...{ [TOAST_REGION_ATTRIBUTE]: '' }}
      className={cn(
        // Above every dialog (z-50, the call's z-60 and its safety dialog's z-70): a toast never
        // hides behind one. Dialogs let clicks on it through (dialog-view.tsx). A screen that
        // fills the window and says itself how things stand (the call's) marks itself with
        // HIDES_TOASTS_ATTRIBUTE: toasts wait until it closes rather than cover its controls.
        'pointer-events-none fixed inset-x-3 bottom-3 z-[80] flex flex-col items-stretch gap-2 sm:left-auto sm:right-4 sm:bottom-4 sm:w-96',
        '[body:has([data-hides-toasts])_&]:invisible',
        className,
      )}
    >
      <div role="status" aria-live="polite" className="flex flex-col gap-2">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            data-testid="toast"
            className="pointer-events-auto flex items-center gap-3 rounded-xl bg-slate-900 px-4 py-3 text-sm text-white shadow-lg"
          >
            <p className="min-w-0 flex-1">{toast.message}</p>
            {toast.action ? (
              <button
                type="button"
                onClick={toast.action.onClick}
                className="min-h-11 shrink-0 rounded-lg bg-white px-3 font-semibold text-slate-900 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
              >
                {toast.action.label}
              </button>
            ) : null}
            <button
              type="button"
              aria-label="Dismiss"
              onClick={() => onDismiss(toast.id)}
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-xl leading-none text-slate-300 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
        ))}
      </div>
    </section>
  );
}
