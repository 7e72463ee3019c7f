import { useQuery } from '@tanstack/react-query';
import { type Plan, planSchema } from '@wheelmeet/contracts';
import { Navigate, useLocation, useParams } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadingState } from '@/components/ui/loading-state';
import { PageTitle } from '@/components/ui/page-title';
import { formatPrice } from '@/lib/format';
import { plansQuery } from '@/lib/plans-query';
import { StepIndicator } from './step-indicator';

/** The plan handed over by the pricing cards through navigation state, if it is a valid plan for this URL. */
function planFromState(state: unknown, planId: string): Plan | null {
  if (typeof state !== 'object' || state === null || !('plan' in state)) return null;
  const parsed = planSchema.safeParse(state.plan);
  return parsed.success && parsed.data.id === planId ? parsed.data : null;
}

/** `/purchase/:planId`: needs a plan, from navigation state or the plans list; otherwise back to pricing. */
export function PurchasePage() {
  const { planId = '' } = useParams();
  const { state } = useLocation();
  const statePlan = planFromState(state, planId);
  const plans = useQuery({ ...plansQuery(), enabled: statePlan === null });

  if (statePlan) return <PurchaseView plan={statePlan} />;
  if (plans.isPending) return <LoadingState />;
  const plan = plans.data?.find((candidate) => candidate.id === planId);
  if (!plan) return <Navigate to="/pricing" replace />;
  return <PurchaseView plan={plan} />;
}

function PurchaseView({ plan }: { plan: Plan }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <PageTitle title={`Purchase ${plan.name}`} />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Get started with {plan.name}</h1>
      <div className="mt-8">
        <StepIndicator current="Account" />
      </div>
      <Card className="mt-8">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Your plan</h2>
        <div className="mt-3 flex flex-wrap items-baseline justify-between gap-2">
          <p className="text-xl font-semibold text-slate-900">{plan.name}</p>
          <p className="text-slate-900">
            <span className="text-2xl font-bold">{formatPrice(plan.price, 'USD')}</span>
            <span className="text-sm text-slate-600"> /{plan.period ?? 'month'}</span>
          </p>
        </div>
        <p className="mt-2 text-slate-600">{plan.description}</p>
      </Card>
      <p className="mt-8 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900">
        Checkout is coming soon: account creation and card payment will be added here.
      </p>
      <ButtonLink to="/pricing" variant="ghost" className="mt-6">
        Choose a different plan
      </ButtonLink>
    </div>
  );
}
