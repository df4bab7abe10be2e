import type { ClientErrorBody } from '@josie/contract';
import { RotateCw } from 'lucide-react';
import { Component, type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type Params, useLocation, useMatches } from 'react-router';
import { reportClientError } from '../api/clientErrors';
import { currentLanguage } from '../i18n';
import { ChunkLoadError } from '../lib/importRetry';
import { retryFailedImports } from '../lib/lazyPage';
import { Button, buttonClasses } from '../ui/Button';

/**
 * The route's pattern (`/curator/:curatorId`) from the visited path and its parameters: what an error
 * report names, never the path itself, whose ids and invite codes do not belong in a log.
 */
export function routePattern(pathname: string, params: Params): string {
  const { '*': splat, ...named } = params;
  let path = splat && pathname.endsWith(splat) ? `${pathname.slice(0, -splat.length)}*` : pathname;
  const names = new Map(Object.entries(named).map(([name, value]) => [value, `:${name}`]));
  path = path
    .split('/')
    .map((segment) => names.get(safeDecode(segment)) ?? segment)
    .join('/');
  return path || '/';
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The current route's pattern, for error reports. */
function useRoutePattern(): string {
  const location = useLocation();
  const last = useMatches().at(-1);
  return routePattern(location.pathname, last?.params ?? {});
}

export interface PageErrorScreenProps {
  /** What failed: a {@link ChunkLoadError} (the page's code did not download) or a rendering error. */
  error: unknown;
  /** Loads and renders the page again, without reloading the document. */
  onRetry(): void;
}

/**
 * What the user sees when a page cannot be shown (decision 0012), in their language: that its code did not
 * download (or that they are offline, and then it opens by itself when the network is back), or that it
 * failed to render; with "Try again" and a way home. Reports the failure to the server log once, with the
 * route's pattern (`POST /api/client-errors`).
 */
export function PageErrorScreen({ error, onRetry }: PageErrorScreenProps) {
  const { t } = useTranslation();
  const route = useRoutePattern();
  const chunk = error instanceof ChunkLoadError;
  const kind: ClientErrorBody['kind'] = chunk ? 'chunk' : 'render';
  const reported = useRef<unknown>(null);

  useEffect(() => {
    if (reported.current === error) return;
    reported.current = error;
    console.warn('A page could not be shown', error);
    reportClientError({
      kind,
      route,
      message: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      ...(chunk && error.url ? { url: error.url } : {}),
      language: currentLanguage(),
      online: navigator.onLine,
    });
  }, [error, kind, route, chunk]);

  // Offline, the page's code cannot come: it is loaded again as soon as the browser is back online.
  const retry = useRef(onRetry);
  retry.current = onRetry;
  const waitingForNetwork = chunk && error.offline;
  useEffect(() => {
    if (!chunk) return;
    const onOnline = () => retry.current();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [chunk]);

  const title = waitingForNetwork
    ? t('errors.offline.title')
    : chunk
      ? t('errors.pageLoad.title')
      : t('errors.generic');
  const body = waitingForNetwork
    ? t('errors.offline.body')
    : chunk
      ? t('errors.pageLoad.body')
      : t('errors.crashed');
  return (
    <div
      role="alert"
      className="mx-auto flex min-h-[60vh] w-full max-w-xl flex-col items-center justify-center gap-4 px-4 py-12 text-center"
    >
      <h1 className="text-3xl font-bold tracking-tight text-balance text-zinc-950">{title}</h1>
      <p className="text-pretty text-zinc-600">{body}</p>
      <div className="flex flex-wrap items-center justify-center gap-3">
        <Button size="lg" onClick={onRetry}>
          <RotateCw className="size-4" aria-hidden="true" />
          {t('common.retry')}
        </Button>
        <Link to="/" className={buttonClasses('outline', 'lg')}>
          {t('common.backHome')}
        </Link>
      </div>
    </div>
  );
}

interface BoundaryState {
  error: unknown;
}

/**
 * Catches a page that cannot be shown, inside the app layout (so the header stays), and shows
 * {@link PageErrorScreen}. "Try again" lets the failed lazy pages load again ({@link retryFailedImports})
 * and renders the page anew. The layout keys it by path, so another page starts without the error.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  retry = () => {
    retryFailedImports();
    this.setState({ error: null });
  };

  override render() {
    if (this.state.error !== null) return <PageErrorScreen error={this.state.error} onRetry={this.retry} />;
    return this.props.children;
  }
}
