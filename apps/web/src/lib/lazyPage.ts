import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A page component loaded on demand, that can also be loaded ahead of its first render. */
export type LazyPage<P extends object = object> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts loading the page's code (once); resolves when it is loaded. */
  preload(): Promise<void>;
};

/**
 * `React.lazy` with a `preload()`: a page preloaded before its first render renders at once, without
 * suspending (issue 9: the page that opens the app replaces the static first paint directly, with no
 * spinner between). React's `lazy` takes any thenable; once the module is here this hands it one that
 * answers synchronously, so React reads the component in the same render.
 *
 * @param load the page module's dynamic import, whose default export is the page.
 */
export function lazyPage<P extends object = object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyPage<P> {
  let loaded: { default: ComponentType<P> } | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const start = () => {
    loading ??= load().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        // Forgotten, so that the first render (or the next preload) fetches the chunk again instead of
        // inheriting a failed preload (a network blip while the app opened).
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const page = lazy(() => {
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
  return Object.assign(page, {
    preload: async () => {
      await start();
    },
  });
}
