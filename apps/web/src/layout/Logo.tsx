import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../lib/cn';
import { focusRing } from '../ui/Button';

/** The Josie mark: a note on the brand gradient (decorative; the link around it carries the name). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={cn('size-9', className)} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="josie-logo-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ff69b4" />
          <stop offset="1" stopColor="#9b3cf0" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="18" fill="url(#josie-logo-gradient)" />
      <path d="M40 14v24.5a7.5 7.5 0 1 1-4-6.63V22l-12 3v17.5a7.5 7.5 0 1 1-4-6.63V19l20-5z" fill="#fff" />
    </svg>
  );
}

/**
 * The header's home link: the mark and the app's name, named "Josie, home" (the name is decorative). It never
 * shrinks nor wraps: on a 390 px phone the Hebrew header's other links would otherwise break the name in two.
 */
export function LogoLink() {
  const { t } = useTranslation();
  return (
    <Link
      to="/"
      aria-label={t('nav.logoLabel')}
      className={`flex shrink-0 items-center gap-2 rounded-xl ${focusRing}`}
    >
      <LogoMark />
      <span
        className="whitespace-nowrap text-xl font-extrabold tracking-tight text-zinc-950"
        aria-hidden="true"
      >
        {t('common.appName')}
      </span>
    </Link>
  );
}
