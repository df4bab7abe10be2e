import { zodResolver } from '@hookform/resolvers/zod';
import { ContactBody } from '@josie/contract';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errorText';
import { request } from '../../api/request';
import { applyServerIssues, fieldErrorText } from '../../lib/forms';
import { useSubmitOnce } from '../../lib/useSubmitOnce';
import { useSession } from '../../session/SessionProvider';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { FormError } from '../../ui/FormError';
import { Input, Textarea } from '../../ui/Input';
import { Page } from '../../ui/Page';
import { toast } from '../../ui/toast';

/** Longest message the server accepts (the contract's `ContactBody.message`). */
const MESSAGE_MAX = 5000;

/**
 * `/contact`: name, email and message, stored through `POST /api/contact` for admins to read
 * (docs/product/differences.md#placeholders-that-work). A signed-in user's name and email are filled in.
 * Success toasts and clears the form.
 */
export default function ContactPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ContactBody),
    defaultValues: { name: user?.name ?? '', email: user?.email ?? '', message: '' },
  });
  const left = MESSAGE_MAX - (watch('message')?.length ?? 0);

  const onSubmit = useSubmitOnce(
    handleSubmit(async (body) => {
      setFormError(null);
      try {
        await request('contact', { body });
        toast.success(t('contact.success'));
        reset({ name: body.name, email: body.email, message: '' });
      } catch (error) {
        console.warn('Contact message not sent', error);
        if (!applyServerIssues(error, setError, ['name', 'email', 'message'])) {
          setFormError(errorText(t, error, t('contact.failed')));
        }
      }
    }),
  );

  const tooLong = t('validation.tooLong', { count: MESSAGE_MAX });
  return (
    <Page title={t('contact.title')} lead={t('contact.intro')} width="narrow">
      <form
        onSubmit={onSubmit}
        noValidate
        className="flex flex-col gap-5 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-zinc-200 sm:p-8"
      >
        <Field
          label={t('contact.name')}
          error={fieldErrorText(
            errors.name,
            { too_big: t('validation.tooLong', { count: 100 }) },
            t('validation.nameRequired'),
          )}
        >
          {(p) => <Input {...p} autoComplete="name" {...register('name')} />}
        </Field>
        <Field
          label={t('contact.email')}
          error={fieldErrorText(errors.email, {}, t('validation.emailInvalid'))}
        >
          {(p) => <Input {...p} type="email" autoComplete="email" inputMode="email" {...register('email')} />}
        </Field>
        <Field
          label={t('contact.message')}
          hint={t('contact.charactersLeft', { count: Math.max(0, left) })}
          error={fieldErrorText(errors.message, { too_big: tooLong }, t('validation.messageRequired'))}
        >
          {(p) => <Textarea {...p} rows={6} maxLength={MESSAGE_MAX} {...register('message')} />}
        </Field>
        <FormError message={formError} />
        <Button type="submit" size="lg" loading={isSubmitting} className="self-start">
          {!isSubmitting && <Send className="size-4 rtl:-scale-x-100" aria-hidden="true" />}
          {isSubmitting ? t('contact.sending') : t('contact.submit')}
        </Button>
      </form>
    </Page>
  );
}
