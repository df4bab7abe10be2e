import { MAX_JOSIE_GENRES } from '@josie/contract';
import { useQuery } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { Button, focusRing } from '../../../ui/Button';
import { FormError } from '../../../ui/FormError';
import { listEntryLabel, preferenceOptionsQuery, sortByLabel } from '../../preferences';

const lower = (name: string) => name.toLowerCase();

/**
 * The josie's genres as a group of toggle chips (buttons with `aria-pressed`, reached with Tab and
 * pressed with Space or Enter): the live genre list (`GET /api/preferences/options`, which admins edit),
 * plus any name in `selected` or `kept` that left the list since, shown with a dashed border and kept
 * until unpressed. At most {@link MAX_JOSIE_GENRES} (docs/product/rules-and-limits.md#josies): once that
 * many are pressed, the others are `aria-disabled` and pressing one says why in a polite live region.
 * Seed genres show their translated names (`common.genreNames`); names an admin added show as written; all
 * in the interface language's alphabetical order.
 *
 * @param kept - the genres the josie had when the editor opened: the server accepts them again even when
 *   they left the list (docs/decisions/0020-genres-on-josies.md).
 * @param error - the server's refusal of the genres, shown under the chips.
 */
export function GenrePicker({
  selected,
  kept,
  onChange,
  error,
}: {
  selected: readonly string[];
  kept: readonly string[];
  onChange(genres: string[]): void;
  error?: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const hintId = useId();
  const removedId = useId();
  const [limitReached, setLimitReached] = useState(false);
  const options = useQuery({ ...preferenceOptionsQuery(), staleTime: 5 * 60 * 1000 });
  const label = (name: string) => listEntryLabel(t, 'genres', name);

  const chosen = new Set(selected.map(lower));
  const full = selected.length >= MAX_JOSIE_GENRES;
  // In the reader's alphabetical order of the names shown.
  const live = sortByLabel(options.data?.genres.map((g) => g.name) ?? [], label, i18n.resolvedLanguage);
  const liveKeys = new Set(live.map(lower));
  const removed = [...new Set([...kept, ...selected])].filter((name) => !liveKeys.has(lower(name)));

  const toggle = (name: string) => {
    if (chosen.has(lower(name))) {
      setLimitReached(false);
      onChange(selected.filter((g) => lower(g) !== lower(name)));
    } else if (full) {
      setLimitReached(true);
    } else {
      onChange([...selected, name]);
    }
  };

  const chip = (name: string, gone: boolean) => {
    const pressed = chosen.has(lower(name));
    const blocked = !pressed && full;
    return (
      <li key={name}>
        <button
          type="button"
          aria-pressed={pressed}
          aria-disabled={blocked || undefined}
          aria-describedby={gone ? removedId : undefined}
          onClick={() => toggle(name)}
          className={cn(
            'inline-flex h-9 items-center gap-1.5 rounded-full border px-4 text-sm font-medium transition-colors',
            pressed
              ? 'border-brand-600 bg-brand-600 text-white hover:bg-brand-700'
              : 'border-zinc-300 bg-white text-zinc-800 hover:border-brand-300 hover:bg-brand-50',
            gone && 'border-dashed',
            blocked && 'cursor-not-allowed opacity-60 hover:border-zinc-300 hover:bg-white',
            focusRing,
          )}
        >
          {pressed && <Check className="size-4" aria-hidden="true" />}
          {label(name)}
        </button>
      </li>
    );
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not form inputs of a fieldset.
    <div role="group" aria-labelledby={titleId} aria-describedby={hintId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={titleId} className="font-semibold text-zinc-950">
          {t('josie.editor.genres.label')}
        </h2>
        <p id={hintId} className="text-sm text-zinc-600">
          {t('josie.editor.genres.hint', { chosen: selected.length, max: MAX_JOSIE_GENRES })}
        </p>
      </div>
      {options.isPending ? (
        <p className="text-sm text-zinc-600">{t('josie.editor.genres.loading')}</p>
      ) : options.isError ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-zinc-700">{t('josie.editor.genres.loadFailed')}</p>
          <Button type="button" variant="secondary" size="sm" onClick={() => void options.refetch()}>
            {t('josie.editor.genres.retry')}
          </Button>
        </div>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {live.map((name) => chip(name, false))}
          {removed.map((name) => chip(name, true))}
        </ul>
      )}
      {removed.length > 0 && !options.isPending && (
        <p id={removedId} className="text-sm text-zinc-600">
          {t('josie.editor.genres.removedNote')}
        </p>
      )}
      <p role="status" className="text-sm font-medium text-amber-800 empty:hidden">
        {limitReached && full ? t('josie.editor.genres.limit', { max: MAX_JOSIE_GENRES }) : ''}
      </p>
      <FormError message={error} />
    </div>
  );
}
