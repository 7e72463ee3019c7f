import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

type Tone = 'success' | 'error' | 'info';

const tones: Record<Tone, string> = {
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  error: 'border-red-200 bg-red-50 text-red-800',
  info: 'border-sky-200 bg-sky-50 text-sky-900',
};

interface AlertProps {
  tone?: Tone;
  children: ReactNode;
  /** Adds a dismiss button. */
  onDismiss?: () => void;
  className?: string;
}

/**
 * An inline message. Errors are announced at once (role "alert"); success and information
 * politely (role "status").
 */
export function Alert({ tone = 'error', children, onDismiss, className }: AlertProps) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'flex items-start justify-between gap-4 rounded-lg border px-4 py-3 text-sm',
        tones[tone],
        className,
      )}
    >
      <div>{children}</div>
      {onDismiss ? (
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss"
          className="-m-1 rounded p-1 leading-none opacity-70 hover:opacity-100"
        >
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </div>
  );
}
