import { zodResolver } from '@hookform/resolvers/zod';
import { AuthResponse, LoginBody } from '@josie/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { errorText } from '../../api/errorText';
import { request } from '../../api/request';
import { fieldErrorText } from '../../lib/forms';
import { useSubmitOnce } from '../../lib/useSubmitOnce';
import { noteSessionEnded, wasSessionEnded } from '../../session/guards';
import { useSession } from '../../session/SessionProvider';
import { Button, focusRing } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { FormError } from '../../ui/FormError';
import { Input } from '../../ui/Input';
import { usePendingInviteProcessor } from '../invites';
import { AuthCard } from './AuthCard';

/**
 * `/login` (docs/product/routes-and-roles.md#guards, docs/product/rules-and-limits.md#accounts-and-sessions,
 * docs/product/messages.md#sign-in-and-account): email and password through `POST /api/auth/login`, a
 * forgot-password link, the provider buttons and the language toggle. A failure shows the server's message,
 * else 'Login failed'. Sent here because the server ended the session (`useSessionEnded`), it says so first. On success the session is stored and the guest guard sends the user back to the page
 * they came from, else `/`.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const { signIn } = useSession();
  const processPendingInvite = usePendingInviteProcessor();
  const location = useLocation();
  const [formError, setFormError] = useState<string | null>(null);
  const [sessionEnded] = useState(wasSessionEnded);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(LoginBody), defaultValues: { email: '', password: '' } });

  const onSubmit = useSubmitOnce(
    handleSubmit(async (body) => {
      setFormError(null);
      try {
        signIn(await request('login', { body }, { schema: AuthResponse }));
        noteSessionEnded(false);
        // A signed-out visitor may have come from an invite link
        // (docs/product/rules-and-limits.md#accounts-and-sessions).
        void processPendingInvite();
      } catch (error) {
        console.warn('Login failed', error);
        setFormError(errorText(t, error, t('login.loginFailed')));
      }
    }),
  );

  const link = `rounded font-semibold text-brand-700 underline-offset-4 hover:underline ${focusRing}`;
  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <>
          {t('login.noAccount')}{' '}
          <Link to="/signup" state={location.state} className={link}>
            {t('login.signupLink')}
          </Link>
        </>
      }
    >
      {sessionEnded && (
        <p
          role="status"
          className="mb-4 rounded-2xl bg-amber-50 px-4 py-3 text-sm font-medium text-amber-950 ring-1 ring-amber-200 ring-inset"
        >
          {t('login.sessionEnded')}
        </p>
      )}
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field
          label={t('login.email')}
          error={fieldErrorText(errors.email, {}, t('validation.emailInvalid'))}
        >
          {(p) => <Input {...p} type="email" autoComplete="email" inputMode="email" {...register('email')} />}
        </Field>
        <Field
          label={t('login.password')}
          error={fieldErrorText(
            errors.password,
            { too_big: t('validation.tooLong', { count: 200 }) },
            t('validation.passwordRequired'),
          )}
        >
          {(p) => <Input {...p} type="password" autoComplete="current-password" {...register('password')} />}
        </Field>
        <div className="-mt-1 flex justify-end">
          <Link to="/reset-password" className={`text-sm ${link}`}>
            {t('login.forgotPassword')}
          </Link>
        </div>
        <FormError message={formError} />
        <Button type="submit" size="lg" loading={isSubmitting} className="w-full">
          {isSubmitting ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
