import { Component, type ReactNode } from 'react';
import { Button, ButtonLink } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page-title';
import { ChunkLoadError } from '@/lib/chunk-load-error';

interface BoundaryProps {
  /** The page's path: moving to another page clears the error, as leaving a broken page should. */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  failed: boolean;
  resetKey: string;
}

/** Last-resort boundary for errors thrown while rendering a page, or fetching its code. */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey
      ? null
      : { error: null, failed: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

function RouteError({ error }: { error: unknown }) {
  // A page whose code did not arrive (typically a tab opened before a deploy): a reload fetches
  // the new version's index.html and its chunks.
  const notLoaded = error instanceof ChunkLoadError;
  const title = notLoaded ? 'This page could not be loaded' : 'Something went wrong';
  return (
    <main
      id="main-content"
      className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center px-4 text-center"
    >
      <PageTitle title={title} />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-600">
        {notLoaded
          ? 'WheelMeet may have been updated since you opened it, or the connection dropped. Reload the page to continue.'
          : 'An unexpected error stopped this page from loading. Please try again.'}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {notLoaded ? <Button onClick={() => window.location.reload()}>Reload page</Button> : null}
        <ButtonLink to="/" variant={notLoaded ? 'secondary' : 'primary'}>
          Return to Home
        </ButtonLink>
      </div>
    </main>
  );
}
