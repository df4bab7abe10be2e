import { useTranslation } from 'react-i18next';
import { StatusPage } from './StatusPage';

/**
 * The one error screen shared by `/unauthorized` and `/auth/error` (spec 000 §2): 401 wording
 * ('Unauthorized access', spec 000 §8) and a back-home link.
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
