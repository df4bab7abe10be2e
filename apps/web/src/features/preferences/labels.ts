import type { TFunction } from 'i18next';

/** 'VinylCollection' -> 'Vinyl Collection': the seed lists are written as identifiers. */
export function humanizeName(name: string): string {
  return name.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2');
}

/**
 * The display label of a genre or interest from the live list: its translation when it is one of the seed
 * entries (`common.genreNames`, `onboarding.interestNames`; docs/product/data-and-config.md#data), else the
 * name as the admin wrote it, spaced out.
 */
export function listEntryLabel(t: TFunction, list: 'genres' | 'interests', name: string): string {
  const labels = t(list === 'genres' ? 'common.genreNames' : 'onboarding.interestNames', {
    returnObjects: true,
  }) as unknown as Record<string, string>;
  return labels && typeof labels === 'object' && Object.hasOwn(labels, name)
    ? (labels[name] ?? humanizeName(name))
    : humanizeName(name);
}

/**
 * `items` in the alphabetical order of the interface language (`Intl.Collator`), by the label the reader
 * sees: a Hebrew list is in the order of its Hebrew names, not of the English spellings it is stored in.
 */
export function sortByLabel<T>(
  items: readonly T[],
  labelOf: (item: T) => string,
  language: string | undefined,
): T[] {
  const collator = new Intl.Collator(language, { sensitivity: 'base', numeric: true });
  return items
    .map((item) => ({ item, label: labelOf(item) }))
    .sort((a, b) => collator.compare(a.label, b.label))
    .map(({ item }) => item);
}
