import { useQuery } from '@tanstack/react-query';
import { type Plan, planSchema } from '@wheelmeet/contracts';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadingState } from '@/components/ui/loading-state';
import { PageTitle } from '@/components/ui/page-title';
import { PlanFeatureList } from '@/components/ui/plan-feature-list';
import { billingPeriod, formatPrice } from '@/lib/format';
import { plansQuery } from '@/lib/plans-query';
import {
  clearPurchaseAccount,
  getStoredPurchaseAccount,
  type PurchaseAccount,
  savePurchaseAccount,
} from '../lib/purchase-account-storage';
import { AccountStep } from './account-step';
import { ConfirmationStep } from './confirmation-step';
import { PaymentStep } from './payment-step';
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

  if (statePlan) return <PurchaseView key={statePlan.id} plan={statePlan} />;
  if (plans.isPending) return <LoadingState />;
  const plan = plans.data?.find((candidate) => candidate.id === planId);
  if (!plan) return <Navigate to="/pricing" replace />;
  return <PurchaseView key={plan.id} plan={plan} />;
}

type Progress =
  | { step: 'Account' }
  /** `resumed`: the account comes from an earlier visit (a reload) rather than step 1 just now. */
  | { step: 'Payment'; account: PurchaseAccount; resumed: boolean }
  | { step: 'Confirmation'; account: PurchaseAccount };

/** A reload in the middle of a purchase goes back to paying for the account created before it. */
function initialProgress(plan: Plan): Progress {
  const stored = getStoredPurchaseAccount(plan.id);
  return stored ? { step: 'Payment', account: stored, resumed: true } : { step: 'Account' };
}

function PurchaseView({ plan }: { plan: Plan }) {
  const [progress, setProgress] = useState<Progress>(() => initialProgress(plan));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(true);

  // Each new step takes the focus at its heading, so keyboard and screen-reader users follow along.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every step change by design.
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [progress.step]);

  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <PageTitle title={`Purchase ${plan.name}`} />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Get started with {plan.name}</h1>
      <div className="mt-8">
        <StepIndicator current={progress.step} />
      </div>
      <div className="mt-8 grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <Card className="sm:p-8">
          {progress.step === 'Account' ? (
            <AccountStep
              plan={plan}
              headingRef={headingRef}
              onCreated={(created) => {
                const account = {
                  id: created.id,
                  email: created.email,
                  planId: plan.id,
                  signupToken: created.signupToken,
                };
                savePurchaseAccount(account);
                setProgress({ step: 'Payment', account, resumed: false });
              }}
            />
          ) : progress.step === 'Payment' ? (
            <PaymentStep
              plan={plan}
              account={progress.account}
              headingRef={headingRef}
              onPaid={() => {
                clearPurchaseAccount();
                setProgress({ step: 'Confirmation', account: progress.account });
              }}
              resumed={progress.resumed}
              onStartOver={() => {
                clearPurchaseAccount();
                setProgress({ step: 'Account' });
              }}
            />
          ) : (
            <ConfirmationStep plan={plan} account={progress.account} headingRef={headingRef} />
          )}
        </Card>
        <PlanSummary plan={plan} changeable={progress.step === 'Account'} />
      </div>
    </div>
  );
}

function PlanSummary({ plan, changeable }: { plan: Plan; changeable: boolean }) {
  return (
    <aside aria-labelledby="plan-summary-heading">
      <Card>
        <h2
          id="plan-summary-heading"
          className="text-sm font-semibold uppercase tracking-wide text-slate-500"
        >
          Your plan
        </h2>
        <div className="mt-3 flex flex-wrap items-baseline justify-between gap-2">
          <p className="text-xl font-semibold text-slate-900">{plan.name}</p>
          <p className="text-slate-900">
            <span className="text-2xl font-bold">{formatPrice(plan.price, 'USD')}</span>
            <span className="text-sm text-slate-600"> /{billingPeriod(plan)}</span>
          </p>
        </div>
        <p className="mt-2 text-sm text-slate-600">{plan.description}</p>
        <PlanFeatureList features={plan.features} className="mt-4 space-y-2" />
      </Card>
      {changeable ? (
        <ButtonLink to="/pricing" variant="ghost" className="mt-4">
          Choose a different plan
        </ButtonLink>
      ) : null}
    </aside>
  );
}
