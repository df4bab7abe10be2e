import { useTranslation } from 'react-i18next';
import { StatusPage } from './StatusPage';

/**
 * The one error screen shared by `/unauthorized` and `/auth/error`
 * (docs/product/routes-and-roles.md#static-pages): 401 wording ('Unauthorized access',
 * docs/product/messages.md#sign-in-and-account) and a back-home link.
 */
export default function UnauthorizedPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      code="401"
      title={t('errors.unauthorized.title')}
      description={t('errors.unauthorized.description')}
    />
  );
}
