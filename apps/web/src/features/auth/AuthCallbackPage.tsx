import { AuthExchangeResponse, ReturnToPath } from '@josie/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { request } from '../../api/request';
import { useSession } from '../../session/SessionProvider';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { usePendingInviteProcessor } from '../invites';

/** How long the failure toast shows before the move to `/auth/error` (docs/product/messages.md#sign-in-and-account: 2 s). */
export const AUTH_FAILURE_DELAY_MS = 2000;

/**
 * `/auth/callback` (docs/product/routes-and-roles.md#guards,
 * docs/product/rules-and-limits.md#sign-in-providers; docs/product/differences.md#sign-in-callback): where
 * the server sends the browser after a Spotify or Google sign-in. `?data={code}` is a one-time code (60 s,
 * single use) exchanged with `POST /api/auth/exchange` (same origin, so the exchange cookie goes along) for
 * the session; the session is stored, a pending invite is registered, and the user goes to the `returnTo` the
 * sign-in started with, else `/`. `?error={reason}`, a missing code or a failed exchange show 'Authentication
 * failed. Please try again.' and move to `/auth/error` after 2 s.
 */
export default function AuthCallbackPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const processPendingInvite = usePendingInviteProcessor();
  // The code is single use: React's development double effects must not spend it twice.
  const started = useRef(false);
  const code = params.get('data');
  const failure = params.get('error');

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fail = (reason: unknown) => {
      console.warn('Provider sign-in failed', reason);
      toast.error(t('integrations.callback.failed'));
      window.setTimeout(() => navigate('/auth/error', { replace: true }), AUTH_FAILURE_DELAY_MS);
    };
    if (failure || !code) {
      fail(failure ?? 'no code');
      return;
    }
    request('authExchange', { body: { code } }, { schema: AuthExchangeResponse, token: null })
      .then(async (answer) => {
        signIn({ token: answer.token, user: answer.user });
        await processPendingInvite();
        const target = ReturnToPath.safeParse(answer.returnTo);
        navigate(target.success ? target.data : '/', { replace: true });
      })
      .catch(fail);
  }, [code, failure, navigate, processPendingInvite, signIn, t]);

  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-4 px-4 text-center">
      <Spinner size="lg" decorative />
      <p role="status" className="text-lg font-medium text-zinc-800">
        {t('integrations.callback.signingIn')}
      </p>
    </div>
  );
}
