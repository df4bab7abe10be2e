import { Info, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/** A notice above the form (rejection, review status). */
export function Notice({
  tone,
  title,
  children,
}: {
  tone: 'warning' | 'info';
  title: string;
  children?: ReactNode;
}) {
  const Icon = tone === 'warning' ? TriangleAlert : Info;
  return (
    <div
      className={cn(
        'flex gap-3 rounded-2xl p-4 ring-1 ring-inset',
        tone === 'warning'
          ? 'bg-amber-50 text-amber-950 ring-amber-200'
          : 'bg-sky-50 text-sky-950 ring-sky-200',
      )}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="flex min-w-0 flex-col gap-1 text-sm">
        <p className="font-semibold">{title}</p>
        {children}
      </div>
    </div>
  );
}
