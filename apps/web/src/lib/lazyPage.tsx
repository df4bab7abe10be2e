import {
  Component,
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
} from 'react';
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

/** The names of `M`'s exports that are components. */
export type ComponentExport<M> = {
  [K in keyof M]: M[K] extends ComponentType<never> ? K : never;
}[keyof M] &
  string;

/** The props of the component `M` exports as `K`. */
export type ExportProps<M, K extends keyof M> = M[K] extends ComponentType<infer P> ? P & object : never;

export interface LazyPageOptions<K extends string = string> {
  /**
   * The export that is the component; `default` when absent. Picked here, after the retries, and not by a
   * `.then` inside `load`: a retry imports the failed chunk's URL again (`importWithRetry`) and answers
   * that module itself, so a pick inside `load` is skipped and the component is undefined.
   */
  export?: K;
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
 * render. A final failure is thrown to the error boundary around it: for a page, the layout's error screen
 * (`layout/PageError.tsx`). A component inside a page uses {@link lazyComponent}, which fails locally.
 *
 * @param load the module's dynamic import, exactly `() => import('./Page')`: nothing chained to it (see
 *   {@link LazyPageOptions.export}).
 */
export function lazyPage<M, K extends ComponentExport<M> = ComponentExport<M> & 'default'>(
  load: () => Promise<M>,
  options: LazyPageOptions<K> = {},
): LazyPage<ExportProps<M, K>> {
  type P = ExportProps<M, K>;
  type Module = { default: ComponentType<P> };
  const name = options.export ?? 'default';
  let loaded: Module | null = null;
  let loading: Promise<Module> | null = null;
  const start = () => {
    loading ??= Promise.all([importWithRetry(load, options.retry), options.with?.()]).then(
      ([module]) => {
        const component = (module as Record<string, unknown>)[name] as ComponentType<P> | undefined;
        if (typeof component !== 'function' && typeof component !== 'object') {
          throw new TypeError(`The module has no component named ${name}`);
        }
        loaded = { default: component };
        return loaded;
      },
      (error: unknown) => {
        // Forgotten, so that the next render (or preload) loads again instead of inheriting this failure.
        loading = null;
        failed.add(reset);
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
        then(resolve: (module: Module) => void) {
          resolve(ready);
        },
      };
      return thenable as unknown as Promise<Module>;
    });
  let current = create();
  const reset = () => {
    current = create();
  };
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

export interface LazyComponentOptions<K extends string = string, P = object>
  extends Pick<LazyPageOptions<K>, 'export' | 'fallback' | 'with' | 'retry'> {
  /**
   * What shows in the component's place when its code could not be loaded after every retry (or renders
   * it from the component's props): nothing by default. The page around it stays; the component is loaded
   * again when the browser comes back online or the error screen's "Try again" runs
   * ({@link retryFailedImports}).
   */
  failed?: ReactNode | ((props: P) => ReactNode);
}

interface LocalFailureProps {
  failed: ReactNode;
  children: ReactNode;
}

/**
 * Shows `failed` in place of a lazy component whose code did not load, instead of letting the error reach
 * the page's error screen; tries again when the browser is back online.
 */
class LocalFailure extends Component<LocalFailureProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  private readonly onOnline = () => {
    retryFailedImports();
    this.setState({ error: null });
  };
  override componentDidCatch(error: unknown) {
    console.warn('A part of the page could not be loaded', error);
    window.addEventListener('online', this.onOnline, { once: true });
  }
  override componentWillUnmount() {
    window.removeEventListener('online', this.onOnline);
  }
  override render() {
    return this.state.error ? this.props.failed : this.props.children;
  }
}

/**
 * A component (not a page) loaded on demand, with the retries of {@link lazyPage} (decisions 0012, 0040). Should
 * its code still fail to load, it shows `failed` (nothing by default) and the page around it goes on: a
 * part of a page never takes the page down. What shows while it loads is `fallback`, or the Suspense
 * boundary around it. A component on a first page that reads texts of a later area
 * (`src/i18n/areas.ts`) passes `with: loadAllTexts`: the first pages do not load those texts, and a
 * component does not render again when they are added.
 *
 * @param load the module's dynamic import, exactly `() => import('./Part')`; a named export is picked with
 *   `export`.
 */
export function lazyComponent<M, K extends ComponentExport<M> = ComponentExport<M> & 'default'>(
  load: () => Promise<M>,
  options: LazyComponentOptions<K, ExportProps<M, K>> = {},
): LazyPage<ExportProps<M, K>> {
  const { failed = null, ...rest } = options;
  const Inner = lazyPage(load, rest);
  function Part(props: ExportProps<M, K>) {
    return (
      <LocalFailure failed={typeof failed === 'function' ? failed(props) : failed}>
        <Inner {...props} />
      </LocalFailure>
    );
  }
  return Object.assign(Part, { preload: Inner.preload });
}
