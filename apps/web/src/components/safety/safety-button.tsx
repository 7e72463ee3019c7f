import type { SafetyActionResponse } from '@wheelmeet/contracts';
import { type ComponentProps, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DialogLoading } from '@/components/ui/dialog';
import { onDemand } from '@/lib/on-demand';

/** The visible label of every way into the safety dialog. */
export const SAFETY_BUTTON_LABEL = 'Block or report';

// Few people ever need it: its code comes on the first click, not with the page.
const safetyDialog = onDemand(() => import('./safety-dialog'));
const LoadedSafetyDialog = safetyDialog.component((module) => module.SafetyDialog);

/** Fetches the dialog's code now (unit tests do, as a browser has by the time someone clicks). */
export const preloadSafetyDialog = safetyDialog.preload;

export interface SafetyTarget {
  matchId: string;
  partnerName: string;
}

/**
 * The block-and-report dialog for one match, fetched on demand. Mount it where it outlives what
 * opened it (a match card, a call): a block ends the match, and the card goes with it.
 */
export function SafetyDialogHost({
  token,
  target,
  onClose,
  onDone,
  className,
}: {
  token: string;
  target: SafetyTarget | null;
  onClose: () => void;
  onDone?: (result: SafetyActionResponse, text: string) => void;
  /** For the dialog's box: over the call screen it must sit higher than the call. */
  className?: string;
}) {
  if (!target) return null;
  return (
    <Suspense fallback={<DialogLoading />}>
      <LoadedSafetyDialog
        key={target.matchId}
        open
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
        token={token}
        matchId={target.matchId}
        partnerName={target.partnerName}
        onDone={onDone}
        className={className}
      />
    </Suspense>
  );
}

/** A quiet button that opens the block-and-report dialog for one match. */
export function SafetyButton({
  token,
  target,
  ...button
}: { token: string; target: SafetyTarget } & Omit<ComponentProps<typeof Button>, 'onClick' | 'children'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" {...button} onClick={() => setOpen(true)}>
        {SAFETY_BUTTON_LABEL}
      </Button>
      <SafetyDialogHost token={token} target={open ? target : null} onClose={() => setOpen(false)} />
    </>
  );
}
