import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Music, Search, X } from 'lucide-react';
import { type KeyboardEvent, type RefObject, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../api/errorText';
import { cn } from '../../lib/cn';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { Avatar } from '../../ui/Avatar';
import { fetchSuggestions, searchKeys, searchPath } from './api';

/**
 * Wait after the last keystroke before the suggestions are asked for (ms): shorter than the media
 * searches' 500 ms (`LIMITS.searchDebounceMs`), because a suggestion list that follows the typing is the
 * point of the field, and it asks for six short results (docs/product/routes-and-roles.md#search-and-explore).
 */
export const SUGGEST_DEBOUNCE_MS = 250;

/** Whether the screen is a phone's (below Tailwind's `sm`, 640 px), where the field covers the header. */
function onPhone(): boolean {
  return window.matchMedia?.('(max-width: 639.98px)').matches ?? false;
}

interface Option {
  id: string;
  href: string;
  kind: 'josie' | 'curator' | 'all';
  label: string;
  detail?: string | null;
  avatar?: string | null;
  font?: string;
  colour?: string;
}

export interface SearchComboboxProps {
  /** Set to the combobox's field once mounted (the `/` shortcut focuses it). */
  field: RefObject<HTMLInputElement | null>;
  /** What the plain field holds when the combobox replaces it (read once, on mount). */
  typed(): string;
  /** Called once mounted: the plain field can go. */
  onReady(): void;
  /** Closes the phone's full-width field (back to the search button). */
  onDismiss(): void;
}

/**
 * The header's search as a WAI-ARIA 1.2 combobox with a list popup
 * (docs/product/routes-and-roles.md#search-and-explore): typing asks, {@link SUGGEST_DEBOUNCE_MS} after the
 * last keystroke, for the first 3 josies and 3 curators (`GET /api/search/josies` and `/curators` with
 * `limit=3`), shown in two groups and followed by "See all results". ArrowDown and ArrowUp move through the
 * options (wrapping), Enter opens the active option or, with none active, `/search?q=`; Escape closes the
 * list, then empties the field, then on a phone closes the full-width field. Focus stays in the field: the
 * active option is told by `aria-activedescendant`. Loaded on demand by `HeaderSearch.tsx`.
 */
export default function SearchCombobox({ field, typed, onReady, onDismiss }: SearchComboboxProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState(typed);
  const [open, setOpen] = useState(query.trim() !== '');
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const statusId = useId();
  const trimmed = query.trim();
  const asked = useDebouncedValue(trimmed, SUGGEST_DEBOUNCE_MS);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the combobox takes the plain field's place
  useLayoutEffect(() => {
    field.current = input.current;
    input.current?.focus();
    onReady();
  }, []);

  const suggestions = useQuery({
    queryKey: searchKeys.suggestions(asked),
    queryFn: ({ signal }) => fetchSuggestions(asked, signal),
    enabled: asked !== '',
    staleTime: 60_000,
    retry: false,
    placeholderData: keepPreviousData,
  });

  const data = trimmed === '' ? undefined : suggestions.data;
  const options: Option[] =
    trimmed === ''
      ? []
      : [
          ...(data?.josies ?? []).map(
            (josie): Option => ({
              id: `j-${josie._id}`,
              href: `/josie/${encodeURIComponent(josie._id)}`,
              kind: 'josie',
              label: josie.title,
              detail: josie.creator?.name,
            }),
          ),
          ...(data?.curators ?? []).map(
            (curator): Option => ({
              id: `c-${curator.id}`,
              href: `/curator/${encodeURIComponent(curator.id)}`,
              kind: 'curator',
              label: curator.name,
              avatar: curator.avatar,
              font: curator.font,
              colour: curator.color,
            }),
          ),
          {
            id: 'all',
            href: searchPath(trimmed),
            kind: 'all',
            label: t('discovery.suggest.all', { query: trimmed }),
          },
        ];
  const expanded = open && options.length > 0;
  const waiting = trimmed !== asked || suggestions.isFetching;
  const found = (data?.josies.length ?? 0) + (data?.curators.length ?? 0);
  const status = !expanded
    ? ''
    : suggestions.isError && !waiting
      ? errorText(t, suggestions.error, t('discovery.suggest.error'))
      : waiting || !data
        ? t('discovery.suggest.loading')
        : found === 0
          ? t('discovery.suggest.none', { query: trimmed })
          : t('discovery.suggest.count', { count: found });

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function go(href: string) {
    close();
    if (!href.startsWith('/search')) setQuery('');
    input.current?.blur();
    if (onPhone()) onDismiss();
    void navigate(href);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (options.length === 0) return;
        event.preventDefault();
        const down = event.key === 'ArrowDown';
        if (!expanded) {
          setOpen(true);
          setActive(down ? 0 : options.length - 1);
          return;
        }
        setActive((index) =>
          down ? (index + 1) % options.length : index <= 0 ? options.length - 1 : index - 1,
        );
        return;
      }
      case 'Enter': {
        const chosen = expanded ? options[active] : undefined;
        if (!chosen && trimmed === '') return;
        event.preventDefault();
        go(chosen ? chosen.href : searchPath(trimmed));
        return;
      }
      case 'Escape':
        event.preventDefault();
        if (expanded) close();
        else if (query !== '') setQuery('');
        else if (onPhone()) onDismiss();
        return;
    }
  }

  const josieOptions = options.filter((option) => option.kind === 'josie');
  const curatorOptions = options.filter((option) => option.kind === 'curator');
  const renderOption = (option: Option) => {
    const index = options.indexOf(option);
    return (
      // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's field takes the keys (aria-activedescendant)
      <div
        key={option.id}
        id={`${listId}-${option.id}`}
        role="option"
        aria-selected={index === active}
        tabIndex={-1}
        className={cn(
          'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-3 py-2 text-sm text-zinc-800',
          index === active ? 'bg-brand-50 text-brand-900' : 'hover:bg-zinc-50',
        )}
        // Keeps the focus in the field, as the pattern asks: the click then chooses.
        onMouseDown={(event) => event.preventDefault()}
        onMouseMove={() => setActive(index)}
        onClick={() => go(option.href)}
      >
        {option.kind === 'josie' && (
          <>
            <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-brand-800">
              <Music className="size-4" aria-hidden="true" />
            </span>
            <span className="flex min-w-0 flex-col">
              <span dir="auto" className="truncate font-semibold">
                {option.label}
              </span>
              {option.detail && (
                <span dir="auto" className="truncate text-xs text-zinc-600">
                  {option.detail}
                </span>
              )}
            </span>
          </>
        )}
        {option.kind === 'curator' && (
          <>
            <Avatar src={option.avatar} name={option.label} size={32} decorative />
            <span dir="auto">{option.label}</span>
          </>
        )}
        {option.kind === 'all' && (
          <>
            <Search className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
            <span dir="auto" className="truncate font-semibold text-brand-800">
              {option.label}
            </span>
          </>
        )}
      </div>
    );
  };
  const group = (key: 'josies' | 'curators', members: Option[]) =>
    members.length > 0 && (
      // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox (WAI-ARIA 1.2), not a form
      <div role="group" aria-labelledby={`${listId}-${key}`} className="flex flex-col">
        <div
          id={`${listId}-${key}`}
          role="presentation"
          className="px-3 pt-2 pb-1 text-xs font-bold tracking-wide text-zinc-500 uppercase"
        >
          {t(`discovery.suggest.${key}`)}
        </div>
        {members.map(renderOption)}
      </div>
    );

  return (
    <div
      className={cn(
        'relative',
        'max-sm:fixed max-sm:inset-x-0 max-sm:top-0 max-sm:z-50 max-sm:flex max-sm:h-16 max-sm:items-center max-sm:gap-2 max-sm:border-b max-sm:border-zinc-200 max-sm:bg-white max-sm:px-3',
      )}
    >
      <div className="relative flex-1">
        <Search
          className="pointer-events-none absolute start-3 top-3 size-4 text-zinc-500"
          aria-hidden="true"
        />
        <input
          ref={input}
          type="search"
          role="combobox"
          aria-label={t('nav.search')}
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-describedby={statusId}
          aria-activedescendant={expanded && options[active] ? `${listId}-${options[active].id}` : undefined}
          placeholder={t('discovery.search.field')}
          autoComplete="off"
          enterKeyHint="search"
          value={query}
          className="h-10 w-full rounded-full border border-zinc-200 bg-white ps-9 pe-3 text-sm text-zinc-900 shadow-xs placeholder:text-zinc-500 focus-visible:outline-2 focus-visible:outline-brand-700 [&::-webkit-search-cancel-button]:hidden"
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={close}
          onKeyDown={onKeyDown}
        />
      </div>
      <button
        type="button"
        aria-label={t('discovery.suggest.close')}
        title={t('discovery.suggest.close')}
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-zinc-800 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-700 sm:hidden"
        onClick={onDismiss}
      >
        <X className="size-5" aria-hidden="true" />
      </button>
      {/* The live region stays out of the hidden popup: a region inside a hidden box is never read. */}
      <p id={statusId} aria-live="polite" className="sr-only">
        {expanded ? status : ''}
      </p>
      <div
        className={cn(
          'absolute top-full end-0 z-50 mt-2 w-[min(26rem,calc(100vw-2rem))] rounded-2xl border border-zinc-200 bg-white p-1.5 shadow-2xl shadow-zinc-900/15',
          'max-sm:inset-x-0 max-sm:mt-0 max-sm:w-auto max-sm:rounded-none max-sm:border-x-0 max-sm:max-h-[calc(100dvh-4rem)] max-sm:overflow-y-auto',
          !expanded && 'hidden',
        )}
      >
        <p aria-hidden="true" className="px-3 py-1.5 text-xs text-zinc-600" dir="auto">
          {status}
        </p>
        <div id={listId} role="listbox" aria-label={t('nav.search')} className="flex flex-col">
          {group('josies', josieOptions)}
          {group('curators', curatorOptions)}
          {options.filter((option) => option.kind === 'all').map(renderOption)}
        </div>
      </div>
    </div>
  );
}
