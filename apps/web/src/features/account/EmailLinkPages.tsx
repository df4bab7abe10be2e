import { ERROR_CODES, type RouteName } from '@josie/contract';
import type { TFunction } from 'i18next';
import { CheckCircle2, MailWarning, Trash2 } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/errorText';
import { request } from '../../api/request';
import { useMutation } from '../../lib/useMutation';
import { ResendVerificationButton } from '../../session/EmailVerification';
import { useSession } from '../../session/SessionProvider';
import { Button, buttonClasses } from '../../ui/Button';
import { FormError } from '../../ui/FormError';
import { Spinner } from '../../ui/Spinner';
import { deleteAccount } from './api';
import { leaveAfterDeletion } from './DataTab';

/** The card the three link pages sit in. */
function LinkCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center sm:py-16">
      <section
        aria-labelledby="link-title"
        className="flex w-full max-w-md flex-col gap-5 rounded-3xl bg-white p-6 shadow-xl shadow-zinc-900/5 ring-1 ring-zinc-200 sm:p-8"
      >
        <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
          {icon}
        </span>
        <h1 id="link-title" className="text-2xl font-bold tracking-tight text-zinc-950">
          {title}
        </h1>
        <div aria-live="polite" className="flex flex-col gap-4">
          {children}
        </div>
      </section>
    </div>
  );
}

/**
 * Posts the link's `token` to `endpoint` once when the page opens (a GET of the mailed link changes nothing:
 * docs/decisions/0010-analytics-media-unsubscribe-hardening.md), then runs `onDone`.
 */
function usePostTokenOnce(
  endpoint: Extract<RouteName, 'verifyEmail' | 'confirmEmailChange'>,
  onDone: () => Promise<void>,
) {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const post = useMutation({
    mutationFn: async () => {
      const answer = await request(endpoint, { body: { token } });
      await onDone().catch((error) => console.warn('Refreshing the user failed', error));
      return answer;
    },
  });
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    post.mutate();
  }, [token, post]);
  return { token, post };
}

/** Fetches the signed-in user again (`GET /api/users/me`), so that what changed shows at once. */
function useRefreshUser() {
  const { user, updateUser } = useSession();
  return async () => {
    if (!user) return;
    updateUser(await request('me', {}));
  };
}

/**
 * `/verify-email?token=&lng=` (docs/decisions/0025-account-and-data.md): posts the token to `POST
 * /api/users/verify-email`, then says the email is verified and refreshes the stored user (the banner goes).
 * What comes next speaks to the account: one who may publish is asked to write their first josie, a
 * listener to find curators to follow, a visitor (the link opened in another browser) to log in. A link
 * followed again (409 `ALREADY_VERIFIED`) says the address is already verified; a wrong or expired one (400
 * `INVALID_EMAIL_LINK`) says so and, signed in, offers a new one. The page opens in the mail's language
 * (`lng`, `LanguageSync`).
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { token, post } = usePostTokenOnce('verifyEmail', useRefreshUser());
  const failed = !token || post.isError;
  const already = post.error instanceof ApiError && post.error.code === ERROR_CODES.ALREADY_VERIFIED;
  if (!failed && !post.isSuccess)
    return (
      <LinkCard
        icon={<MailWarning className="size-6" aria-hidden="true" />}
        title={t('account.links.verifyTitle')}
      >
        <Spinner label={t('account.links.checking')} />
      </LinkCard>
    );
  if (post.isSuccess || already) {
    const next = !user
      ? { text: t('account.links.verifiedSignedOut'), to: '/login', label: t('account.links.signIn') }
      : user.abilities.createJosie
        ? { text: t('account.links.verifiedCreator'), to: '/josie/new', label: t('account.links.writeFirst') }
        : {
            text: t('account.links.verifiedListener'),
            to: '/explore',
            label: t('account.links.findCurators'),
          };
    return (
      <LinkCard
        icon={<CheckCircle2 className="size-6" aria-hidden="true" />}
        title={already ? t('account.links.alreadyVerifiedTitle') : t('account.links.verifiedTitle')}
      >
        <p role="status" className="text-zinc-700">
          {already ? t('account.links.alreadyVerified') : next.text}
        </p>
        <Link to={next.to} className={buttonClasses('primary', 'md', 'self-start')}>
          {next.label}
        </Link>
      </LinkCard>
    );
  }
  return (
    <LinkCard
      icon={<MailWarning className="size-6" aria-hidden="true" />}
      title={t('account.links.verifyTitle')}
    >
      <FormError message={linkError(t, post.error, token, t('account.links.invalid'))} />
      {user && !user.emailVerified && <ResendVerificationButton variant="primary" size="md" />}
    </LinkCard>
  );
}

/** The message of a failed link: the invalid-link text for a missing or refused token, else the server's. */
function linkError(t: TFunction, error: unknown, token: string, invalid: string): string {
  if (!token || (error instanceof ApiError && error.code === ERROR_CODES.INVALID_EMAIL_LINK)) return invalid;
  return errorText(t, error, invalid);
}

/**
 * `/confirm-email?token=&lng=` (docs/decisions/0025-account-and-data.md): posts the token to `POST
 * /api/users/confirm-email`, which moves the account to its new address; shows the result and refreshes
 * the stored user. The page opens in the mail's language (`lng`, `LanguageSync`).
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { token, post } = usePostTokenOnce('confirmEmailChange', useRefreshUser());
  if (token && !post.isError && !post.isSuccess)
    return (
      <LinkCard
        icon={<MailWarning className="size-6" aria-hidden="true" />}
        title={t('account.links.confirmTitle')}
      >
        <Spinner label={t('account.links.checking')} />
      </LinkCard>
    );
  if (post.isSuccess)
    return (
      <LinkCard
        icon={<CheckCircle2 className="size-6" aria-hidden="true" />}
        title={t('account.links.confirmedTitle')}
      >
        <p role="status" className="text-zinc-700">
          {t('account.links.confirmed')}
        </p>
        <Link
          to={user ? '/account?tab=security' : '/login'}
          className={buttonClasses('primary', 'md', 'self-start')}
        >
          {user ? t('account.links.backToAccount') : t('account.links.signIn')}
        </Link>
      </LinkCard>
    );
  return (
    <LinkCard
      icon={<MailWarning className="size-6" aria-hidden="true" />}
      title={t('account.links.confirmTitle')}
    >
      <FormError message={linkError(t, post.error, token, t('account.links.invalid'))} />
      {user && (
        <Link to="/account?tab=security" className={buttonClasses('outline', 'md', 'self-start')}>
          {t('account.links.backToAccount')}
        </Link>
      )}
    </LinkCard>
  );
}

/**
 * `/account/delete?token=` (docs/decisions/0025-account-and-data.md): for an account without a password,
 * the mailed link's page. It asks to confirm (nothing is deleted by opening the link), then sends `DELETE
 * /api/users/me {token}`; after it the session is cleared and the home page says goodbye. An invalid link
 * (400) or the last admin (409) is told.
 */
export function DeleteAccountPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [error, setError] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: () => deleteAccount({ token }),
    onSuccess: leaveAfterDeletion,
    onError: (failure) => {
      const code = failure instanceof ApiError ? failure.code : null;
      setError(
        code === ERROR_CODES.LAST_ADMIN
          ? t('account.delete.lastAdmin')
          : code === ERROR_CODES.INVALID_EMAIL_LINK
            ? t('account.links.invalid')
            : errorText(t, failure, t('account.delete.failed')),
      );
    },
  });
  return (
    <LinkCard icon={<Trash2 className="size-6" aria-hidden="true" />} title={t('account.delete.dialogTitle')}>
      {token ? (
        <>
          <p className="text-zinc-700">{t('account.delete.linkConfirm')}</p>
          <FormError message={error} />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Link to="/" className={buttonClasses('outline', 'md')}>
              {t('common.cancel')}
            </Link>
            <Button variant="danger" loading={remove.isPending} onClick={() => remove.mutate()}>
              {t('account.delete.confirm')}
            </Button>
          </div>
        </>
      ) : (
        <FormError message={t('account.links.invalid')} />
      )}
    </LinkCard>
  );
}
