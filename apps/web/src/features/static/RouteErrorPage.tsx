import { useLocation, useNavigate, useRouteError } from 'react-router';
import { PageErrorScreen } from '../../layout/PageError';
import { retryFailedImports } from '../../lib/lazyPage';

/**
 * Shown when a page outside the app layout (the josie view) or the layout itself fails to render or its
 * code cannot be loaded: the translated error screen (decision 0012). "Try again" lets failed pages load
 * again and navigates to the same place, which clears the router's error without reloading the document.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const retry = () => {
    retryFailedImports();
    void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true });
  };
  return (
    <main className="flex min-h-dvh flex-col">
      <PageErrorScreen error={error} onRetry={retry} />
    </main>
  );
}
