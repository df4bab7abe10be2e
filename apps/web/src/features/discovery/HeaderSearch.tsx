import { Search } from 'lucide-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadAllTexts } from '../../i18n';
import { lazyPage } from '../../lib/lazyPage';

// The combobox (suggestions, keys, the phone's full-width field) loads on the first focus, tap or `/`:
// the header is on every page, and the first pages stay under their 170 KB budget (docs/performance.md).
const SearchCombobox = lazyPage(() => import('./SearchCombobox'), { with: loadAllTexts });

const preload = () => void SearchCombobox.preload();

/** Whether a key press lands in a field the user types in (the `/` shortcut leaves those alone). */
function inField(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return Boolean(element && (element.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(element.tagName)));
}

const field =
  'h-10 w-full rounded-full border border-zinc-200 bg-white ps-9 pe-3 text-sm text-zinc-900 shadow-xs placeholder:text-zinc-500 focus-visible:outline-2 focus-visible:outline-brand-700';

/**
 * The header's search (docs/decisions/0021-search-in-postgresql.md), for visitors and signed-in users
 * alike: a plain field from 640 px up, a search button on a phone. Focusing the field, tapping the button
 * or pressing `/` anywhere but in a field loads and opens the combobox (`SearchCombobox.tsx`), which keeps
 * what was typed; until it is here the plain field stands in its place.
 */
export function HeaderSearch() {
  const { t } = useTranslation();
  // Asked for (`active`), then mounted (`ready`): the plain field stays, and takes keys, until then.
  const [active, setActive] = useState(false);
  const [ready, setReady] = useState(false);
  const plain = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || inField(event.target))
        return;
      event.preventDefault();
      setActive(true);
      plain.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const open = () => setActive(true);
  return (
    <div className="sm:w-56 lg:w-72">
      {!ready && (
        <>
          <div className="relative max-sm:hidden">
            <Search
              className="pointer-events-none absolute start-3 top-3 size-4 text-zinc-500"
              aria-hidden="true"
            />
            <input
              ref={plain}
              type="search"
              aria-label={t('nav.search')}
              placeholder={t('nav.searchPlaceholder')}
              className={field}
              onFocus={open}
              onPointerEnter={preload}
            />
          </div>
          <button
            type="button"
            aria-label={t('nav.search')}
            title={t('nav.search')}
            className="inline-flex size-11 items-center justify-center rounded-full text-zinc-800 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-700 sm:hidden"
            onPointerDown={preload}
            onClick={open}
          >
            <Search className="size-5" aria-hidden="true" />
          </button>
        </>
      )}
      {active && (
        <Suspense fallback={null}>
          <SearchCombobox
            typed={() => plain.current?.value ?? ''}
            onReady={() => setReady(true)}
            onDismiss={() => {
              setActive(false);
              setReady(false);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
