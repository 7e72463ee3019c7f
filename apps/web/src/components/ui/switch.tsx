import { type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';

interface SwitchProps {
  label: ReactNode;
  /** A line under the label, read with the switch. */
  hint?: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** An answer is on its way: the switch waits for it. */
  busy?: boolean;
  className?: string;
}

/**
 * An on/off setting with its label beside it: a button with role "switch", named by the label.
 * Plain rather than Radix's, which would add to what the wheel's first load downloads.
 */
export function Switch({ label, hint, checked, onCheckedChange, busy, className }: SwitchProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={cn('flex items-start gap-3 text-left', className)}>
      <button
        type="button"
        role="switch"
        id={id}
        aria-checked={checked}
        // While an answer is on its way the switch stays focusable (a disabled one would drop
        // the keyboard user's place) but ignores presses.
        onClick={() => {
          if (!busy) onCheckedChange(!checked);
        }}
        aria-disabled={busy || undefined}
        aria-busy={busy || undefined}
        aria-describedby={hint ? hintId : undefined}
        className={cn(
          // 44 px tall touch target around a 24 px track.
          'group relative my-2.5 inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full transition-colors',
          'bg-slate-300 aria-checked:bg-indigo-600',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
          'aria-disabled:cursor-wait aria-disabled:opacity-60',
          'before:absolute before:inset-x-0 before:-inset-y-2.5',
        )}
      >
        <span
          aria-hidden="true"
          className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform group-aria-checked:translate-x-5.5"
        />
      </button>
      <div className="py-2">
        <label htmlFor={id} className="cursor-pointer text-sm font-semibold text-slate-900">
          {label}
        </label>
        {hint ? (
          <p id={hintId} className="text-xs text-slate-600">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
