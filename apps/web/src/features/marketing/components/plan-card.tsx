import type { Plan } from '@wheelmeet/contracts';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { PlanFeatureList } from '@/components/ui/plan-feature-list';
import { cn } from '@/lib/cn';
import { billingPeriod, formatPrice } from '@/lib/format';

export const FEATURED_LABEL = 'Most popular';

export function PlanCard({ plan, onChoose }: { plan: Plan; onChoose: (plan: Plan) => void }) {
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      data-featured={plan.featured || undefined}
      className={cn(
        'relative flex w-full flex-col rounded-2xl bg-white p-8 shadow-sm',
        plan.featured ? 'border-2 border-indigo-600 shadow-lg lg:-translate-y-2' : 'border border-slate-200',
      )}
    >
      {plan.featured ? (
        <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-indigo-600 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-white">
          {FEATURED_LABEL}
        </p>
      ) : null}
      <h3 id={headingId} className="text-xl font-semibold text-slate-900">
        {plan.name}
      </h3>
      <p className="mt-2 text-sm text-slate-600">{plan.description}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-slate-900">
          {formatPrice(plan.price, 'EUR')}
        </span>
        <span className="text-sm font-medium text-slate-600">/{billingPeriod(plan)}</span>
      </p>
      <PlanFeatureList features={plan.features} className="mt-6 flex-1 space-y-3" />
      <Button
        className="mt-8 w-full"
        variant={plan.featured ? 'primary' : 'secondary'}
        aria-label={`Get Started with ${plan.name}`}
        onClick={() => onChoose(plan)}
      >
        Get Started
      </Button>
    </article>
  );
}
