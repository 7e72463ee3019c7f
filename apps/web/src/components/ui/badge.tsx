import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type BadgeTone = 'green' | 'slate' | 'amber' | 'blue' | 'red' | 'indigo';

const tones: Record<BadgeTone, string> = {
  green: 'bg-emerald-100 text-emerald-800 ring-emerald-600/20',
  slate: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  amber: 'bg-amber-100 text-amber-900 ring-amber-600/20',
  blue: 'bg-sky-100 text-sky-800 ring-sky-600/20',
  red: 'bg-red-100 text-red-800 ring-red-600/20',
  indigo: 'bg-indigo-100 text-indigo-800 ring-indigo-600/20',
};

/** A small label; the text carries the meaning, the colour only repeats it. */
export function Badge({ tone = 'slate', children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
        tones[tone],
      )}
    >
      {children}
    </span>
  );
}
