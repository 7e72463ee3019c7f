import { cn } from '@/lib/cn';

export const PURCHASE_STEPS = ['Account', 'Payment', 'Confirmation'] as const;
export type PurchaseStep = (typeof PURCHASE_STEPS)[number];

/** The three purchase steps; earlier steps are completed, the current one is active. */
export function StepIndicator({ current }: { current: PurchaseStep }) {
  const currentIndex = PURCHASE_STEPS.indexOf(current);
  return (
    <ol aria-label="Purchase steps" className="flex items-center gap-2 sm:gap-4">
      {PURCHASE_STEPS.map((step, index) => {
        const state = index < currentIndex ? 'completed' : index === currentIndex ? 'active' : 'upcoming';
        return (
          <li
            key={step}
            aria-current={state === 'active' ? 'step' : undefined}
            className="flex flex-1 items-center gap-2 sm:gap-3"
          >
            <span
              aria-hidden="true"
              className={cn(
                'flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
                state === 'active' && 'bg-indigo-600 text-white',
                state === 'completed' && 'bg-emerald-600 text-white',
                state === 'upcoming' && 'border border-slate-300 bg-white text-slate-500',
              )}
            >
              {state === 'completed' ? '✓' : index + 1}
            </span>
            <span
              className={cn(
                'text-sm font-medium',
                state === 'upcoming' ? 'text-slate-500' : 'text-slate-900',
              )}
            >
              {step}
              {state === 'completed' ? <span className="sr-only"> (completed)</span> : null}
            </span>
            {index < PURCHASE_STEPS.length - 1 ? (
              <span aria-hidden="true" className="hidden h-px flex-1 bg-slate-300 sm:block" />
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
