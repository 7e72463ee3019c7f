import { useQuery } from '@tanstack/react-query';
import type { Plan } from '@wheelmeet/contracts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { errorMessage } from '@/lib/api-client';
import { importChunk } from '@/lib/chunk-load-error';
import { plansQuery } from '@/lib/plans-query';
import { PlanCard } from './plan-card';
import { PRICING_HEADING_ID, PRICING_SECTION_ID, scrollToPricing } from './scroll-to-pricing';

// The checkout (card form, Stripe's React bindings) is fetched when a plan is first chosen, not
// with the page: most visitors of /business never open it.
const PricingModal = lazy(() =>
  importChunk(() => import('./pricing-modal')).then((module) => ({ default: module.PricingModal })),
);

export function PricingSection() {
  const { hash } = useLocation();
  const { data: plans, isPending, isError, isSuccess, error, refetch, isFetching } = useQuery(plansQuery());

  // `/pricing` lands here as `/business#pricing-section`; the section only has its full height once plans are in.
  useEffect(() => {
    if (isSuccess && hash === `#${PRICING_SECTION_ID}`) scrollToPricing();
  }, [isSuccess, hash]);

  // The chosen plan stays set after the modal closes: its account and payment survive a reopening.
  const [chosen, setChosen] = useState<Plan | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  const choose = (plan: Plan) => {
    setChosen(plan);
    setModalOpen(true);
  };

  return (
    <section
      id={PRICING_SECTION_ID}
      aria-labelledby={PRICING_HEADING_ID}
      className="scroll-mt-20 bg-slate-50 px-4 py-20 sm:px-6 render-when-near"
    >
      <div className="mx-auto max-w-6xl">
        <div className="text-center">
          <h2
            id={PRICING_HEADING_ID}
            tabIndex={-1}
            className="text-3xl font-bold tracking-tight text-slate-900 focus:outline-none sm:text-4xl"
          >
            Simple, transparent pricing
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">
            Pick the plan that fits your events. Prices are per month.
          </p>
        </div>

        <div className="mt-12">
          {isPending ? (
            <LoadingState />
          ) : isError ? (
            <ErrorState
              headingLevel={3}
              title="Could not load the plans"
              message={errorMessage(error, 'Please try again in a moment.')}
              action={
                <Button variant="secondary" onClick={() => refetch()} disabled={isFetching}>
                  Try again
                </Button>
              }
            />
          ) : plans.length === 0 ? (
            <EmptyState title="No plans are available right now." />
          ) : (
            <ul className="grid items-stretch gap-8 md:grid-cols-2 lg:grid-cols-3">
              {plans.map((plan) => (
                <li key={plan.id} className="flex">
                  <PlanCard plan={plan} onChoose={choose} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      {chosen ? (
        <Suspense fallback={<LoadingState label="Opening checkout..." />}>
          <PricingModal key={chosen.id} plan={chosen} open={modalOpen} onOpenChange={setModalOpen} />
        </Suspense>
      ) : null}
    </section>
  );
}
