import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { isInToastRegion } from './toast';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  /** Where focus goes on opening; call `event.preventDefault()` to place it yourself (default: first focusable). */
  onOpenAutoFocus?: (event: Event) => void;
  /**
   * Where focus goes on closing; call `event.preventDefault()` to place it yourself. A dialog
   * opened without a Radix trigger otherwise leaves focus nowhere.
   */
  onCloseAutoFocus?: (event: Event) => void;
}

/** Radix's modal dialog behind `Dialog` (dialog.tsx), which fetches this module on demand. */
export function DialogView({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
  onOpenAutoFocus,
  onCloseAutoFocus,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay data-testid="dialog-backdrop" className="fixed inset-0 z-40 bg-slate-900/50" />
        <RadixDialog.Content
          // Without a description Radix expects this to be said explicitly.
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={onOpenAutoFocus}
          onCloseAutoFocus={onCloseAutoFocus}
          // Toasts show above dialogs: dismissing one, or its action, does not close the dialog.
          onInteractOutside={(event) => {
            if (isInToastRegion(event.target)) event.preventDefault();
          }}
          className={cn(
            // A column: the title stays at the top and only the body below it scrolls, so a long
            // dialog (My connections) never scrolls its title away or slides content under it.
            'fixed left-1/2 top-1/2 z-50 flex max-h-[90dvh] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-2xl bg-white shadow-xl focus:outline-none',
            className,
          )}
        >
          <div className="flex shrink-0 items-start justify-between gap-4 px-6 pt-6">
            <RadixDialog.Title className="text-xl font-semibold text-slate-900">{title}</RadixDialog.Title>
            <RadixDialog.Close
              aria-label="Close"
              // 44 px square for a finger; the negative margin keeps the × where the title's line is.
              className="-m-2 flex size-11 shrink-0 items-center justify-center rounded-md text-2xl leading-none text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            >
              <span aria-hidden="true">×</span>
            </RadixDialog.Close>
          </div>
          {description ? (
            <RadixDialog.Description className="mt-1 shrink-0 px-6 text-sm text-slate-600">
              {description}
            </RadixDialog.Description>
          ) : null}
          <div data-testid="dialog-body" className="mt-3 min-h-0 flex-1 overflow-y-auto px-6 pt-1 pb-6">
            {children}
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
