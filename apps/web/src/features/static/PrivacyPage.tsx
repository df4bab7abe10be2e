import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/Page';

/** `/privacy`: the privacy policy (docs/product/routes-and-roles.md#static-pages). */
export default function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('static.privacy.title')}>
      <div className="flex flex-col gap-4 leading-relaxed text-zinc-700">
        <p>{t('static.privacy.p1')}</p>
        <p>{t('static.privacy.p2')}</p>
        {/* How the curator studio counts readers (docs/decisions/0050-curator-studio-counts.md). */}
        <p>{t('static.privacy.p3')}</p>
      </div>
    </Page>
  );
}
