import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

export interface PageProps {
  /** The page's one `h1`. */
  title?: ReactNode;
  /** A line under the title. */
  lead?: ReactNode;
  /**
   * Content width: `narrow` for forms, `default` for reading (both centred under the header), `wide` for
   * tables and grids: the layout's {@link contentFrame}, edge to edge with the header.
   */
  width?: 'narrow' | 'default' | 'wide';
  className?: string;
  children: ReactNode;
}

const widths = { narrow: 'max-w-md', default: 'max-w-3xl', wide: 'max-w-content' };

/**
 * The column of the shared layout (decision 0014): at most `--container-content` (1024 px) wide with
 * 16 px side padding, 24 px from 640 px up. The header bar, the footer and every full-width page use it,
 * so their edges line up in both writing directions.
 */
export const contentFrame = 'mx-auto w-full max-w-content px-4 sm:px-6';

/** The standard page frame: centred column with side padding, an optional `h1` and lead text. */
export function Page({ title, lead, width = 'default', className, children }: PageProps) {
  return (
    <div className={cn('mx-auto w-full px-4 py-10 sm:px-6 sm:py-14', widths[width], className)}>
      {(title || lead) && (
        <header className="mb-8 flex flex-col gap-2">
          {title && <h1 className="text-3xl font-bold tracking-tight text-zinc-950 sm:text-4xl">{title}</h1>}
          {lead && <p className="text-base text-zinc-600 sm:text-lg">{lead}</p>}
        </header>
      )}
      {children}
    </div>
  );
}
