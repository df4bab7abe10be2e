import { type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn';

export interface SectionProps {
  title: ReactNode;
  /** A line under the title. */
  description?: ReactNode;
  /** Controls on the end side of the title (e.g. a status badge). */
  aside?: ReactNode;
  className?: string;
  children?: ReactNode;
}

/**
 * A card of the account page: a titled region (its `h2` names it for assistive tech and for tests that
 * look inside one section), an optional description and the section's controls.
 */
export function Section({ title, description, aside, className, children }: SectionProps) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className={cn(
        'flex flex-col gap-5 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-zinc-200/80 sm:p-6',
        className,
      )}
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id={titleId} className="text-lg font-semibold tracking-tight text-zinc-950">
            {title}
          </h2>
          {description && <p className="text-sm text-zinc-600">{description}</p>}
        </div>
        {aside}
      </header>
      {children}
    </section>
  );
}
