import type { LiveListEntry, User } from '@josie/contract';
import { useQuery } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errorText';
import { cn } from '../../lib/cn';
import { Button, focusRing } from '../../ui/Button';
import { ErrorBox } from '../../ui/ErrorBox';
import { FormError } from '../../ui/FormError';
import { Spinner } from '../../ui/Spinner';
import { listEntryLabel, preferenceOptionsQuery, sortByLabel } from '../preferences';
import { ColourChooser, FontChooser, NameSample } from './NameStyle';
import { Section } from './Section';
import { type PreferencesDraftState, preferencesBody } from './usePreferencesDraft';

type ListName = 'genres' | 'interests';

/**
 * A group of toggle chips, one per entry of a live list (docs/product/data-and-config.md#data): seed entries
 * by their translated names (entries an admin added as written), in the interface language's order.
 */
function ChipGroup({
  list,
  entries,
  selected,
  onToggle,
}: {
  list: ListName;
  entries: readonly LiveListEntry[];
  selected: readonly string[];
  onToggle(name: string): void;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const label = (name: string) => listEntryLabel(t, list, name);
  const chosen = new Set(selected.map((name) => name.toLowerCase()));
  // Seed entries by their translated names, in the reader's alphabetical order.
  const sorted = sortByLabel(entries, (entry) => label(entry.name), i18n.resolvedLanguage);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not form inputs of a fieldset.
    <div role="group" aria-labelledby={titleId} className="flex flex-col gap-3">
      <h3 id={titleId} className="font-semibold text-zinc-950">
        {t(`preferences.${list}`)}
      </h3>
      {entries.length === 0 ? (
        <p className="text-sm text-zinc-600">{t('preferences.noOptions')}</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {sorted.map((entry) => {
            const pressed = chosen.has(entry.name.toLowerCase());
            return (
              <li key={entry._id}>
                <button
                  type="button"
                  aria-pressed={pressed}
                  onClick={() => onToggle(entry.name)}
                  className={cn(
                    'inline-flex h-9 items-center gap-1.5 rounded-full border px-4 text-sm font-medium transition-colors',
                    pressed
                      ? 'border-brand-600 bg-brand-600 text-white hover:bg-brand-700'
                      : 'border-zinc-300 bg-white text-zinc-800 hover:border-brand-300 hover:bg-brand-50',
                    focusRing,
                  )}
                >
                  {pressed && <Check className="size-4" aria-hidden="true" />}
                  {label(entry.name)}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

const toggle = (list: readonly string[], name: string) =>
  list.some((entry) => entry.toLowerCase() === name.toLowerCase())
    ? list.filter((entry) => entry.toLowerCase() !== name.toLowerCase())
    : [...list, name];

/**
 * The Preferences tab (docs/product/routes-and-roles.md#account, docs/product/routes-and-roles.md#api,
 * docs/product/messages.md#sign-in-and-account; docs/product/data-and-config.md#data,
 * docs/product/rules-and-limits.md#account-images, docs/product/routes-and-roles.md#roles,
 * docs/product/routes-and-roles.md#api, docs/product/messages.md#sign-in-and-account): a spinner while
 * loading, errors.unauthorized without a user, errorFetchingPreferences when the load fails; genres and
 * interests as toggle chips from the live lists; for who may choose a style (`abilities.chooseStyle`:
 * curators) the font and colour choosers with a sample of their name. The Save button shows only while the
 * draft differs from the last saved copy; a failed save shows the server's message, else the error's, else
 * errorSavingPreferences. The draft lives in `prefs` (held by the page), so unsaved choices survive a visit to
 * another tab.
 */
export function PreferencesTab({ user, prefs }: { user: User | null; prefs: PreferencesDraftState }) {
  const { t } = useTranslation();
  const options = useQuery({ ...preferenceOptionsQuery(), enabled: user !== null });

  if (!user) {
    return <ErrorBox title={t('errors.unauthorized.title')} message={t('errors.unauthorized.description')} />;
  }
  if (prefs.query.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner size="lg" label={t('preferences.loading')} />
      </div>
    );
  }
  if (prefs.query.isError || !prefs.draft) {
    return (
      <ErrorBox
        message={t('preferences.errorFetchingPreferences')}
        onRetry={() => void prefs.query.refetch()}
      />
    );
  }

  const draft = prefs.draft;
  const chooseStyle = user.abilities.chooseStyle;
  const edit: typeof prefs.edit = (change) => {
    prefs.resetSaveError();
    prefs.edit(change);
  };

  return (
    <div className="flex flex-col gap-5">
      <Section title={t('preferences.title')} description={t('preferences.lead')}>
        {options.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner />
          </div>
        ) : options.isError ? (
          <ErrorBox message={t('preferences.optionsLoadFailed')} onRetry={() => void options.refetch()} />
        ) : (
          <div className="flex flex-col gap-6">
            <ChipGroup
              list="genres"
              entries={options.data.genres}
              selected={draft.genres}
              onToggle={(name) => edit((d) => ({ ...d, genres: toggle(d.genres, name) }))}
            />
            <ChipGroup
              list="interests"
              entries={options.data.interests}
              selected={draft.interests}
              onToggle={(name) => edit((d) => ({ ...d, interests: toggle(d.interests, name) }))}
            />
          </div>
        )}
      </Section>

      {chooseStyle && (
        <Section title={t('preferences.style.title')} description={t('preferences.style.lead')}>
          <NameSample name={user.name} font={draft.myFont} colour={draft.myColor} />
          <FontChooser
            value={draft.myFont}
            sample={user.name}
            onChange={(myFont) => edit((d) => ({ ...d, myFont }))}
          />
          <ColourChooser value={draft.myColor} onChange={(myColor) => edit((d) => ({ ...d, myColor }))} />
        </Section>
      )}

      {prefs.saveError && (
        <FormError message={errorText(t, prefs.saveError, t('preferences.errorSavingPreferences'))} />
      )}
      {prefs.dirty && (
        <div className="sticky bottom-4 z-10 flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-zinc-950 px-4 py-3 text-white shadow-xl">
          <p className="text-sm font-medium">{t('preferences.unsaved')}</p>
          <div className="flex gap-2">
            <Button
              variant="ghost"
              size="sm"
              className="text-white hover:bg-white/15"
              disabled={prefs.saving}
              onClick={() => {
                prefs.resetSaveError();
                prefs.discard();
              }}
            >
              {t('preferences.discard')}
            </Button>
            <Button
              size="sm"
              loading={prefs.saving}
              onClick={() => prefs.save(preferencesBody(draft, chooseStyle, options.data))}
            >
              {t('preferences.save')}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
