import { useTranslation } from 'react-i18next';
import { PlatformTotals } from '../studio';
import { AdminPage } from './AdminPage';

/**
 * `/admin/studio` (docs/decisions/0050-curator-studio-counts.md): the platform's studio, every curator's
 * numbers summed against the previous period, beside the other admin pages. A curator's own studio opens
 * from their account page.
 */
export default function AdminStudioPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('studio.platform.title')} lead={t('studio.platform.lead')}>
      <PlatformTotals />
    </AdminPage>
  );
}
