import { ArrowLeft, ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { directionOf } from '../../i18n';
import { buttonClasses } from '../../ui/Button';

export interface StatusPageProps {
  /** The HTTP-like status shown large (401, 404). */
  code: string;
  title: string;
  description: string;
  /** Extra actions beside the back-home link. */
  actions?: ReactNode;
}

/** A full-page status message with a back-home link; the shared frame of the 401 and 404 pages. */
export function StatusPage({ code, title, description, actions }: StatusPageProps) {
  const { t, i18n } = useTranslation();
  const Back = directionOf(i18n.resolvedLanguage) === 'rtl' ? ArrowRight : ArrowLeft;
  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-5 px-4 py-16 text-center">
      <p
        className="bg-linear-to-br from-brand-600 to-violet-700 bg-clip-text text-7xl font-black tracking-tight text-transparent sm:text-8xl"
        aria-hidden="true"
      >
        {code}
      </p>
      <h1 className="text-3xl font-bold tracking-tight text-zinc-950">{title}</h1>
      <p className="text-base text-zinc-600">{description}</p>
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClasses('primary', 'lg')}>
          <Back className="size-4" aria-hidden="true" />
          {t('common.backHome')}
        </Link>
        {actions}
      </div>
    </div>
  );
}
