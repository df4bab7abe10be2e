import { Languages } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguageToggle } from '../../i18n/LanguageSync';
import { Button } from '../../ui/Button';
import { ProviderButtons } from './ProviderButtons';

export interface AuthCardProps {
  title: string;
  subtitle: string;
  /** The email form. */
  children: ReactNode;
  /** The line under the card linking to the other auth page. */
  footer: ReactNode;
}

/**
 * The frame of `/login` and `/signup`: title, the language toggle while the flag is on
 * (docs/product/routes-and-roles.md#guards), the email form, an "or" divider, the provider buttons, and a
 * link to the other page.
 */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  const { t } = useTranslation();
  const language = useLanguageToggle();
  return (
    <div className="relative flex flex-1 items-start justify-center overflow-hidden px-4 py-10 sm:items-center sm:py-16">
      <div
        className="pointer-events-none absolute -top-32 start-1/2 size-[36rem] -translate-x-1/2 rounded-full bg-brand-200/40 blur-3xl rtl:translate-x-1/2"
        aria-hidden="true"
      />
      <div className="relative w-full max-w-md rounded-3xl bg-white p-6 shadow-xl shadow-zinc-900/5 ring-1 ring-zinc-200 sm:p-8">
        <div className="mb-6 flex items-start justify-between gap-4">
          <div className="flex flex-col gap-1">
            <h1 className="text-2xl font-bold tracking-tight text-zinc-950 sm:text-3xl">{title}</h1>
            <p className="text-sm text-zinc-600">{subtitle}</p>
          </div>
          {language.available && (
            <Button variant="ghost" size="sm" onClick={language.toggle} className="shrink-0">
              <Languages className="size-4" aria-hidden="true" />
              <span lang={language.target}>{language.label}</span>
            </Button>
          )}
        </div>
        {children}
        <div className="my-6 flex items-center gap-3 text-xs font-medium tracking-wide text-zinc-600 uppercase">
          <span className="h-px flex-1 bg-zinc-200" />
          {t('auth.or')}
          <span className="h-px flex-1 bg-zinc-200" />
        </div>
        <ProviderButtons />
        <p className="mt-6 text-center text-sm text-zinc-700">{footer}</p>
      </div>
    </div>
  );
}
