import { cn } from '@/lib/cn';

/** What a plan includes, one check-marked line each (pricing cards and the purchase summary). */
export function PlanFeatureList({ features, className }: { features: readonly string[]; className: string }) {
  return (
    <ul className={cn(className, 'text-sm text-slate-700')}>
      {features.map((feature) => (
        <li key={feature} className="flex gap-2">
          <span aria-hidden="true" className="font-bold text-indigo-600">
            ✓
          </span>
          <span>{feature}</span>
        </li>
      ))}
    </ul>
  );
}
