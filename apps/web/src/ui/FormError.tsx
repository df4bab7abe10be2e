import { AlertCircle } from 'lucide-react';
import { cn } from '../lib/cn';

/** A form-level error (e.g. 'Login failed'), announced as soon as it appears. */
export function FormError({
  message,
  className,
}: {
  message: string | null | undefined;
  className?: string;
}) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className={cn(
        'flex items-start gap-2 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800 ring-1 ring-red-200 ring-inset',
        className,
      )}
    >
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span dir="auto">{message}</span>
    </div>
  );
}
