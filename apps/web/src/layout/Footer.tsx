import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { focusRing } from '../ui/Button';

/** The footer (spec 000 §2): copyright 2024 and links to the terms and the privacy policy. */
export function Footer() {
  const { t } = useTranslation();
  const link = `rounded text-zinc-700 underline-offset-4 hover:text-brand-700 hover:underline ${focusRing}`;
  return (
    <footer className="border-t border-zinc-200 bg-white">
      <div className="mx-auto flex w-full max-w-5xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-zinc-600 sm:flex-row sm:px-6">
        <p>{t('footer.copyright')}</p>
        <nav aria-label={t('footer.legal')} className="flex gap-5">
          <Link to="/terms" className={link}>
            {t('footer.terms')}
          </Link>
          <Link to="/privacy" className={link}>
            {t('footer.privacy')}
          </Link>
        </nav>
      </div>
    </footer>
  );
}
