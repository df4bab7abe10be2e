import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useSession } from '../../session/SessionProvider';
import { LoadError } from '../../ui/QueryState';
import { Loading } from '../../ui/Spinner';
import { preferenceOptionsQuery, preferencesQuery } from '../preferences';
import { fetchOnboarding, onboardingKeys } from './api';
import { OnboardingWizard } from './OnboardingWizard';

/**
 * `/onboarding` (docs/product/routes-and-roles.md#onboarding, docs/product/rules-and-limits.md#onboarding): a
 * signed-in user who already completed it goes to `/`; otherwise the three-step wizard on the step reached
 * before (`GET /api/users/me/onboarding`), with the live genre and interest lists and the user's current
 * choices preselected.
 */
export default function OnboardingPage() {
  const { t } = useTranslation();
  const { user, updateUser } = useSession();
  const status = useQuery({
    queryKey: onboardingKeys.status,
    queryFn: ({ signal }) => fetchOnboarding(signal),
  });
  const options = useQuery({ ...preferenceOptionsQuery(), staleTime: 5 * 60 * 1000 });
  const preferences = useQuery({
    ...preferencesQuery(),
    select: (answer) => answer.preferences,
    staleTime: Number.POSITIVE_INFINITY,
  });

  // The server knows best: completed elsewhere (another tab, device) means done here too.
  const serverDone = status.data?.completed === true;
  useEffect(() => {
    if (!serverDone || !user || user.onboarding.completed || !status.data) return;
    updateUser({ ...user, onboarding: status.data });
  }, [serverDone, user, status.data, updateUser]);

  if (user?.onboarding.completed || serverDone) return <Navigate to="/" replace />;

  let body: ReactNode;
  if (options.isPending || preferences.isPending || status.isPending) body = <Loading size="page" />;
  else if (options.isError) {
    body = (
      <LoadError
        error={options.error}
        text={t('onboarding.loadError')}
        ownText
        retry={() => options.refetch({ cancelRefetch: false })}
      />
    );
  } else {
    // Without the current preferences the wizard starts empty; saving still works.
    const initial = preferences.data ?? { genres: [], interests: [] };
    // Without the status the wizard opens on the step the stored user last had.
    const reached = status.data?.step ?? user?.onboarding.step ?? 1;
    body = <OnboardingWizard options={options.data} initial={initial} reached={reached} />;
  }

  return (
    <div className="relative flex flex-1 justify-center overflow-hidden px-4 py-8 sm:py-14">
      <div
        className="pointer-events-none absolute -top-40 start-1/2 size-[40rem] -translate-x-1/2 rounded-full bg-brand-200/40 blur-3xl rtl:translate-x-1/2"
        aria-hidden="true"
      />
      <div className="relative flex w-full max-w-2xl flex-col gap-8 rounded-[2rem] bg-white/90 p-6 shadow-xl shadow-zinc-900/5 ring-1 ring-zinc-200 backdrop-blur sm:p-10">
        <header className="flex flex-col gap-2">
          <h1 className="text-3xl font-extrabold tracking-tight text-zinc-950 sm:text-4xl" dir="auto">
            {user ? t('onboarding.title', { name: user.name }) : t('titles.onboarding')}
          </h1>
          <p className="text-zinc-600">{t('onboarding.lead')}</p>
        </header>
        {body}
      </div>
    </div>
  );
}
