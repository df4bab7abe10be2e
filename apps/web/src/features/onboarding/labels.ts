import type { TFunction } from 'i18next';

/** 'VinylCollection' -> 'Vinyl Collection': the seed lists are written as identifiers. */
export function humanizeName(name: string): string {
  return name.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2');
}

/**
 * The display label of a genre or interest from the live list: its translation when it is one of the seed
 * entries (docs/product/data-and-config.md#data), else the name as the admin wrote it, spaced out.
 */
export function listEntryLabel(t: TFunction, list: 'genres' | 'interests', name: string): string {
  const labels = t(list === 'genres' ? 'common.genreNames' : 'onboarding.interestNames', {
    returnObjects: true,
  }) as unknown as Record<string, string>;
  return labels && typeof labels === 'object' && Object.hasOwn(labels, name)
    ? (labels[name] ?? humanizeName(name))
    : humanizeName(name);
}
