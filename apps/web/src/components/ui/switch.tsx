import { Switch as RadixSwitch } from 'radix-ui';
import { type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';

interface SwitchProps {
  label: ReactNode;
  /** A line under the label, read with the switch. */
  hint?: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  /** An answer is on its way: the switch waits for it. */
  busy?: boolean;
  className?: string;
}

/** An on/off setting with its label beside it: role "switch", named by the label. */
export function Switch({ label, hint, checked, onCheckedChange, disabled, busy, className }: SwitchProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={cn('flex items-start gap-3 text-left', className)}>
      <RadixSwitch.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled || busy}
        aria-busy={busy || undefined}
        aria-describedby={hint ? hintId : undefined}
        className={cn(
          // 44 px tall touch target around a 24 px track.
          'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full transition-colors',
          'my-2.5 bg-slate-300 data-[state=checked]:bg-indigo-600',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
          'disabled:cursor-not-allowed disabled:opacity-60',
          'before:absolute before:-inset-y-2.5 before:inset-x-0',
        )}
      >
        <RadixSwitch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5.5" />
      </RadixSwitch.Root>
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
