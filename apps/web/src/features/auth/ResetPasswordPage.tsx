import { zodResolver } from '@hookform/resolvers/zod';
import {
  ERROR_CODES,
  LIMITS,
  PASSWORD_RESET_TTL_MINUTES,
  PasswordResetCompleteBody,
  PasswordResetInitiateBody,
  PasswordResetResponse,
  WEAK_PASSWORD_CODE,
} from '@josie/contract';
import { CheckCircle2, KeyRound, MailCheck, TriangleAlert } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { ApiError, serverMessageOr } from '../../api/client';
import { request } from '../../api/request';
import { Button, buttonClasses, focusRing } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { FormError } from '../../ui/FormError';
import { Input } from '../../ui/Input';

/** Longest password the server accepts (the contract's `newPassword`). */
const PASSWORD_MAX_LENGTH = 200;

/**
 * Why a new password is refused (spec 000 §5 Reset step 2), as `resetPassword.*` keys; `passwordTooGuessable`
 * is the server's refusal of a guessable password (decision 0011).
 */
type PasswordIssue =
  | 'enterPassword'
  | 'passwordTooShort'
  | 'passwordTooLong'
  | 'passwordsDoNotMatch'
  | 'passwordTooGuessable';

/**
 * The complete-mode form: a new password, non-empty (`enterPassword`), at least
 * {@link LIMITS.passwordMinLength} characters (`passwordTooShort`) and equal to its confirmation
 * (`passwordsDoNotMatch`). Each issue's message is its translation key.
 */
export const ResetPasswordForm = z
  .object({
    newPassword: z
      .string()
      .min(1, 'enterPassword' satisfies PasswordIssue)
      .min(LIMITS.passwordMinLength, 'passwordTooShort' satisfies PasswordIssue)
      .max(PASSWORD_MAX_LENGTH, 'passwordTooLong' satisfies PasswordIssue),
    confirmPassword: z.string(),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    path: ['confirmPassword'],
    message: 'passwordsDoNotMatch' satisfies PasswordIssue,
  });

/** The card every state of the page sits in: an icon, a title and a lead line. */
function ResetCard({
  icon,
  title,
  lead,
  children,
}: {
  icon: ReactNode;
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="relative flex flex-1 items-start justify-center overflow-hidden px-4 py-10 sm:items-center sm:py-16">
      <div
        className="pointer-events-none absolute -top-32 start-1/2 size-[36rem] -translate-x-1/2 rounded-full bg-brand-200/40 blur-3xl rtl:translate-x-1/2"
        aria-hidden="true"
      />
      <section
        aria-labelledby="reset-title"
        className="relative flex w-full max-w-md flex-col gap-6 rounded-3xl bg-white p-6 shadow-xl shadow-zinc-900/5 ring-1 ring-zinc-200 sm:p-8"
      >
        <div className="flex flex-col gap-3">
          <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
            {icon}
          </span>
          <h1 id="reset-title" className="text-2xl font-bold tracking-tight text-zinc-950 sm:text-3xl">
            {title}
          </h1>
          {lead && <p className="text-sm text-zinc-600">{lead}</p>}
        </div>
        {children}
      </section>
    </div>
  );
}

const linkClasses = `rounded font-semibold text-brand-700 underline-offset-4 hover:underline ${focusRing}`;

/** Initiate mode: asks for the email, then says to check it whatever the server knows (spec 000 §4). */
function InitiateReset({ initialEmail }: { initialEmail: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(PasswordResetInitiateBody), defaultValues: { email: initialEmail } });

  const onSubmit = handleSubmit(async (body) => {
    setFormError(null);
    try {
      await request('resetPasswordInitiate', { body }, { schema: PasswordResetResponse });
      setSentTo(body.email);
    } catch (error) {
      console.warn('Requesting a password reset failed', error);
      // A refusal the server explains (too many requests) is worth showing; anything else is generic.
      const explained = error instanceof ApiError && error.status >= 400 && error.status < 500;
      const fallback = t('resetPassword.initiateError');
      setFormError(explained ? serverMessageOr(error, fallback) : fallback);
    }
  });

  if (sentTo !== null) {
    return (
      <ResetCard
        icon={<MailCheck className="size-6" aria-hidden="true" />}
        title={t('resetPassword.checkEmailTitle')}
      >
        <div role="status" className="flex flex-col gap-2 text-zinc-700">
          <p>
            <Trans
              i18nKey="resetPassword.checkEmail"
              values={{ email: sentTo }}
              components={{ email: <bdi dir="ltr" className="font-semibold text-zinc-900" /> }}
            />
          </p>
          <p className="text-sm text-zinc-600">
            {t('resetPassword.linkValidity', { count: PASSWORD_RESET_TTL_MINUTES })}
          </p>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Button variant="ghost" onClick={() => setSentTo(null)}>
            {t('resetPassword.useAnotherEmail')}
          </Button>
          <Link to="/login" className={buttonClasses('primary', 'md')}>
            {t('resetPassword.backToLogin')}
          </Link>
        </div>
      </ResetCard>
    );
  }

  return (
    <ResetCard
      icon={<KeyRound className="size-6" aria-hidden="true" />}
      title={t('resetPassword.title')}
      lead={t('resetPassword.initiateLead')}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field label={t('resetPassword.email')} error={errors.email && t('resetPassword.invalidEmail')}>
          {(p) => <Input {...p} type="email" autoComplete="email" inputMode="email" {...register('email')} />}
        </Field>
        <FormError message={formError} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => navigate('/login')}>
            {t('resetPassword.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {isSubmitting ? t('resetPassword.sending') : t('resetPassword.send')}
          </Button>
        </div>
      </form>
    </ResetCard>
  );
}

/** Complete mode: a new password for the emailed link's `email` and `token` (spec 000 §4, §5). */
function CompleteReset({ email, token }: { email: string; token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<{ message: string; invalidLink: boolean } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ResetPasswordForm),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate('/login', { replace: true }), LIMITS.resetRedirectMs);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    setFailure(null);
    try {
      await request(
        'resetPasswordComplete',
        { body: { email, token, newPassword } satisfies PasswordResetCompleteBody },
        { schema: PasswordResetResponse },
      );
      setDone(true);
    } catch (error) {
      console.warn('Completing the password reset failed', error);
      if (error instanceof ApiError && error.code === WEAK_PASSWORD_CODE) {
        // Shown under the field, in the interface language; the link stays usable.
        setError(
          'newPassword',
          { message: 'passwordTooGuessable' satisfies PasswordIssue },
          { shouldFocus: true },
        );
        return;
      }
      const invalidLink = error instanceof ApiError && error.code === ERROR_CODES.INVALID_RESET_TOKEN;
      setFailure({
        invalidLink,
        message: invalidLink
          ? t('resetPassword.invalidLink')
          : serverMessageOr(error, t('resetPassword.completeError')),
      });
    }
  });

  const issueText = (message: string | undefined) => {
    switch (message as PasswordIssue | undefined) {
      case 'enterPassword':
        return t('resetPassword.enterPassword');
      case 'passwordTooShort':
        return t('resetPassword.passwordTooShort', { count: LIMITS.passwordMinLength });
      case 'passwordTooLong':
        return t('validation.tooLong', { count: PASSWORD_MAX_LENGTH });
      case 'passwordsDoNotMatch':
        return t('resetPassword.passwordsDoNotMatch');
      case 'passwordTooGuessable':
        return t('validation.passwordTooGuessable');
      default:
        return message;
    }
  };

  if (done) {
    return (
      <ResetCard
        icon={<CheckCircle2 className="size-6" aria-hidden="true" />}
        title={t('resetPassword.successTitle')}
      >
        <p role="status" className="text-zinc-700">
          {t('resetPassword.success')}
        </p>
        <Link to="/login" replace className={buttonClasses('primary', 'md', 'self-start')}>
          {t('resetPassword.goToLogin')}
        </Link>
      </ResetCard>
    );
  }

  const min = LIMITS.passwordMinLength;
  return (
    <ResetCard
      icon={<KeyRound className="size-6" aria-hidden="true" />}
      title={t('resetPassword.title')}
      lead={
        <Trans
          i18nKey="resetPassword.completeLead"
          values={{ email }}
          components={{ email: <bdi dir="ltr" className="font-semibold text-zinc-900" /> }}
        />
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
        <Field
          label={t('resetPassword.newPassword')}
          hint={t('resetPassword.passwordHint', { count: min })}
          error={issueText(errors.newPassword?.message)}
        >
          {(p) => <Input {...p} type="password" autoComplete="new-password" {...register('newPassword')} />}
        </Field>
        <Field label={t('resetPassword.confirmPassword')} error={issueText(errors.confirmPassword?.message)}>
          {(p) => (
            <Input {...p} type="password" autoComplete="new-password" {...register('confirmPassword')} />
          )}
        </Field>
        <FormError message={failure?.message} />
        {failure?.invalidLink && (
          <p className="-mt-2 text-sm">
            <Link to={`/reset-password?email=${encodeURIComponent(email)}`} className={linkClasses}>
              {t('resetPassword.requestNewLink')}
            </Link>
          </p>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => navigate('/login')}>
            {t('resetPassword.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {isSubmitting ? t('resetPassword.submitting') : t('resetPassword.submit')}
          </Button>
        </div>
      </form>
    </ResetCard>
  );
}

/** Complete mode reached through a link without its email or token (`missingParams`). */
function IncompleteLink({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <ResetCard
      icon={<TriangleAlert className="size-6" aria-hidden="true" />}
      title={t('resetPassword.missingParamsTitle')}
    >
      <p role="alert" className="text-zinc-700">
        {t('resetPassword.missingParams')}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to="/login" className={linkClasses}>
          {t('resetPassword.backToLogin')}
        </Link>
        <Link
          to={email ? `/reset-password?email=${encodeURIComponent(email)}` : '/reset-password'}
          className={buttonClasses('primary', 'md')}
        >
          {t('resetPassword.requestNewLink')}
        </Link>
      </div>
    </ResetCard>
  );
}

/**
 * `/reset-password` (spec 000 §2, §4 Password reset, §5 Reset, §8 Reset page; issue 6). Without a
 * `token` in the query it is in initiate mode: an email (non-empty, with '@': `invalidEmail`) sent to
 * `POST /api/users/reset-password/initiate`, then 'check your email' whatever the account (the server
 * answers the same either way), or `initiateError` when the call fails. With a `token` it is in complete
 * mode: both `email` and `token` must be present (`missingParams`), then a new password and its
 * confirmation go to `POST /api/users/reset-password/complete`; success shows `success` and goes to
 * `/login` after {@link LIMITS.resetRedirectMs} ms, a failure the server's message (else
 * `completeError`). Cancel goes to `/login`.
 */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  const token = params.get('token')?.trim() ?? '';
  if (!params.has('token')) return <InitiateReset initialEmail={email} />;
  const linkComplete = token !== '' && PasswordResetCompleteBody.shape.email.safeParse(email).success;
  if (!linkComplete) return <IncompleteLink email={email} />;
  // A new link replaces the form and its state.
  return <CompleteReset key={`${email}\n${token}`} email={email} token={token} />;
}
