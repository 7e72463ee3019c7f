import { cn } from '@/lib/cn';

/** A decorative spinner; pair it with visible text (see LoadingState). */
export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block size-5 animate-spin rounded-full border-2 border-indigo-200 border-t-indigo-600 motion-reduce:animate-none',
        className,
      )}
    />
  );
}
