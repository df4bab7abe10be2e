import { AuthProvidersResponse, InviteLandingResponse, LIMITS } from '@josie/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { AudioLines, Frown, Mail } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/errorText';
import { request, urlFor } from '../../api/request';
import { useSession } from '../../session/SessionProvider';
import { Avatar } from '../../ui/Avatar';
import { Badge } from '../../ui/Badge';
import { Button, buttonClasses, focusRing } from '../../ui/Button';
import { PageSpinner } from '../../ui/Spinner';
import { authProvidersQueryKey } from '../auth';
import { acceptInvite, storePendingInvite } from './pendingInvite';

/** The query of one invite's public landing data. */
export const inviteLandingQueryKey = (code: string) => ['invite-landing', code] as const;

/** The landing answer's failure as text: unknown, disabled, expired or mangled links all read the same. */
function loadErrorText(t: TFunction, error: unknown, invalid: string): string {
  if (error instanceof ApiError && [400, 404, 410].includes(error.status)) return invalid;
  return errorText(t, error, invalid);
}

/** The soft gradient frame the landing card and the error panel sit in. */
function Backdrop({ children }: { children: ReactNode }) {
  return (
    <div className="relative flex flex-1 items-start justify-center overflow-hidden px-4 py-10 sm:items-center sm:py-16">
      <div
        className="pointer-events-none absolute inset-0 bg-linear-to-br from-brand-100 via-white to-violet-100"
        aria-hidden="true"
      />
      <div
        className="pointer-events-none absolute -top-24 -end-24 size-96 rounded-full bg-brand-300/40 blur-3xl"
        aria-hidden="true"
      />
      <div
        className="pointer-events-none absolute -bottom-32 -start-24 size-96 rounded-full bg-violet-300/30 blur-3xl"
        aria-hidden="true"
      />
      <div className="relative w-full max-w-md rounded-3xl bg-white/95 p-6 text-center shadow-xl shadow-brand-900/10 ring-1 ring-zinc-200 backdrop-blur sm:p-8">
        {children}
      </div>
    </div>
  );
}

/**
 * `/join/{code}`, the public invite landing page (docs/product/routes-and-roles.md#invites,
 * docs/product/rules-and-limits.md#invites, docs/product/messages.md#invites;
 * docs/product/differences.md#invite-expiry). Shows the curator (avatar, name, 'Curator' label) and the
 * invite message from `GET /api/invites/code/{code}` (each load counts a page visit, so it is read once and
 * never refetched on focus). Signed in, 'Accept Invite' registers on the invite and follows the curator, then
 * goes to `/`; a second use toasts 'You have already joined using this invite link' and goes to `/` after
 * {@link LIMITS.errorRedirectMs} ms. Signed out, 'Join with Spotify' (when configured), 'Sign up with email'
 * and 'Log in' first store the pending invite, which is accepted right after sign-in. A failed load shows the
 * 'Oops' panel with the server's message, else 'This invite link is invalid or has expired', and a Go Home
 * button. Its own curator is not invited: the page says 'Your invite', that this is what the people they
 * invite see, and links to managing invites.
 */
export default function JoinPage() {
  const { code = '' } = useParams();
  const { t } = useTranslation();
  const { user, updateUser } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const noteId = useId();
  const [phase, setPhase] = useState<'idle' | 'accepting' | 'leaving'>('idle');

  const landing = useQuery({
    queryKey: inviteLandingQueryKey(code),
    queryFn: ({ signal }) =>
      request('inviteByCode', { params: { code } }, { schema: InviteLandingResponse, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  const providers = useQuery({
    queryKey: authProvidersQueryKey,
    queryFn: ({ signal }) => request('authProviders', {}, { schema: AuthProvidersResponse, signal }),
    staleTime: 5 * 60_000,
    enabled: !user,
  });

  useEffect(() => {
    if (phase !== 'leaving') return;
    const timer = window.setTimeout(() => navigate('/', { replace: true }), LIMITS.errorRedirectMs);
    return () => window.clearTimeout(timer);
  }, [phase, navigate]);

  if (landing.isPending) return <PageSpinner />;

  if (landing.isError) {
    return (
      <Backdrop>
        <div className="flex flex-col items-center gap-4">
          <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
            <Frown className="size-7" aria-hidden="true" />
          </span>
          <h1 className="text-2xl font-bold tracking-tight text-zinc-950">{t('invites.join.oops')}</h1>
          <p role="alert" className="text-zinc-700" dir="auto">
            {loadErrorText(t, landing.error, t('invites.invalid'))}
          </p>
          <Link to="/" className={buttonClasses('primary', 'lg', 'mt-2')}>
            {t('invites.join.goHome')}
          </Link>
        </div>
      </Backdrop>
    );
  }

  const invite = landing.data.invite;
  const curator = invite.creator;
  const isOwnInvite = user?.id === curator._id;
  const spotifyReady = providers.data?.spotify === true;
  const spotifySettled = providers.isSuccess || providers.isError;
  // Without Spotify, email sign-up becomes the main way in (docs/product/differences.md#invite-expiry).
  const emailIsMain = spotifySettled && !spotifyReady;
  const rememberInvite = () => storePendingInvite({ code: invite.code, curatorId: curator._id });

  const onAccept = async () => {
    setPhase('accepting');
    const outcome = await acceptInvite({ updateUser, queryClient }, invite.code);
    if (outcome.status === 'joined') navigate('/', { replace: true });
    else setPhase(outcome.status === 'alreadyUsed' ? 'leaving' : 'idle');
  };

  const link = `rounded font-semibold text-brand-700 underline-offset-4 hover:underline ${focusRing}`;
  let actions: ReactNode;
  if (isOwnInvite) {
    actions = (
      <div className="flex flex-col items-center gap-3">
        <p className="text-sm text-zinc-600">{t('invites.join.ownInvite')}</p>
        <Link to="/invites" className={buttonClasses('outline', 'lg', 'w-full')}>
          {t('invites.join.manageInvites')}
        </Link>
      </div>
    );
  } else if (user) {
    actions = (
      <Button
        size="lg"
        className="w-full"
        loading={phase === 'accepting'}
        disabled={phase === 'leaving'}
        onClick={() => void onAccept()}
      >
        {phase === 'accepting' ? t('invites.join.accepting') : t('invites.join.accept')}
      </Button>
    );
  } else {
    actions = (
      <div className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <Button
            variant={emailIsMain ? 'outline' : 'primary'}
            size="lg"
            className="w-full"
            disabled={!spotifyReady}
            aria-describedby={emailIsMain ? noteId : undefined}
            onClick={() => {
              rememberInvite();
              window.location.assign(urlFor('oauthStart', { params: { provider: 'spotify' } }));
            }}
          >
            <AudioLines className="size-5" aria-hidden="true" />
            {t('invites.join.joinWithSpotify')}
          </Button>
          {emailIsMain && (
            <p id={noteId} className="text-xs text-zinc-600">
              {t('auth.spotifyNotConfigured')}
            </p>
          )}
        </div>
        <Link
          to="/signup"
          onClick={rememberInvite}
          className={buttonClasses(emailIsMain ? 'primary' : 'outline', 'lg', 'w-full')}
        >
          <Mail className="size-5" aria-hidden="true" />
          {t('invites.join.signUpWithEmail')}
        </Link>
        <p className="mt-1 text-sm text-zinc-700">
          {t('invites.join.haveAccount')}{' '}
          <Link to="/login" onClick={rememberInvite} className={link}>
            {t('invites.join.login')}
          </Link>
        </p>
      </div>
    );
  }

  return (
    <Backdrop>
      <article aria-labelledby="join-curator" className="flex flex-col items-center gap-5">
        <p className="rounded-full bg-brand-50 px-4 py-1.5 text-sm font-semibold text-brand-800 ring-1 ring-brand-200">
          {t(isOwnInvite ? 'invites.join.ownEyebrow' : 'invites.join.eyebrow')}
        </p>
        <div className="flex flex-col items-center gap-3">
          <Avatar
            src={curator.avatar}
            name={curator.name}
            size={104}
            decorative
            className="shadow-lg shadow-brand-900/15 ring-4"
          />
          <div className="flex flex-col items-center gap-1.5">
            <h1
              id="join-curator"
              className="text-2xl font-bold tracking-tight text-zinc-950 sm:text-3xl"
              dir="auto"
            >
              {curator.name}
            </h1>
            <Badge tone="brand">{t('invites.join.curator')}</Badge>
          </div>
        </div>
        <p className="text-sm text-zinc-600">
          {isOwnInvite ? (
            t('invites.join.ownPreview')
          ) : (
            <Trans
              i18nKey="invites.join.invitedYou"
              values={{ name: curator.name }}
              components={{ name: <bdi /> }}
            />
          )}
        </p>
        <blockquote
          dir="auto"
          className="w-full rounded-2xl bg-linear-to-br from-brand-50 to-violet-50 px-5 py-4 text-start text-base leading-relaxed whitespace-pre-line text-zinc-800 ring-1 ring-brand-100"
        >
          {invite.inviteText}
        </blockquote>
        <div className="w-full">{actions}</div>
      </article>
    </Backdrop>
  );
}
