import { useTranslation } from 'react-i18next';
import { StatusPage } from './StatusPage';

/** The 404 page for any unknown path ('Page not found', docs/product/routes-and-roles.md#static-pages, docs/product/messages.md), with a back-home link. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      code="404"
      title={t('errors.notFound.title')}
      description={t('errors.notFound.description')}
    />
  );
}
