import { RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Button } from '../../ui/Button';

/**
 * Shown when a page fails to render or its code cannot be loaded (e.g. an old tab after a deploy):
 * explains and offers a reload instead of a blank screen.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.warn('Route failed to render', error);
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-3xl font-bold tracking-tight text-zinc-950">{t('errors.generic')}</h1>
      <p className="text-zinc-600">{t('errors.crashed')}</p>
      <Button size="lg" onClick={() => window.location.reload()}>
        <RotateCw className="size-4" aria-hidden="true" />
        {t('errors.reload')}
      </Button>
    </main>
  );
}
