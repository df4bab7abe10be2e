import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';

/**
 * A genre's name in the reader's language: a seed genre by its translated name (Hebrew's texts hold them on
 * every page; English shows the stored name), any other as stored (decision 0020).
 */
export function genreName(t: TFunction, genre: string): string {
  const names: unknown = t('common.genreNames', { returnObjects: true });
  return (typeof names === 'object' && names !== null && (names as Record<string, string>)[genre]) || genre;
}

/**
 * A josie's genres as small chips, in a list named "Genres" (docs/product/rules-and-limits.md#josies);
 * nothing when it has none. Each chip links to its genre's explore page, `/explore/genre/{name}`
 * (docs/product/routes-and-roles.md#search-and-explore), above a feed card's stretched title link; a genre
 * removed from the live list since is shown too (decision 0020), and its page says it has no josies. The
 * chips are white with dark text, which reads at AA contrast on every feed theme. Small and free of zod: the
 * josie page and the feed render it in their first paint (docs/performance.md).
 */
export function GenreChips({ genres, className }: { genres: readonly string[]; className?: string }) {
  const { t } = useTranslation();
  if (genres.length === 0) return null;
  return (
    <ul aria-label={t('josie.view.genres')} className={cn('flex flex-wrap gap-1.5', className)}>
      {genres.map((genre) => (
        <li key={genre} className="relative z-10">
          <Link
            to={`/explore/genre/${encodeURIComponent(genre)}`}
            dir="auto"
            className="block rounded-full bg-white/90 px-2.5 py-0.5 text-xs font-semibold text-zinc-800 ring-1 ring-zinc-300 ring-inset hover:bg-brand-50 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            {genreName(t, genre)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
