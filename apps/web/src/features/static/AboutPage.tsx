import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/Page';

/** `/about`: three paragraphs about Josie (docs/product/routes-and-roles.md#static-pages). */
export default function AboutPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('static.about.title')}>
      <div className="flex flex-col gap-5 text-lg leading-relaxed text-zinc-700">
        <p>{t('static.about.p1')}</p>
        <p>{t('static.about.p2')}</p>
        <p>{t('static.about.p3')}</p>
      </div>
    </Page>
  );
}
