import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS, SignupBody, SignupResponse, WEAK_PASSWORD_CODE } from '@josie/contract';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/errorText';
import { request } from '../../api/request';
import { currentLanguage } from '../../i18n';
import { fieldErrorText } from '../../lib/forms';
import { useSubmitOnce } from '../../lib/useSubmitOnce';
import { Button, buttonClasses, focusRing } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { FormError } from '../../ui/FormError';
import { Input } from '../../ui/Input';
import { AuthCard } from './AuthCard';
import { ResetCard } from './ResetCard';

/**
 * The signup form: the contract's `SignupBody` plus a confirmation that must equal the password
 * (docs/product/rules-and-limits.md#accounts-and-sessions, `signup.passwordMismatch`). The mismatch is
 * checked as soon as both are filled, even when another field is still invalid.
 */
export const SignupForm = SignupBody.omit({ preferredLanguage: true })
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
    when: (payload) => {
      const value = payload.value as { password?: unknown; confirmPassword?: unknown };
      return typeof value.password === 'string' && typeof value.confirmPassword === 'string';
    },
  });

/**
 * `/signup` (docs/product/routes-and-roles.md#guards, docs/product/rules-and-limits.md#accounts-and-sessions,
 * docs/product/messages.md#sign-in-and-account): name, email, password (at least 8 characters,
 * docs/product/differences.md#sign-up-passwords) and its confirmation through `POST /api/auth/signup`,
 * sending the interface language as `preferredLanguage`. A guessable password (`WEAK_PASSWORD`, decision
 * 0011) is shown under the password field in the interface language; another failure shows the server's
 * message, else 'Failed to create account'. Success answers no session and the same for a new address and
 * one that has an account (docs/decisions/0037-sign-up-without-telling-and-trusted-devices.md): the page
 * says to check that inbox, then sign in (where a pending invite is taken up).
 */
export default function SignupPage() {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(SignupForm),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });

  const onSubmit = useSubmitOnce(
    handleSubmit(async ({ confirmPassword: _confirm, ...body }) => {
      setFormError(null);
      try {
        await request(
          'signup',
          { body: { ...body, preferredLanguage: currentLanguage() } satisfies SignupBody },
          { schema: SignupResponse },
        );
        setSentTo(body.email);
      } catch (error) {
        console.warn('Signup failed', error);
        if (error instanceof ApiError && error.code === WEAK_PASSWORD_CODE) {
          // Under the password field, in the interface language (decision 0011).
          setError('password', { type: WEAK_PASSWORD_CODE }, { shouldFocus: true });
          return;
        }
        setFormError(errorText(t, error, t('signup.signupFailed')));
      }
    }),
  );

  if (sentTo !== null) {
    return (
      <ResetCard
        icon={<MailCheck className="size-6" aria-hidden="true" />}
        title={t('signup.checkEmailTitle')}
      >
        <p role="status" className="text-zinc-700">
          <Trans
            i18nKey="signup.checkEmail"
            values={{ email: sentTo }}
            components={{ email: <bdi dir="ltr" className="font-semibold text-zinc-900" /> }}
          />
        </p>
        <div className="flex flex-wrap items-center justify-end gap-3">
          <Link to="/login" className={buttonClasses('primary', 'md')}>
            {t('signup.goToLogin')}
          </Link>
        </div>
      </ResetCard>
    );
  }

  const min = LIMITS.passwordMinLength;
  const link = `rounded font-semibold text-brand-700 underline-offset-4 hover:underline ${focusRing}`;
  return (
    <AuthCard
      title={t('signup.title')}
      subtitle={t('signup.subtitle')}
      footer={
        <>
          {t('signup.haveAccount')}{' '}
          <Link to="/login" className={link}>
            {t('signup.loginLink')}
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field
          label={t('signup.name')}
          error={fieldErrorText(
            errors.name,
            // `custom`: the contract's display-name rule (`UNSAFE_NAME`: invisible characters).
            { too_big: t('validation.tooLong', { count: 100 }), custom: t('validation.nameUnsafe') },
            t('validation.nameRequired'),
          )}
        >
          {(p) => <Input {...p} autoComplete="name" {...register('name')} />}
        </Field>
        <Field
          label={t('signup.email')}
          error={fieldErrorText(errors.email, {}, t('validation.emailInvalid'))}
        >
          {(p) => <Input {...p} type="email" autoComplete="email" inputMode="email" {...register('email')} />}
        </Field>
        <Field
          label={t('signup.password')}
          hint={t('signup.passwordHint', { count: min })}
          error={fieldErrorText(
            errors.password,
            {
              too_small: t('validation.passwordTooShort', { count: min }),
              too_big: t('validation.tooLong', { count: 200 }),
              [WEAK_PASSWORD_CODE]: t('validation.passwordTooGuessable'),
            },
            t('validation.passwordRequired'),
          )}
        >
          {(p) => <Input {...p} type="password" autoComplete="new-password" {...register('password')} />}
        </Field>
        <Field
          label={t('signup.confirmPassword')}
          error={fieldErrorText(errors.confirmPassword, {}, t('signup.passwordMismatch'))}
        >
          {(p) => (
            <Input {...p} type="password" autoComplete="new-password" {...register('confirmPassword')} />
          )}
        </Field>
        <FormError message={formError} />
        <Button type="submit" size="lg" loading={isSubmitting} className="w-full">
          {isSubmitting ? t('signup.submitting') : t('signup.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
