import { ERROR_CODES, LIMITS, type User } from '@josie/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, LogOut, Mail, MonitorSmartphone } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/errorText';
import { formatRelativeTime } from '../../lib/relativeTime';
import { useMutation } from '../../lib/useMutation';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Field } from '../../ui/Field';
import { FormError } from '../../ui/FormError';
import { Input } from '../../ui/Input';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import {
  changeEmail,
  changePassword,
  fetchSessions,
  initiatePasswordReset,
  revokeOtherSessions,
  revokeSession,
  sessionsKey,
} from './api';
import { Section } from './Section';

/** A polite live region for a form's outcome (screen readers hear it without losing their place). */
function Success({ message }: { message: string | null }) {
  return (
    <p role="status" aria-live="polite" className="text-sm font-medium text-emerald-800 empty:hidden">
      {message ?? ''}
    </p>
  );
}

/**
 * "Set a password" for an account made through Spotify or Google, which has none: mails the reset link to
 * the account's address (`POST /api/users/reset-password/initiate`), whose page sets the first password
 * (docs/decisions/0025-account-and-data.md).
 */
function SetPassword({ email }: { email: string }) {
  const { t } = useTranslation();
  const send = useMutation({ mutationFn: () => initiatePasswordReset(email) });
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-zinc-700">{t('account.security.noPassword')}</p>
      <div>
        <Button variant="outline" loading={send.isPending} onClick={() => send.mutate()}>
          {!send.isPending && <KeyRound className="size-4" aria-hidden="true" />}
          {t('account.security.setPassword')}
        </Button>
      </div>
      <Success message={send.isSuccess ? t('account.security.setPasswordSent', { email }) : null} />
      <FormError message={send.isError ? errorText(t, send.error, t('account.passwordResetFailed')) : null} />
    </div>
  );
}

/**
 * "Forgot your current password?": mails a reset link to the account's address (`POST
 * /api/users/reset-password/initiate`, docs/product/routes-and-roles.md#account,
 * docs/product/messages.md#sign-in-and-account). Without an email it toasts `account.noEmailFound`; then
 * `account.passwordResetEmailSent` or `account.passwordResetFailed` (with the server's reason under it).
 */
function ResetLink({ email }: { email: string }) {
  const { t } = useTranslation();
  const send = useMutation({
    mutationFn: (address: string) => initiatePasswordReset(address),
    onSuccess: () => toast.success(t('account.passwordResetEmailSent')),
    onError: (error) => {
      console.warn('Requesting a password reset failed', error);
      const reason = error instanceof ApiError ? errorText(t, error) : null;
      toast.error(t('account.passwordResetFailed'), reason ? { description: reason } : undefined);
    },
  });
  return (
    <div className="flex flex-col gap-2 border-t border-zinc-100 pt-4">
      <p className="text-sm text-zinc-600">
        {email ? (
          <>
            {t('account.security.forgot')}{' '}
            <bdi dir="ltr" className="font-medium break-all text-zinc-800">
              {email}
            </bdi>
          </>
        ) : (
          t('account.noEmailFound')
        )}
      </p>
      <div>
        <Button
          variant="ghost"
          size="sm"
          loading={send.isPending}
          onClick={() => {
            if (!email) {
              toast.error(t('account.noEmailFound'));
              return;
            }
            send.mutate(email);
          }}
        >
          {!send.isPending && <KeyRound className="size-4" aria-hidden="true" />}
          {t('account.security.send')}
        </Button>
      </div>
    </div>
  );
}

/**
 * Change password: current, new and confirmation (`POST /api/users/me/password`). Success says that the
 * other sessions were signed out; a wrong current password is shown under its field (400, never a session
 * end); `NO_PASSWORD` switches to {@link SetPassword}. docs/decisions/0025-account-and-data.md.
 */
function ChangePassword({ email }: { email: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ current?: string; next?: string; confirm?: string }>({});
  const [noPassword, setNoPassword] = useState(false);
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      setCurrent('');
      setNext('');
      setConfirm('');
      void queryClient.invalidateQueries({ queryKey: sessionsKey });
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      if (error.code === ERROR_CODES.NO_PASSWORD) setNoPassword(true);
      else if (error.code === ERROR_CODES.WRONG_PASSWORD)
        setErrors({ current: t('account.security.wrongPassword') });
      else if (error.code === ERROR_CODES.WEAK_PASSWORD)
        setErrors({ next: t('validation.passwordTooGuessable') });
    },
  });
  if (noPassword) return <SetPassword email={email} />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!current) found.current = t('account.security.enterPassword');
    if (next.length < LIMITS.passwordMinLength)
      found.next = t('resetPassword.passwordTooShort', { count: LIMITS.passwordMinLength });
    else if (next !== confirm) found.confirm = t('resetPassword.passwordsDoNotMatch');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    mutation.mutate({ currentPassword: current, newPassword: next });
  };
  const handled =
    mutation.error instanceof ApiError &&
    [ERROR_CODES.WRONG_PASSWORD, ERROR_CODES.WEAK_PASSWORD].includes(mutation.error.code as never);

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
      <Field label={t('account.security.currentPassword')} error={errors.current}>
        {(p) => (
          <Input
            {...p}
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t('account.security.newPassword')}
          hint={t('resetPassword.passwordHint', { count: LIMITS.passwordMinLength })}
          error={errors.next}
        >
          {(p) => (
            <Input
              {...p}
              type="password"
              autoComplete="new-password"
              value={next}
              onChange={(e) => setNext(e.target.value)}
            />
          )}
        </Field>
        <Field label={t('account.security.confirmPassword')} error={errors.confirm}>
          {(p) => (
            <Input
              {...p}
              type="password"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
            />
          )}
        </Field>
      </div>
      <Success message={mutation.isSuccess ? t('account.security.passwordChanged') : null} />
      <FormError
        message={
          mutation.isError && !handled ? errorText(t, mutation.error, t('account.security.failed')) : null
        }
      />
      <div>
        <Button type="submit" loading={mutation.isPending}>
          {t('account.security.changePassword')}
        </Button>
      </div>
    </form>
  );
}

/**
 * Change email: the new address and the current password (`POST /api/users/me/email`); the address changes
 * when the link mailed to it is followed (`/confirm-email`). docs/decisions/0025-account-and-data.md.
 */
function ChangeEmail() {
  const { t } = useTranslation();
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: changeEmail,
    onSuccess: (_answer, body) => {
      setSentTo(body.newEmail);
      setPassword('');
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      if (error.code === ERROR_CODES.WRONG_PASSWORD)
        setErrors({ password: t('account.security.wrongPassword') });
      else if (error.code === ERROR_CODES.EMAIL_TAKEN) setErrors({ email: t('account.security.emailTaken') });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSentTo(null);
    const address = newEmail.trim().toLowerCase();
    const found: typeof errors = {};
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) found.email = t('account.security.invalidEmail');
    if (!password) found.password = t('account.security.enterPassword');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    mutation.mutate({ newEmail: address, currentPassword: password });
  };
  const handled =
    mutation.error instanceof ApiError &&
    [ERROR_CODES.WRONG_PASSWORD, ERROR_CODES.EMAIL_TAKEN].includes(mutation.error.code as never);
  const noPassword = mutation.error instanceof ApiError && mutation.error.code === ERROR_CODES.NO_PASSWORD;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('account.security.newEmail')} error={errors.email}>
          {(p) => (
            <Input
              {...p}
              type="email"
              dir="ltr"
              autoComplete="email"
              value={newEmail}
              onChange={(e) => setNewEmail(e.target.value)}
            />
          )}
        </Field>
        <Field label={t('account.security.currentPassword')} error={errors.password}>
          {(p) => (
            <Input
              {...p}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
      </div>
      <p role="status" aria-live="polite" className="text-sm font-medium text-emerald-800 empty:hidden">
        {sentTo ? (
          <Trans
            i18nKey="account.security.emailChangeSent"
            values={{ email: sentTo }}
            components={{ email: <bdi dir="ltr" className="font-semibold" /> }}
          />
        ) : null}
      </p>
      <FormError
        message={
          noPassword
            ? t('account.security.noPasswordForEmail')
            : mutation.isError && !handled
              ? errorText(t, mutation.error, t('account.security.failed'))
              : null
        }
      />
      <div>
        <Button type="submit" variant="outline" loading={mutation.isPending}>
          {!mutation.isPending && <Mail className="size-4" aria-hidden="true" />}
          {t('account.security.changeEmail')}
        </Button>
      </div>
    </form>
  );
}

/** Which confirmation is open: one session's sign-out, or all the others'. */
type Pending = { kind: 'one'; id: string; label: string } | { kind: 'others' } | null;

/**
 * The account's sessions (`GET /api/users/me/sessions`): browser · OS, signed in and last active (relative,
 * in the interface language), "This device" on the caller's own; "Sign out" on each other session and "Sign
 * out everywhere else", each after a confirmation. docs/decisions/0025-account-and-data.md.
 */
function Sessions() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending>(null);
  const [result, setResult] = useState<string | null>(null);
  const sessions = useQuery({ queryKey: sessionsKey, queryFn: ({ signal }) => fetchSessions(signal) });
  const revoke = useMutation({
    mutationFn: async (which: NonNullable<Pending>) => {
      if (which.kind === 'one') {
        await revokeSession(which.id);
        return 1;
      }
      return revokeOtherSessions();
    },
    onSuccess: (count) => {
      setPending(null);
      setResult(t('account.sessions.signedOut', { count }));
      void queryClient.invalidateQueries({ queryKey: sessionsKey });
    },
    onError: (error) => {
      setPending(null);
      toast.error(errorText(t, error, t('account.sessions.signOutFailed')));
    },
  });

  if (sessions.isPending) return <Spinner label={t('account.sessions.loading')} />;
  if (sessions.isError)
    return (
      <div className="flex flex-col items-start gap-3">
        <FormError message={errorText(t, sessions.error, t('account.sessions.loadFailed'))} />
        <Button variant="outline" size="sm" onClick={() => void sessions.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  const list = sessions.data;
  const others = list.filter((s) => !s.current).length;
  const describe = (s: (typeof list)[number]) =>
    [s.browser, s.os].filter(Boolean).join(' · ') || t('account.sessions.unknownDevice');

  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col divide-y divide-zinc-100 rounded-2xl ring-1 ring-zinc-200">
        {list.map((s) => (
          <li key={s._id} className="flex flex-wrap items-center gap-3 px-4 py-3">
            <MonitorSmartphone className="size-5 shrink-0 text-zinc-500" aria-hidden="true" />
            <div className="flex min-w-0 flex-1 flex-col gap-0.5">
              <p className="flex flex-wrap items-center gap-2 font-medium text-zinc-900">
                <bdi>{describe(s)}</bdi>
                {s.current && <Badge tone="brand">{t('account.sessions.thisDevice')}</Badge>}
              </p>
              <p className="text-sm text-zinc-600">
                {t('account.sessions.signedIn', { when: formatRelativeTime(s.createdAt, i18n.language) })}
                {' · '}
                {t('account.sessions.lastActive', { when: formatRelativeTime(s.lastSeenAt, i18n.language) })}
              </p>
            </div>
            {!s.current && (
              <Button
                variant="outline"
                size="sm"
                onClick={() => setPending({ kind: 'one', id: s._id, label: describe(s) })}
              >
                {t('account.sessions.signOut')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <p role="status" aria-live="polite" className="text-sm font-medium text-emerald-800 empty:hidden">
        {result ?? ''}
      </p>
      {others > 0 ? (
        <div>
          <Button variant="outline" onClick={() => setPending({ kind: 'others' })}>
            <LogOut className="size-4" aria-hidden="true" />
            {t('account.sessions.signOutOthers')}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-zinc-600">{t('account.sessions.noOthers')}</p>
      )}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open && !revoke.isPending) setPending(null);
        }}
        title={
          pending?.kind === 'one'
            ? t('account.sessions.confirmOneTitle')
            : t('account.sessions.confirmOthersTitle')
        }
        description={
          pending?.kind === 'one'
            ? t('account.sessions.confirmOne', { device: pending.label })
            : t('account.sessions.confirmOthers', { count: others })
        }
        confirmLabel={t('account.sessions.signOut')}
        destructive
        pending={revoke.isPending}
        onConfirm={() => pending && revoke.mutate(pending)}
      />
    </div>
  );
}

/**
 * The Security tab (docs/decisions/0025-account-and-data.md, docs/product/routes-and-roles.md#account):
 * change password (or set a first one through the mailed reset link), change email, and the account's
 * sessions.
 */
export function SecurityTab({ user }: { user: User }) {
  const { t } = useTranslation();
  const email = user.email.trim();
  return (
    <div className="flex flex-col gap-5">
      <Section title={t('account.security.passwordTitle')} description={t('account.security.passwordLead')}>
        <ChangePassword email={email} />
        <ResetLink email={email} />
      </Section>
      <Section
        title={t('account.security.emailTitle')}
        description={
          <>
            {t('account.security.emailLead')}{' '}
            <bdi dir="ltr" className="font-medium break-all text-zinc-800">
              {email}
            </bdi>
          </>
        }
      >
        <ChangeEmail />
      </Section>
      <Section title={t('account.sessions.title')} description={t('account.sessions.lead')}>
        <Sessions />
      </Section>
    </div>
  );
}
