import {
  AdminGenreAddResponse,
  AdminGenresResponse,
  AdminInterestAddResponse,
  AdminInterestsResponse,
  type AdminPreferenceItem,
  type AdminPreferencesResponse,
  ERROR_CODES,
} from '@josie/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Disc3, Plus, Sparkle, X } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { request } from '../../api/request';
import { useMutation } from '../../lib/useMutation';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ErrorBox } from '../../ui/ErrorBox';
import { Field } from '../../ui/Field';
import { IconButton } from '../../ui/IconButton';
import { Input } from '../../ui/Input';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { listEntryLabel, sortByLabel } from '../preferences';
import { Card, Skeleton } from './AdminPage';
import { adminKeys, fetchPreferences } from './queries';

/** Which list: the genres or the interests (docs/product/rules-and-limits.md#preferences-and-catalogues). */
export type CatalogueKind = 'genres' | 'interests';

/** Longest name the server accepts (the contract's `AdminPreferenceNameBody`). */
const NAME_MAX = 100;

/** Calls of one list; both answer the list afterwards. */
const calls = {
  genres: {
    add: async (name: string) =>
      (await request('adminAddGenre', { body: { name } }, { schema: AdminGenreAddResponse })).genres,
    remove: async (id: string) =>
      (
        await request(
          'adminRemoveGenre',
          { params: { id } },
          {
            schema: AdminGenresResponse,
          },
        )
      ).genres,
  },
  interests: {
    add: async (name: string) =>
      (await request('adminAddInterest', { body: { name } }, { schema: AdminInterestAddResponse })).interests,
    remove: async (id: string) =>
      (
        await request(
          'adminRemoveInterest',
          { params: { id } },
          {
            schema: AdminInterestsResponse,
          },
        )
      ).interests,
  },
} satisfies Record<
  CatalogueKind,
  { add(name: string): Promise<AdminPreferenceItem[]>; remove(id: string): Promise<AdminPreferenceItem[]> }
>;

export interface CatalogueEditorProps {
  kind: CatalogueKind;
  items: readonly AdminPreferenceItem[];
  icon: ReactNode;
}

/**
 * One list of the "Music preferences" tab (docs/product/routes-and-roles.md#admin,
 * docs/product/rules-and-limits.md#admin): the entries, seed ones by their names in the admin's language and
 * all in that language's alphabetical order, with a remove action each (after a confirmation: the
 * server also removes the entry from users' preferences), and an add box where Enter adds. A name blank after
 * trimming is ignored (docs/product/rules-and-limits.md#admin); a duplicate shows the server's refusal (409
 * DUPLICATE_NAME) under the box; other failures end 'Please try again later'
 * (docs/product/messages.md#admin). A list changed elsewhere since it was loaded (a duplicate not shown here,
 * an entry already removed: 404) is loaded again (docs/decisions/0041-edits-carry-their-version.md).
 */
export function CatalogueEditor({ kind, items, icon }: CatalogueEditorProps) {
  const { t, i18n } = useTranslation();
  // Seed entries by their names in the admin's language, in that language's order (the stored names are
  // English identifiers: 'HipHop', 'VinylCollection').
  const label = (name: string) => listEntryLabel(t, kind, name);
  const shown = sortByLabel(items, (item) => label(item.name), i18n.resolvedLanguage);
  const queryClient = useQueryClient();
  const titleId = useId();
  const [name, setName] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<AdminPreferenceItem | null>(null);

  const store = (list: AdminPreferenceItem[]) =>
    queryClient.setQueryData<AdminPreferencesResponse>(adminKeys.preferences, (old) =>
      old ? { ...old, [kind]: list } : old,
    );

  const add = useMutation({
    mutationFn: (value: string) => calls[kind].add(value),
    onSuccess: (list, value) => {
      store(list);
      setName('');
      toast.success(t(`admin.preferences.${kind}.added`, { name: label(value) }));
    },
    onError: (error, value) => {
      console.warn(`Not added to ${kind}`, error);
      if (error instanceof ApiError && error.code === ERROR_CODES.DUPLICATE_NAME) {
        // The stored spelling, as the server names it ('Genre "Pop" already exists'), in the page's language.
        const existing = items.find((item) => item.name.toLowerCase() === value.toLowerCase());
        setAddError(t(`admin.preferences.${kind}.duplicate`, { name: label(existing?.name ?? value) }));
        // Added elsewhere since this list was loaded, maybe: show the list as it is now.
        if (!existing) void queryClient.invalidateQueries({ queryKey: adminKeys.preferences });
      } else {
        setAddError(t(`admin.preferences.${kind}.addError`));
      }
    },
  });

  const remove = useMutation({
    mutationFn: (item: AdminPreferenceItem) => calls[kind].remove(item._id),
    onSuccess: (list, item) => {
      store(list);
      setRemoving(null);
      toast.success(t(`admin.preferences.${kind}.removed`, { name: label(item.name) }));
    },
    onError: (error) => {
      console.warn(`Not removed from ${kind}`, error);
      setRemoving(null);
      if (error instanceof ApiError && error.code === ERROR_CODES.NOT_FOUND) {
        // Removed elsewhere since this list was loaded (an entry is never edited, so its id is its version:
        // docs/decisions/0041-edits-carry-their-version.md): show the list as it is now, and say so.
        void queryClient.invalidateQueries({ queryKey: adminKeys.preferences });
        toast.info(t(`admin.preferences.${kind}.goneElsewhere`));
        return;
      }
      toast.error(t(`admin.preferences.${kind}.removeError`));
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = name.trim();
    if (!value || add.isPending) return;
    setAddError(null);
    add.mutate(value);
  };

  return (
    <Card aria-labelledby={titleId} className="flex flex-col gap-5">
      <div className="flex items-center justify-between gap-3">
        <h3 id={titleId} className="flex items-center gap-2 text-lg font-semibold text-zinc-950">
          <span className="inline-flex size-9 items-center justify-center rounded-xl bg-brand-50 text-brand-800">
            {icon}
          </span>
          {t(`admin.preferences.${kind}.title`)}
        </h3>
        <span className="text-sm text-zinc-600">{t('admin.preferences.count', { count: items.length })}</span>
      </div>

      <form onSubmit={onSubmit} noValidate>
        <Field label={t(`admin.preferences.${kind}.add`)} error={addError ?? undefined}>
          {(p) => (
            <div className="flex gap-2">
              <Input
                {...p}
                value={name}
                maxLength={NAME_MAX}
                autoComplete="off"
                enterKeyHint="done"
                placeholder={t(`admin.preferences.${kind}.placeholder`)}
                onChange={(event) => {
                  setName(event.target.value);
                  if (addError) setAddError(null);
                }}
              />
              <Button
                type="submit"
                variant="secondary"
                className="shrink-0"
                loading={add.isPending}
                aria-label={t(`admin.preferences.${kind}.addButton`)}
              >
                {!add.isPending && <Plus className="size-4" aria-hidden="true" />}
                <span className="hidden sm:inline">{t(`admin.preferences.${kind}.addButton`)}</span>
              </Button>
            </div>
          )}
        </Field>
      </form>

      {items.length === 0 ? (
        <p className="text-sm text-zinc-600">{t(`admin.preferences.${kind}.empty`)}</p>
      ) : (
        <ul aria-labelledby={titleId} className="flex flex-wrap gap-2">
          {shown.map((item) => (
            <li
              key={item._id}
              className="inline-flex items-center gap-0.5 rounded-full bg-zinc-50 ps-3.5 text-sm font-medium text-zinc-900 ring-1 ring-zinc-200"
            >
              <span dir="auto">{label(item.name)}</span>
              <IconButton
                label={t(`admin.preferences.${kind}.remove`, { name: label(item.name) })}
                className="size-8 text-zinc-600 hover:bg-red-50 hover:text-red-700"
                onClick={() => setRemoving(item)}
              >
                <X className="size-4" aria-hidden="true" />
              </IconButton>
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setRemoving(null);
        }}
        title={t(`admin.preferences.${kind}.removeTitle`, { name: removing ? label(removing.name) : '' })}
        description={t('admin.preferences.removeHint')}
        confirmLabel={t('admin.preferences.removeButton')}
        destructive
        pending={remove.isPending}
        onConfirm={() => {
          if (removing) remove.mutate(removing);
        }}
      />
    </Card>
  );
}

/**
 * The "Music preferences" tab (docs/product/routes-and-roles.md#admin): the genre list and the interest list
 * from `GET /api/admin/preferences`, loaded on first opening. Failure: 'Failed to load music preferences.
 * Please try again later' (docs/product/messages.md#admin).
 */
export function PreferencesTab() {
  const { t } = useTranslation();
  const preferences = useQuery({ queryKey: adminKeys.preferences, queryFn: fetchPreferences });

  if (preferences.isPending) {
    return (
      <div className="grid gap-5 lg:grid-cols-2">
        <Spinner className="sr-only" />
        {[0, 1].map((i) => (
          <Card as="div" key={i} className="flex flex-col gap-4">
            <Skeleton className="h-6 w-32" />
            <Skeleton className="h-11 w-full" />
            <div className="flex flex-wrap gap-2">
              {['w-16', 'w-20', 'w-14', 'w-24', 'w-18', 'w-12'].map((width) => (
                <Skeleton key={width} className={`h-8 rounded-full ${width}`} />
              ))}
            </div>
          </Card>
        ))}
      </div>
    );
  }
  if (preferences.isError) {
    return <ErrorBox message={t('admin.preferences.loadError')} onRetry={() => void preferences.refetch()} />;
  }
  return (
    <div className="grid items-start gap-5 lg:grid-cols-2">
      <CatalogueEditor
        kind="genres"
        items={preferences.data.genres}
        icon={<Disc3 className="size-5" aria-hidden="true" />}
      />
      <CatalogueEditor
        kind="interests"
        items={preferences.data.interests}
        icon={<Sparkle className="size-5" aria-hidden="true" />}
      />
    </div>
  );
}
