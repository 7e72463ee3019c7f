import { type ComponentType, type JSX, lazy, useState } from 'react';
import { importChunk } from './chunk-load-error';

export interface OnDemandModule<M> {
  /** Starts fetching the module without waiting for it; resolves once it is in (or failed). */
  preload(): Promise<void>;
  /** The module, fetched if it is not in yet; a failed fetch rejects with a ChunkLoadError. */
  load(): Promise<M>;
  /** The module if it is in already, for code that must not wait a turn when it need not. */
  loaded(): M | undefined;
  /**
   * A component that renders `pick(module)`. Mounted after the module is in, it renders at once
   * (no suspension, so no loading flash, e.g. for the admin layout's child pages). Before that
   * it suspends until the module arrives; a failed fetch throws a ChunkLoadError to the nearest
   * error boundary, and the next mount tries again.
   */
  component<P extends object>(pick: (module: M) => ComponentType<P>): ComponentType<P>;
}

/** A module kept out of the first download, fetched the first time it is needed or preloaded. */
export function onDemand<M>(load: () => Promise<M>): OnDemandModule<M> {
  let loaded: M | undefined;
  let pending: Promise<M> | undefined;
  const fetchOnce = () => {
    pending ??= importChunk(load).then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  return {
    load: fetchOnce,
    loaded: () => loaded,
    preload: () =>
      fetchOnce().then(
        () => undefined,
        // A failed preload is only a missed head start: rendering fetches again and reports it.
        () => undefined,
      ),
    component<P extends object>(pick: (module: M) => ComponentType<P>) {
      return function OnDemand(props: P): JSX.Element {
        // Chosen once per mount, so the rendered component keeps its type (and its state). A
        // React.lazy per mount rather than per module: React keeps a lazy's failure for good.
        const [Loaded] = useState(() =>
          loaded === undefined ? lazy(async () => ({ default: pick(await fetchOnce()) })) : pick(loaded),
        );
        return <Loaded {...props} />;
      };
    },
  };
}

/** Runs `task` when the browser has nothing more urgent to do, so a prefetch never delays the page. */
export function whenIdle(task: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => task());
  else window.setTimeout(task, 200);
}
