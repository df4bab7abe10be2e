import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Accessible label; defaults to "Loading…" in the current language. */
  label?: string;
  /** Hides the spinner from assistive tech when the surrounding control already says it is busy. */
  decorative?: boolean;
  className?: string;
}

const sizes = { sm: 'size-4', md: 'size-6', lg: 'size-10' };

/** A loading indicator announced as a status with an accessible label. */
export function Spinner({ size = 'md', label, decorative = false, className }: SpinnerProps) {
  const { t } = useTranslation();
  const svg = (
    <svg className={cn('animate-spin', sizes[size])} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
  if (decorative) return <span className={cn('inline-flex', className)}>{svg}</span>;
  return (
    <span role="status" className={cn('inline-flex items-center text-brand-700', className)}>
      {svg}
      <span className="sr-only">{label ?? t('common.loading')}</span>
    </span>
  );
}

/** A centred spinner filling a page's content area while a page or its data loads. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner size="lg" />
    </div>
  );
}
