import { zodResolver } from '@hookform/resolvers/zod';
import {
  ERROR_CODES,
  LIMITS,
  type PasswordResetCompleteBody,
  PasswordResetResponse,
  WEAK_PASSWORD_CODE,
} from '@josie/contract';
import { CheckCircle2, KeyRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/errorText';
import { request } from '../../api/request';
import { useSubmitOnce } from '../../lib/useSubmitOnce';
import { Button, buttonClasses } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { FormError } from '../../ui/FormError';
import { Input } from '../../ui/Input';
import { linkClasses, ResetCard } from './ResetCard';
import { PASSWORD_MAX_LENGTH, type PasswordIssue, ResetPasswordForm } from './resetPasswordForm';

/** Complete mode: a new password for the emailed link's `email` and `token` (docs/product/rules-and-limits.md#passwords-and-reset). */
export function CompleteReset({ email, token }: { email: string; token: string }) {
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

  const onSubmit = useSubmitOnce(
    handleSubmit(async ({ newPassword }) => {
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
            : errorText(t, error, t('resetPassword.completeError')),
        });
      }
    }),
  );

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
