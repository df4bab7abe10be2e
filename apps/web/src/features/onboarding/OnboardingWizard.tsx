import {
  type CuratorRecommendation,
  LIMITS,
  type LiveListEntry,
  type OnboardingStatus,
  type Preferences,
} from '@josie/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../session/SessionProvider';
import { readStoredSession } from '../../session/storage';
import { Button } from '../../ui/Button';
import { FormError } from '../../ui/FormError';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { curatorKeys, fetchRecommendations, setFollowing } from '../curator';
import { usePendingInviteProcessor } from '../invites';
import { ListenProviderChoice } from '../listening';
import { savePreferences, storeSavedPreferences } from '../preferences';
import { saveOnboarding } from './api';
import { ChoiceStep } from './ChoiceStep';
import { CuratorStep } from './CuratorStep';
import { Progress } from './Progress';
import { inLiveList, resumeStep, type Step, toggled } from './steps';

/** What the wizard opens with: the live lists, the stored choices and the step reached. */
export interface WizardProps {
  options: { genres: LiveListEntry[]; interests: LiveListEntry[] };
  initial: Pick<Preferences, 'genres' | 'interests'>;
  /** The step reached before (the server's onboarding `step`). */
  reached: number;
}

/**
 * The three steps (docs/product/rules-and-limits.md#onboarding,
 * docs/product/messages.md#sign-in-and-account): genres (at least one, onboarding.genres.error), interests
 * (at least one, onboarding.interests.error; moving on saves both, failure onboarding.saveError), then up to
 * 5 curators recommended by genre, each followed or skipped and taken off the list. When the list is empty
 * after at least one action, or when the step is skipped, the completion call stores `{completed: true, step:
 * 3}` with the followed and skipped ids; the stored user then gets the new onboarding state and following
 * list (the home route sends unfinished users back here), a pending invite is processed, and the user goes to
 * `/`. Back works on every step but the first.
 *
 * Moving on stores the choices made so far (both lists), then the step reached (`{completed: false,
 * step}`), so a reload, or a return from another device, opens on that step (`reached`) with them.
 */
export function OnboardingWizard({ options, initial, reached }: WizardProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { updateUser } = useSession();
  const navigate = useNavigate();
  const processInvite = usePendingInviteProcessor();
  const [genres, setGenres] = useState(() => inLiveList(initial.genres, options.genres));
  const [interests, setInterests] = useState(() => inLiveList(initial.interests, options.interests));
  const [step, setStep] = useState<Step>(() => resumeStep(reached, genres, interests));
  // The furthest step stored: going back and on again stores the choices, not the step once more.
  const storedStep = useRef(reached);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [followed, setFollowed] = useState<string[]>([]);
  const [skipped, setSkipped] = useState<string[]>([]);
  const [followingId, setFollowingId] = useState<string | null>(null);
  const [completing, setCompleting] = useState(false);
  const stepHeading = useRef<HTMLDivElement>(null);
  const firstRender = useRef(true);

  // Move focus to the new step so screen readers announce it; not on the first render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on step change only
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    stepHeading.current?.focus();
  }, [step]);

  const recommendations = useQuery({
    queryKey: curatorKeys.recommendations(
      'genre',
      LIMITS.onboardingRecommendations,
      [...genres].sort().join('|'),
    ),
    queryFn: ({ signal }) =>
      fetchRecommendations({ limit: LIMITS.onboardingRecommendations, strategy: 'genre' }, signal),
    enabled: step === 3,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  const handled = new Set([...followed, ...skipped]);
  const remaining: CuratorRecommendation[] | null = recommendations.data
    ? recommendations.data.filter((c) => !handled.has(c.id)).slice(0, LIMITS.onboardingRecommendations)
    : null;
  const acted = followed.length + skipped.length > 0;

  const complete = useCallback(async () => {
    setCompleting(true);
    setError(null);
    try {
      const onboarding: OnboardingStatus = await saveOnboarding({
        completed: true,
        step: 3,
        followed,
        skipped,
      });
      // Read the stored user now: the follows of this step have changed it since this render.
      const stored = readStoredSession();
      if (stored.status === 'valid') {
        const current = stored.session.user;
        updateUser({ ...current, onboarding, following: [...new Set([...current.following, ...followed])] });
      }
      void processInvite();
      navigate('/', { replace: true });
    } catch (cause) {
      console.warn('Completing onboarding failed', cause);
      setError(t('onboarding.saveError'));
      setCompleting(false);
    }
  }, [followed, skipped, updateUser, processInvite, navigate, t]);

  const listEmptied = step === 3 && acted && remaining !== null && remaining.length === 0;
  const completeRef = useRef(complete);
  completeRef.current = complete;
  useEffect(() => {
    if (listEmptied && !completing && !error) void completeRef.current();
  }, [listEmptied, completing, error]);

  async function next() {
    setError(null);
    if (step === 1 && genres.length === 0) return setError(t('onboarding.genres.error'));
    if (step === 2 && interests.length === 0) return setError(t('onboarding.interests.error'));
    const to: Step = step === 1 ? 2 : 3;
    setSaving(true);
    try {
      // The choices first: a step is only stored once what it builds on is.
      storeSavedPreferences(queryClient, await savePreferences({ genres, interests }));
      if (to > storedStep.current) {
        await saveOnboarding({ completed: false, step: to });
        storedStep.current = to;
      }
      setStep(to);
    } catch (cause) {
      console.warn('Saving preferences failed', cause);
      setError(t('onboarding.saveError'));
    } finally {
      setSaving(false);
    }
  }

  function back() {
    setError(null);
    if (step > 1) setStep((step - 1) as Step);
  }

  async function follow(curator: CuratorRecommendation) {
    setFollowingId(curator.id);
    try {
      const answer = await setFollowing(curator.id, true);
      const stored = readStoredSession();
      if (stored.status === 'valid') updateUser({ ...stored.session.user, following: answer.following });
      setFollowed((ids) => [...ids, curator.id]);
    } catch (cause) {
      console.warn('Follow failed', cause);
      toast.error(t('recommendations.followError'));
    } finally {
      setFollowingId(null);
    }
  }

  const busy = saving || completing;
  return (
    <div className="flex flex-col gap-8">
      <Progress step={step} />
      <div ref={stepHeading} tabIndex={-1} className="outline-none">
        {step === 1 && (
          <div className="flex flex-col gap-8">
            <ChoiceStep
              list="genres"
              title={t('onboarding.genres.title')}
              lead={t('onboarding.genres.lead')}
              options={options.genres}
              selected={genres}
              onToggle={(name) => {
                setGenres((list) => toggled(list, name));
                setError(null);
              }}
              error={error}
            />
            {/* One optional question: where the listener listens (docs/decisions/0022-listen-on-your-own-service.md). */}
            <div className="flex flex-col gap-3">
              <div className="flex flex-col gap-1">
                <h3 className="text-lg font-semibold text-zinc-950">{t('onboarding.provider.question')}</h3>
                <p className="text-sm text-zinc-600">{t('onboarding.provider.hint')}</p>
              </div>
              <ListenProviderChoice label={t('onboarding.provider.question')} />
            </div>
          </div>
        )}
        {step === 2 && (
          <ChoiceStep
            list="interests"
            title={t('onboarding.interests.title')}
            lead={t('onboarding.interests.lead')}
            options={options.interests}
            selected={interests}
            onToggle={(name) => {
              setInterests((list) => toggled(list, name));
              setError(null);
            }}
            error={error}
          />
        )}
        {step === 3 && (
          <div className="flex flex-col gap-4">
            <CuratorStep
              remaining={remaining}
              acted={acted}
              loadFailed={recommendations.isError}
              onRetry={() => recommendations.refetch({ cancelRefetch: false })}
              followingId={followingId}
              onFollow={(curator) => void follow(curator)}
              onSkip={(curator) => setSkipped((ids) => [...ids, curator.id])}
            />
            <FormError message={error} />
          </div>
        )}
      </div>

      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-zinc-200 pt-6">
        {step > 1 ? (
          <Button variant="outline" onClick={back} disabled={busy || followingId !== null}>
            <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
            {t('onboarding.back')}
          </Button>
        ) : (
          <span />
        )}
        {step < 3 ? (
          <Button onClick={() => void next()} loading={saving}>
            {t('onboarding.next')}
            <ArrowRight className="size-4 rtl:rotate-180" aria-hidden="true" />
          </Button>
        ) : completing ? (
          <span className="inline-flex items-center gap-2 text-sm font-medium text-zinc-700">
            <Spinner size="sm" decorative />
            {t('onboarding.finishing')}
          </span>
        ) : remaining !== null && remaining.length === 0 && !acted ? (
          <Button onClick={() => void complete()}>{t('onboarding.finish')}</Button>
        ) : (
          <Button variant="ghost" onClick={() => void complete()} disabled={followingId !== null}>
            {acted || error ? t('onboarding.finish') : t('onboarding.skip')}
          </Button>
        )}
      </div>
    </div>
  );
}
