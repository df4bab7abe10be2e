import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

export interface EmptyStateProps {
  /** A decorative icon (e.g. a lucide icon with `aria-hidden`). */
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** A call to action, e.g. a "create your first" button. */
  action?: ReactNode;
  className?: string;
}

/** What a list shows when it has nothing yet: icon, title, explanation and an optional action. */
export function EmptyState({ icon, title, description, action, className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-3 rounded-3xl border border-dashed border-zinc-300 bg-white/70 px-6 py-12 text-center',
        className,
      )}
    >
      {icon && <div className="rounded-full bg-brand-50 p-3 text-brand-700">{icon}</div>}
      <p className="text-lg font-semibold text-zinc-900">{title}</p>
      {description && <p className="max-w-md text-sm text-zinc-600">{description}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
