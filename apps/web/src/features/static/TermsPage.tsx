import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/Page';

/** `/terms`: the terms of service (docs/product/routes-and-roles.md#static-pages). */
export default function TermsPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('static.terms.title')}>
      <div className="flex flex-col gap-4 leading-relaxed text-zinc-700">
        <p>{t('static.terms.p1')}</p>
        <p>{t('static.terms.p2')}</p>
      </div>
    </Page>
  );
}
