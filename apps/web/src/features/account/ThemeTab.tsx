import { FEED_THEMES, type FeedTheme, type User } from '@josie/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errorText';
import { cn } from '../../lib/cn';
import { useMutation } from '../../lib/useMutation';
import { useSession } from '../../session/SessionProvider';
import { getSessionSnapshot } from '../../session/store';
import { focusRing } from '../../ui/Button';
import { ErrorBox } from '../../ui/ErrorBox';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { FEED_THEME_KEY, FEED_THEME_STYLES, storedFeedTheme } from '../feed';
import {
  preferenceOptionsQuery,
  preferencesQuery,
  savePreferences,
  storeSavedPreferences,
} from '../preferences';
import { Section } from './Section';
import { keepLive } from './usePreferencesDraft';

function rememberTheme(theme: FeedTheme): void {
  try {
    window.localStorage.setItem(FEED_THEME_KEY, theme);
  } catch {
    // Without storage the server's copy still holds the choice.
  }
}

/** A small feed in the theme: its frame and one card with a title, two lines of text and a meta line. */
function ThemePreview({ theme }: { theme: FeedTheme }) {
  const { t } = useTranslation();
  const style = FEED_THEME_STYLES[theme];
  return (
    <div className={cn('flex w-full flex-col gap-2 rounded-2xl p-3', style.feed)} aria-hidden="true">
      <div className={cn('flex flex-col gap-1.5 p-3 text-start', style.card)}>
        <span className={cn('text-sm leading-tight font-semibold', style.title)}>
          {t('preferences.theme.sampleTitle')}
        </span>
        <span className={cn('text-xs', style.body)}>{t('preferences.theme.sampleText')}</span>
        <span className={cn('h-12 w-full bg-linear-to-br from-brand-200 to-violet-200', style.media)} />
        <span className={cn('text-[0.7rem]', style.meta)}>{t('preferences.theme.sampleMeta')}</span>
      </div>
    </div>
  );
}

/**
 * The Theme tab (docs/product/rules-and-limits.md#preferences-and-catalogues,
 * docs/product/routes-and-roles.md#api): the four feed themes (Classic, Josie — the default —, Glass and
 * Vibrant), each with a small preview. Choosing one shows it at once, stores it on this device (localStorage
 * `feedTheme`) and saves it in the server's preferences (`PUT /api/users/me/preferences` with the saved
 * genres and interests, which that call replaces); a failed save puts the previous theme back and says why.
 */
export function ThemeTab({ user }: { user: User }) {
  const { t } = useTranslation();
  const { updateUser } = useSession();
  const queryClient = useQueryClient();
  const titleId = useId();
  const preferences = useQuery(preferencesQuery());
  const options = useQuery(preferenceOptionsQuery());
  const [pending, setPending] = useState<FeedTheme | null>(null);

  const save = useMutation({
    mutationFn: async (theme: FeedTheme) => {
      const saved = preferences.data?.preferences ?? user.preferences;
      return savePreferences({
        genres: keepLive(saved.genres, options.data?.genres),
        interests: keepLive(saved.interests, options.data?.interests),
        theme,
      });
    },
    onMutate: (theme) => {
      const previous = preferences.data?.preferences.theme ?? storedFeedTheme();
      setPending(theme);
      rememberTheme(theme);
      return { previous };
    },
    onSuccess: (answer) => {
      storeSavedPreferences(queryClient, answer);
      rememberTheme(answer.theme);
      const latest = getSessionSnapshot().user;
      if (latest) updateUser({ ...latest, preferences: answer });
      toast.success(t('preferences.theme.saved', { theme: t(`preferences.theme.${answer.theme}`) }));
    },
    onError: (error, _theme, context) => {
      console.warn('Saving the feed theme failed', error);
      if (context) rememberTheme(context.previous);
      toast.error(errorText(t, error, t('preferences.theme.saveFailed')));
    },
    onSettled: () => setPending(null),
  });

  if (preferences.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner size="lg" />
      </div>
    );
  }
  if (preferences.isError) {
    return (
      <ErrorBox
        message={t('preferences.errorFetchingPreferences')}
        onRetry={() => void preferences.refetch()}
      />
    );
  }

  const current = pending ?? preferences.data.preferences.theme;
  return (
    <Section
      title={<span id={titleId}>{t('preferences.theme.title')}</span>}
      description={t('preferences.theme.lead')}
    >
      <RadioGroup.Root
        value={current}
        onValueChange={(next) => {
          if (!save.isPending && next !== current) save.mutate(next as FeedTheme);
        }}
        aria-labelledby={titleId}
        className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2"
      >
        {FEED_THEMES.map((theme) => (
          <RadioGroup.Item
            key={theme}
            value={theme}
            aria-label={t(`preferences.theme.${theme}`)}
            aria-describedby={`${titleId}-${theme}`}
            className={cn(
              'group relative flex flex-col gap-3 rounded-3xl border border-zinc-200 bg-white p-3 text-start transition',
              'hover:border-brand-300 data-[state=checked]:border-brand-600 data-[state=checked]:ring-2 data-[state=checked]:ring-brand-600/30',
              focusRing,
            )}
          >
            <ThemePreview theme={theme} />
            <span className="flex items-center justify-between gap-2 px-1">
              <span className="flex flex-col">
                <span className="font-semibold text-zinc-950" aria-hidden="true">
                  {t(`preferences.theme.${theme}`)}
                </span>
                <span id={`${titleId}-${theme}`} className="text-xs text-zinc-600">
                  {t(`preferences.theme.descriptions.${theme}`)}
                </span>
              </span>
              {pending === theme ? (
                <Spinner size="sm" decorative />
              ) : (
                <RadioGroup.Indicator className="rounded-full bg-brand-600 p-1 text-white">
                  <Check className="size-3.5" aria-hidden="true" />
                </RadioGroup.Indicator>
              )}
            </span>
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
    </Section>
  );
}
