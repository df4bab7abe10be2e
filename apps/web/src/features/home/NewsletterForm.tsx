import { zodResolver } from '@hookform/resolvers/zod';
import { NewsletterBody } from '@josie/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { api, serverMessageOr } from '../../api/client';
import { fieldErrorText } from '../../lib/forms';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { FormError } from '../../ui/FormError';
import { Input } from '../../ui/Input';

/**
 * The newsletter block's form: subscribes the email through `POST /api/newsletter` (DESIGN §9.3; the
 * server ignores repeats, so subscribing twice simply succeeds again) and toasts the result.
 */
export function NewsletterForm() {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(NewsletterBody), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (body) => {
    setFormError(null);
    try {
      await api.post('/api/newsletter', body);
      toast.success(t('newsletter.success'));
      reset();
    } catch (error) {
      console.warn('Newsletter subscription failed', error);
      setFormError(serverMessageOr(error, t('newsletter.failed')));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex w-full flex-col gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field
          label={t('newsletter.email')}
          error={fieldErrorText(errors.email, {}, t('validation.emailInvalid'))}
          className="flex-1"
        >
          {(p) => (
            <Input
              {...p}
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="you@example.com"
              {...register('email')}
            />
          )}
        </Field>
        <Button type="submit" size="md" loading={isSubmitting} className="sm:mt-7">
          {isSubmitting ? t('newsletter.submitting') : t('newsletter.submit')}
        </Button>
      </div>
      <FormError message={formError} />
    </form>
  );
}
