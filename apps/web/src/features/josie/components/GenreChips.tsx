import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';

/**
 * A josie's genres as small chips, in a list named "Genres" (docs/product/rules-and-limits.md#josies);
 * nothing when it has none. Plain text for now: a seed genre by its translated name (Hebrew's texts hold
 * them on every page; English shows the stored name), any other as stored (a genre removed from the live list
 * since is shown too, decision 0020); the chips are white with dark text, which reads at AA contrast on every feed
 * theme. Small and free of zod: the josie page and the feed render it in their first paint
 * (docs/performance.md).
 */
export function GenreChips({ genres, className }: { genres: readonly string[]; className?: string }) {
  const { t } = useTranslation();
  if (genres.length === 0) return null;
  const names: unknown = t('onboarding.genreNames', { returnObjects: true });
  const label = (genre: string) =>
    (typeof names === 'object' && names !== null && (names as Record<string, string>)[genre]) || genre;
  return (
    <ul aria-label={t('josie.view.genres')} className={cn('flex flex-wrap gap-1.5', className)}>
      {genres.map((genre) => (
        <li
          key={genre}
          dir="auto"
          className="rounded-full bg-white/90 px-2.5 py-0.5 text-xs font-semibold text-zinc-800 ring-1 ring-zinc-300 ring-inset"
        >
          {label(genre)}
        </li>
      ))}
    </ul>
  );
}
