import { type ComponentType, Suspense } from 'react';
import { LoadingState } from '@/components/ui/loading-state';
import { onDemand } from '@/lib/on-demand';

type Components<M> = { [K in keyof M as M[K] extends ComponentType ? K : never]: M[K] };

/**
 * A part of the app (admin, purchase, marketing) that stays out of the first download and is
 * fetched as one chunk the first time one of its pages renders. `page(name)` is a route element:
 *
 * - Its own Suspense boundary, keyed by the page, so that moving between two lazy pages mounts a
 *   new one and shows the loading state instead of keeping the old page up without a word.
 * - Once the chunk is in, every page of the area renders at once (no second suspension, so no
 *   loading flash for nested routes such as the admin layout's children).
 * - A chunk that fails to load reaches the root layout's error boundary, which offers a reload.
 */
export function lazyArea<M extends object>(load: () => Promise<M>) {
  const area = onDemand(load);
  return function page(name: keyof Components<M> & string) {
    const LazyPage = area.component((module) => module[name] as ComponentType);
    return (
      <Suspense key={name} fallback={<RouteLoading />}>
        <LazyPage />
      </Suspense>
    );
  };
}

/**
 * What a page shows while its code arrives: visible, and announced by screen readers. It is a
 * screen tall so that the footer is not in view and jump when the page arrives (layout shift).
 */
export function RouteLoading() {
  return (
    <div className="min-h-dvh">
      <LoadingState label="Loading page..." />
    </div>
  );
}
