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

export interface LoadingProps {
  /** What assistive tech announces; "Loading…" in the reader's language by default. */
  label?: string;
  /** `page`: fills the content area (at least 40 % of the viewport's height); `section`: 48 px above and below. */
  size?: 'page' | 'section';
  className?: string;
}

/**
 * A page's or a section's data is on its way: a centred spinner in a region marked busy, announced once as a
 * status. The loading state of {@link QueryState} (`./QueryState.tsx`).
 */
export function Loading({ label, size = 'section', className }: LoadingProps) {
  return (
    <div
      aria-busy="true"
      className={cn(
        'flex items-center justify-center',
        size === 'page' ? 'min-h-[40vh]' : 'py-12',
        className,
      )}
    >
      <Spinner size="lg" label={label} />
    </div>
  );
}

/** {@link Loading} filling a page's content area while a page or its data loads. */
export function PageSpinner() {
  return <Loading size="page" />;
}
