import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../lib/cn';
import { focusRing } from '../ui/Button';
import { contentFrame } from '../ui/Page';

/** The footer (docs/product/routes-and-roles.md#header-and-menu): copyright 2024 and links to the terms and the privacy policy. */
export function Footer() {
  const { t } = useTranslation();
  const link = `rounded text-zinc-700 underline-offset-4 hover:text-brand-700 hover:underline ${focusRing}`;
  return (
    <footer className="border-t border-zinc-200 bg-white">
      <div
        className={cn(
          contentFrame,
          'flex flex-col items-center justify-between gap-3 py-6 text-sm text-zinc-600 sm:flex-row',
        )}
      >
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
