import { lazy, useEffect, useState, type ComponentType, type LazyExoticComponent } from "react";

// A part of the page whose code is not in the first load (≤ 200 kB gzipped): the suite,
// matrix and compare views, the claims table. Two things React.lazy alone got wrong here:
// - It keeps a rejected load for the page's whole life, so one failed fetch of a chunk (the dev
//   server restarted, the network dropped, the app was rebuilt under an open page) left that part
//   failed until a reload, which loses a workspace held only in memory (an imported suite). Trying
//   again calls import() anew; browsers that follow whatwg/html#10327 then fetch the chunk again,
//   while older ones (Chromium before it, Firefox) keep the failure and reject at once: for them the
//   chunk named in the failure is imported once more under another address (a query added), which
//   the module map has not seen. Its own imports are the page's, already loaded.
// - It suspends on its first render even when its chunk is in (its promise, through Vite's preload
//   wrapper, settles after React has stopped waiting for it): the Suspense boundary then shows its
//   fallback, and React holds back the commit that replaces a fallback shown less than 300 ms
//   before, so a suite import's first drawing waited with the page idle.

/** How to replace each lazy part whose load failed with one that loads anew. */
const failed = new Set<() => void>();

/**
 * Lets every part whose code failed to load try again when next drawn (ViewBoundary's "Try again").
 * Not at the failure itself: a component that suspended as it mounted is mounted afresh when its
 * load settles, so a fresh lazy component then would load, fail and mount again without end.
 */
export function retryFailedViews(): void {
  for (const reset of failed) reset();
  failed.clear();
}

export interface LazyView<P> {
  /** The part under Suspense: its own component once its code is in, else a lazy one; chosen as it mounts, so it never changes type while mounted. */
  View: ComponentType<P>;
  /** Loads the code (ahead of need, or for useLoadedPart); one load at a time, and none once it is in. */
  preload: () => Promise<void>;
  /** The part's own component once its code is in, else null. */
  loaded: () => ComponentType<P> | null;
  /** The lazy component a part mounting now would draw, when the code is not in (for tests). */
  current: () => LazyExoticComponent<ComponentType<P>>;
}

/** The module a failed dynamic import names ("Failed to fetch dynamically imported module: URL"), if it names one. */
export const failedModuleUrl = (error: unknown): string | null => /\b(https?:\/\/\S+?\.m?js)\b/.exec(error instanceof Error ? error.message : String(error))?.[1] ?? null;

/** A part of the page loaded on demand (see above): `load` imports its module, `pick` takes the part from it. */
export function lazyView<P extends object, M>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): LazyView<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  /** The chunk the last load failed to fetch, and how often it has been asked for under another address. */
  let failedUrl: string | null = null;
  let retries = 0;
  /** After a failure, the chunk it named under another address, should the browser keep that failure. */
  const again = (url: string): Promise<M> => load().catch(() => import(/* @vite-ignore */ `${url}?retry=${++retries}`) as Promise<M>);
  const loadOnce = (): Promise<ComponentType<P>> =>
    (loading ??= (failedUrl === null ? load() : again(failedUrl)).then(
      (module) => (loaded = pick(module)),
      (error: unknown) => {
        // Not kept: the next call loads again.
        loading = null;
        failedUrl = failedModuleUrl(error) ?? failedUrl;
        throw error;
      },
    ));
  const reset = (): void => {
    current = fresh();
  };
  const fresh = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(() =>
      loadOnce().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          failed.add(reset);
          throw error;
        },
      ),
    );
  let current = fresh();
  function View(props: P) {
    const [Part] = useState<ComponentType<P>>(() => loaded ?? current);
    return <Part {...props} />;
  }
  return { View, preload: () => loadOnce().then(() => undefined), loaded: () => loaded, current: () => current };
}

export interface LoadedPart<P> {
  /** The part's component, or null while its code is not in. */
  Part: ComponentType<P> | null;
  /** Why the last load failed, until `retry`. */
  failure: Error | null;
  /** Loads again after a failure. */
  retry: () => void;
}

/**
 * A part drawn without Suspense: null until its code is in (loaded while `needed`), then its
 * component. For a part inside a view that is already drawn, where a Suspense fallback would be held
 * 300 ms at least, and a failure is the part's own to show, not the view's.
 */
export function useLoadedPart<P>(part: LazyView<P>, needed: boolean): LoadedPart<P> {
  const [failure, setFailure] = useState<Error | null>(null);
  const [, setArrived] = useState(0);
  const Part = part.loaded();
  const waiting = needed && Part === null && failure === null;
  useEffect(() => {
    if (!waiting) return;
    let live = true;
    part.preload().then(
      () => live && setArrived((n) => n + 1),
      (error: unknown) => live && setFailure(error instanceof Error ? error : new Error(String(error))),
    );
    return () => {
      live = false;
    };
  }, [part, waiting]);
  return { Part, failure, retry: () => setFailure(null) };
}
