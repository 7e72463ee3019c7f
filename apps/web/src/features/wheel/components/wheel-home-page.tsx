import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { PageTitle } from '@/components/ui/page-title';
import { ApiError, errorMessage } from '@/lib/api-client';
import { currentWheelQuery } from '../api/get-wheel';
import { PublicWheelList } from './public-wheel-list';
import { PUBLIC_WHEELS_ID, type WheelCallHooks, WheelExperience } from './wheel-experience';
import { WheelGate } from './wheel-gate';
import { WheelLoadingState } from './wheel-loading-state';

function CurrentWheel(call: WheelCallHooks) {
  const { data, isPending, isError, error, refetch, isFetching } = useQuery(currentWheelQuery());

  if (isPending) return <WheelLoadingState />;
  if (isError) {
    if (error instanceof ApiError && error.status === 404) {
      return (
        <div className="px-4 sm:px-6">
          <EmptyState title="No wheel is running right now.">
            Check back soon, or open one of the public wheels below.
          </EmptyState>
        </div>
      );
    }
    return (
      <div className="px-4 sm:px-6">
        <ErrorState
          headingLevel={2}
          title="Could not load the wheel"
          message={errorMessage(error, 'Please try again in a moment.')}
          action={
            <Button variant="secondary" onClick={() => refetch()} disabled={isFetching}>
              Try again
            </Button>
          }
        />
      </div>
    );
  }
  // A private current wheel goes through the same access-code gate as a wheel opened by id.
  if (data.requiresAccessCode) {
    return <WheelGate key={data.id} wheelId={data.id} standalone {...call} />;
  }
  return <WheelExperience key={data.id} wheel={data} standalone {...call} />;
}

/** `/` and `/wheel`: the current wheel, live. The call hooks let the app layer start a video call. */
export function WheelHomePage(call: WheelCallHooks) {
  const { data } = useQuery(currentWheelQuery());
  const currentId = data?.id ?? null;
  const { hash } = useLocation();
  // A full wheel links to the list below (`/#public-wheels`); the browser looks for the anchor
  // before the page has drawn it, so scroll once it is there.
  useEffect(() => {
    if (hash === `#${PUBLIC_WHEELS_ID}`) document.getElementById(PUBLIC_WHEELS_ID)?.scrollIntoView();
  }, [hash]);
  return (
    <div className="py-10">
      <PageTitle />
      <header className="mx-auto max-w-5xl px-4 text-center sm:px-6">
        <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
          Connect Anywhere, Instantly.
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">
          Take a free seat, wait for the spin and meet new people one-on-one, a round at a time.
        </p>
      </header>
      <CurrentWheel {...call} />
      <section
        id={PUBLIC_WHEELS_ID}
        aria-labelledby="other-wheels-heading"
        className="mx-auto mt-12 max-w-5xl scroll-mt-4 px-4 sm:px-6"
      >
        <h2 id="other-wheels-heading" className="text-xl font-semibold text-slate-900">
          Other public wheels
        </h2>
        <div className="mt-4">
          <PublicWheelList excludeId={currentId} />
        </div>
      </section>
    </div>
  );
}
