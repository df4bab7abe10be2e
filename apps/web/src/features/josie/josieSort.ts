import type { Josie } from '@josie/contract';

/** The fields the list sorts by (docs/product/routes-and-roles.md#josie-page). */
export type SortField = 'updatedAt' | 'title';
/** The list's order: a field and a direction. */
export interface JosieSort {
  field: SortField;
  direction: 'asc' | 'desc';
}

/** Default order (docs/product/rules-and-limits.md#constants): last update, newest first. */
export const DEFAULT_SORT: JosieSort = { field: 'updatedAt', direction: 'desc' };

/**
 * The order after pressing a sort button (docs/product/routes-and-roles.md#josie-page): the active field
 * flips its direction; another field starts descending.
 */
export function nextSort(current: JosieSort, field: SortField): JosieSort {
  if (current.field !== field) return { field, direction: 'desc' };
  return { field, direction: current.direction === 'desc' ? 'asc' : 'desc' };
}

/**
 * The josies in `sort` order: by last update (time), or by title in the language's collation; ties
 * keep the newest first.
 */
export function sortJosies(josies: readonly Josie[], sort: JosieSort, locale: string): Josie[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const sign = sort.direction === 'asc' ? 1 : -1;
  const time = (josie: Josie) => Date.parse(josie.updatedAt) || 0;
  return [...josies].sort((a, b) => {
    const primary =
      sort.field === 'title' ? collator.compare(a.title.trim(), b.title.trim()) : time(a) - time(b);
    return primary !== 0 ? sign * primary : time(b) - time(a);
  });
}
