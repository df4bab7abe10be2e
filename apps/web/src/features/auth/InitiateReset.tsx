import { zodResolver } from '@hookform/resolvers/zod';
import {
  PASSWORD_RESET_TTL_MINUTES,
  PasswordResetInitiateBody,
  PasswordResetResponse,
} from '@josie/contract';
import { KeyRound, MailCheck } from 'lucide-react';
import { useState } from 'react';
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
import { ResetCard } from './ResetCard';

/** Initiate mode: asks for the email, then says to check it whatever the server knows (docs/product/rules-and-limits.md#passwords-and-reset). */
export function InitiateReset({ initialEmail }: { initialEmail: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(PasswordResetInitiateBody), defaultValues: { email: initialEmail } });

  const onSubmit = useSubmitOnce(
    handleSubmit(async (body) => {
      setFormError(null);
      try {
        await request('resetPasswordInitiate', { body }, { schema: PasswordResetResponse });
        setSentTo(body.email);
      } catch (error) {
        console.warn('Requesting a password reset failed', error);
        // A refusal the server explains (too many requests) is worth showing; anything else is generic.
        const explained = error instanceof ApiError && error.status >= 400 && error.status < 500;
        const fallback = t('resetPassword.initiateError');
        setFormError(explained ? errorText(t, error, fallback) : fallback);
      }
    }),
  );

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
