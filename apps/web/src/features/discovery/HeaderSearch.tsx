import { Search } from 'lucide-react';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { loadAllTexts } from '../../i18n';
import type { SearchComboboxProps } from './SearchCombobox';

/**
 * The header's search (docs/product/routes-and-roles.md#search-and-explore), for visitors and signed-in users
 * alike: a plain field, narrow on a phone. Focusing it or pressing `/` anywhere but in a field loads the
 * combobox (`SearchCombobox.tsx`: suggestions, keys, the phone's full-width field) with the texts of the
 * later pages, and it takes the field's place and what was typed; until then the plain field takes the keys.
 * Loaded on demand because the header is on every page and the first pages stay under their 170 KB budget
 * (docs/performance.md); a failed download is tried again on the next focus.
 */
export function HeaderSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [Combobox, setCombobox] = useState<ComponentType<SearchComboboxProps> | null>(null);
  // Mounted: the plain field can go.
  const [ready, setReady] = useState(false);
  const loading = useRef(false);
  const plain = useRef<HTMLInputElement>(null);
  // The combobox's own field, once it is mounted.
  const field = useRef<HTMLInputElement>(null);

  const open = () => {
    if (loading.current) return;
    loading.current = true;
    Promise.all([import('./SearchCombobox'), loadAllTexts()]).then(
      ([module]) => setCombobox(() => module.default),
      () => {
        loading.current = false;
      },
    );
  };

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // Not while the user types in a field, nor with a modifier (another shortcut).
      const target = event.target as HTMLElement;
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (target.isContentEditable || target.closest?.('input,textarea,select')) return;
      event.preventDefault();
      (field.current ?? plain.current)?.focus();
      open();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  });

  return (
    <div className="w-28 sm:w-56 lg:w-72">
      {!ready && (
        // A plain GET form: Enter searches before the scripts have run (the server serves `/search?q=`);
        // once they have, the router opens the page without a reload.
        <form
          action="/search"
          method="get"
          className="relative"
          onSubmit={(event) => {
            event.preventDefault();
            const q = plain.current?.value.trim() ?? '';
            navigate(q ? `/search?${new URLSearchParams({ q })}` : '/search');
          }}
        >
          <Search
            className="pointer-events-none absolute start-3 top-3 size-4 text-zinc-500"
            aria-hidden="true"
          />
          <input
            ref={plain}
            type="search"
            name="q"
            aria-label={t('nav.search')}
            placeholder={t('nav.search')}
            className="h-10 w-full rounded-full border border-zinc-200 bg-white ps-9 pe-3 text-sm text-zinc-900 shadow-xs placeholder:text-zinc-500 focus-visible:outline-2 focus-visible:outline-brand-700"
            onFocus={open}
          />
        </form>
      )}
      {Combobox && (
        <Combobox
          field={field}
          typed={() => plain.current?.value ?? ''}
          onReady={() => setReady(true)}
          onDismiss={() => {
            plain.current?.blur();
            setReady(false);
            setCombobox(null);
            field.current = null;
            loading.current = false;
          }}
        />
      )}
    </div>
  );
}
