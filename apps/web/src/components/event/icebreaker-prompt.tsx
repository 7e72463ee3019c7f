import { useId } from 'react';
import { cn } from '@/lib/cn';

export const ICEBREAKER_LABEL = 'Icebreaker';

/** The round's conversation starter, in the match dialog and on the call screen. */
export function IcebreakerPrompt({ prompt, className }: { prompt: string; className?: string }) {
  const labelId = useId();
  return (
    <section aria-labelledby={labelId} className={cn('rounded-lg px-3 py-2 text-left text-sm', className)}>
      <p id={labelId} className="text-xs font-semibold uppercase tracking-wide">
        {ICEBREAKER_LABEL}
      </p>
      <p className="mt-0.5 break-words">{prompt}</p>
    </section>
  );
}
