import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense } from 'react';
import { type ImportRetryOptions, importWithRetry } from './importRetry';

/** A component loaded on demand, that can also be loaded ahead of its first render. */
export type LazyPage<P extends object = object> = ComponentType<P> & {
  /** Starts loading the code (once); resolves when it is loaded. */
  preload(): Promise<void>;
};

/** Resets of the lazy components whose code failed to load, run by {@link retryFailedImports}. */
const failed = new Set<() => void>();

/**
 * Lets every lazy component whose code failed to load try again on its next render, without reloading
 * the page: the error screen's "Try again" (`layout/PageError.tsx`). React's `lazy` keeps a failure for good,
 * so each failed one is replaced by a fresh `lazy` here (and not at the failure itself: React renders a
 * suspended component again when its load settles, which would then start a new load instead of showing
 * the error).
 */
export function retryFailedImports(): void {
  for (const reset of failed) reset();
  failed.clear();
}

export interface LazyPageOptions {
  /**
   * What shows while the code loads, in a Suspense boundary of the component's own: for a page, the page
   * spinner, so a page opened by a navigation shows it at once instead of the previous page (or nothing)
   * being held while the code loads. Without it, a Suspense boundary around the component decides.
   */
  fallback?: ReactNode;
  /** Loaded beside the code, and waited for, e.g. the texts of the page (`loadAllTexts`). */
  with?: () => Promise<unknown>;
  /** How failed imports are tried again; {@link importWithRetry}'s defaults unless a test shortens them. */
  retry?: ImportRetryOptions;
}

/**
 * `React.lazy` that retries a failed import (`importWithRetry`, decision 0012), can load again after a
 * final failure ({@link retryFailedImports}), can show a fallback of its own while loading, and has a
 * `preload()`: a page preloaded before its first render renders at once, without suspending (the page that
 * opens the app replaces the static first paint directly). React's `lazy` takes any thenable; once the
 * module is here this hands it one that answers synchronously, so React reads the component in the same
 * render.
 *
 * @param load the module's dynamic import, whose default export is the component.
 */
export function lazyPage<P extends object = object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  options: LazyPageOptions = {},
): LazyPage<P> {
  let loaded: { default: ComponentType<P> } | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const start = () => {
    loading ??= Promise.all([importWithRetry(load, options.retry), options.with?.()]).then(
      ([module]) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        // Forgotten, so that the next render (or preload) loads again instead of inheriting this failure.
        loading = null;
        failed.add(() => {
          current = create();
        });
        throw error;
      },
    );
    return loading;
  };
  const create = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(() => {
      const ready = loaded;
      if (!ready) return start();
      // A settled thenable: `then` calls back at once (React's lazy reads the module in the same render).
      const thenable = {
        // biome-ignore lint/suspicious/noThenProperty: a thenable is what React's lazy takes
        then(resolve: (module: { default: ComponentType<P> }) => void) {
          resolve(ready);
        },
      };
      return thenable as unknown as Promise<{ default: ComponentType<P> }>;
    });
  let current = create();
  const { fallback } = options;
  function Page(props: P) {
    const Current = current as unknown as ComponentType<P>;
    if (fallback === undefined) return <Current {...props} />;
    return (
      <Suspense fallback={fallback}>
        <Current {...props} />
      </Suspense>
    );
  }
  return Object.assign(Page, {
    preload: async () => {
      await start();
    },
  });
}

/**
 * A component (not a page) loaded on demand, with the retries of {@link lazyPage}; what shows while it
 * loads is up to the Suspense boundary around it. A component on a first page that reads texts of a later
 * area (`src/i18n/areas.ts`) passes `with: loadAllTexts`: the first pages do not load those texts, and a
 * component does not render again when they are added.
 */
export function lazyComponent<P extends object = object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  options: Pick<LazyPageOptions, 'with'> = {},
): LazyPage<P> {
  return lazyPage(load, options);
}
