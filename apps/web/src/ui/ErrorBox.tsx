import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn';
import { Button } from './Button';

export interface ErrorBoxProps {
  /** The message to show, e.g. the server's message (docs/product/messages.md#errors-from-the-api). */
  message: string;
  /** Heading; defaults to the common "Error" label. */
  title?: string;
  /** Shows a "Try again" button. */
  onRetry?: () => void;
  className?: string;
}

/** An error announced to assistive tech, with an optional retry. */
export function ErrorBox({ message, title, onRetry, className }: ErrorBoxProps) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className={cn('flex gap-3 rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900', className)}
    >
      <AlertTriangle className="mt-0.5 size-5 shrink-0 text-red-700" aria-hidden="true" />
      <div className="flex flex-col gap-1">
        <p className="font-semibold">{title ?? t('common.error')}</p>
        <p className="text-sm" dir="auto">
          {message}
        </p>
        {onRetry && (
          <Button variant="outline" size="sm" className="mt-2 self-start" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
      </div>
    </div>
  );
}
