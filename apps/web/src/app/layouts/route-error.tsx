import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page-title';

/** Last-resort boundary for errors thrown while rendering a route. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <main
      id="main-content"
      className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center px-4 text-center"
    >
      <PageTitle title="Something went wrong" />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Something went wrong</h1>
      <p className="mt-3 text-slate-600">
        An unexpected error stopped this page from loading. Please try again.
      </p>
      {detail ? <p className="mt-2 text-sm text-slate-500">{detail}</p> : null}
      <ButtonLink to="/" className="mt-8">
        Return to Home
      </ButtonLink>
    </main>
  );
}
