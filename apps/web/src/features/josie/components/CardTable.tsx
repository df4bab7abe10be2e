import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/*
 * A table that lays its rows out as cards on narrow screens (below `md`). Changing the CSS `display` of
 * table elements makes some browsers (Safari, older Chrome) drop their table semantics, so every part
 * states its role explicitly — redundant for the linter, needed by screen readers on phones.
 * See https://adrianroselli.com/2018/02/tables-css-display-properties-and-aria.html.
 */

/** The table: cards in a column on phones, a rounded table from `md`. */
export function CardTable({
  caption,
  className,
  children,
}: {
  caption: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <table
      // biome-ignore lint/a11y/noRedundantRoles: keeps table semantics while narrow screens restyle it
      role="table"
      className={cn(
        'block w-full md:table md:overflow-hidden md:rounded-3xl md:bg-white md:shadow-sm md:ring-1 md:ring-zinc-200',
        className,
      )}
    >
      <caption className="sr-only">{caption}</caption>
      {children}
    </table>
  );
}

/** The header row: hidden on phones (each card labels its own values), shown from `md`. */
export function CardTableHead({ children }: { children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noRedundantRoles: keeps table semantics while narrow screens restyle it
    <thead role="rowgroup" className="sr-only md:not-sr-only md:table-header-group md:bg-zinc-50">
      {/* biome-ignore lint/a11y/noRedundantRoles: as above */}
      <tr role="row">{children}</tr>
    </thead>
  );
}

/** A column header. */
export function CardTableHeader({ end = false, children }: { end?: boolean; children: ReactNode }) {
  return (
    <th
      // biome-ignore lint/a11y/noRedundantRoles: keeps table semantics while narrow screens restyle it
      role="columnheader"
      scope="col"
      className={cn(
        'px-4 py-3 text-xs font-semibold tracking-wide text-zinc-600 uppercase',
        end ? 'text-end' : 'text-start',
      )}
    >
      {children}
    </th>
  );
}

/** The body: a column of cards on phones. */
export function CardTableBody({ children }: { children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noRedundantRoles: keeps table semantics while narrow screens restyle it
    <tbody role="rowgroup" className="flex flex-col gap-3 md:table-row-group">
      {children}
    </tbody>
  );
}

/** A row: a card on phones, a table row from `md`. */
export function CardTableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr
      // biome-ignore lint/a11y/noRedundantRoles: keeps table semantics while narrow screens restyle it
      role="row"
      className={cn('flex flex-col md:table-row', className)}
      {...props}
    />
  );
}

/** A cell: a block on phones, a table cell from `md`. */
export function CardTableCell({ className, ...props }: ComponentProps<'td'>) {
  return (
    <td
      // biome-ignore lint/a11y/noRedundantRoles: keeps table semantics while narrow screens restyle it
      role="cell"
      className={cn('block md:table-cell md:px-4 md:py-3 md:align-middle', className)}
      {...props}
    />
  );
}
