import { zodResolver } from '@hookform/resolvers/zod';
import { INVITE_TEXT_MAX_LENGTH, InviteCreateBody, InviteResponse } from '@josie/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request';
import { applyServerIssues, fieldErrorText } from '../../lib/forms';
import { useSubmitOnce } from '../../lib/useSubmitOnce';
import { EmailNotVerifiedNotice, isEmailNotVerified } from '../../session/EmailVerification';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Textarea } from '../../ui/Input';
import { toast } from '../../ui/toast';
import { cacheInvite } from './invites';

/** The create form: a required message (docs/product/rules-and-limits.md#invites), checked by the contract's schema. */
export function CreateInviteForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(InviteCreateBody), defaultValues: { inviteText: '' } });
  const message = watch('inviteText') ?? '';
  const left = INVITE_TEXT_MAX_LENGTH - message.length;
  // 403 EMAIL_NOT_VERIFIED: inviting waits for the email's verification (docs/decisions/0025-account-and-data.md).
  const [notVerified, setNotVerified] = useState(false);

  const onSubmit = useSubmitOnce(
    handleSubmit(async (body) => {
      setNotVerified(false);
      try {
        const { invite } = await request('createInvite', { body }, { schema: InviteResponse });
        cacheInvite(queryClient, invite);
        toast.success(t('invites.created'));
        reset();
      } catch (error) {
        console.warn('Creating the invite failed', error);
        if (isEmailNotVerified(error)) {
          setNotVerified(true);
          return;
        }
        applyServerIssues(error, setError, ['inviteText']);
        toast.error(t('invites.createFailed'));
      }
    }),
  );

  return (
    <section
      aria-labelledby="invite-form-title"
      className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-zinc-200 sm:p-8"
    >
      <h2 id="invite-form-title" className="mb-4 text-lg font-semibold text-zinc-950">
        {t('invites.form.title')}
      </h2>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field
          label={t('invites.form.message')}
          hint={t('invites.form.charactersLeft', { count: Math.max(0, left) })}
          error={fieldErrorText(
            errors.inviteText,
            { too_big: t('validation.tooLong', { count: INVITE_TEXT_MAX_LENGTH }) },
            t('invites.form.messageRequired'),
          )}
        >
          {(p) => (
            <Textarea
              {...p}
              rows={3}
              maxLength={INVITE_TEXT_MAX_LENGTH}
              placeholder={t('invites.form.placeholder')}
              {...register('inviteText')}
            />
          )}
        </Field>
        {notVerified && <EmailNotVerifiedNotice />}
        <Button type="submit" loading={isSubmitting} className="self-start">
          {!isSubmitting && <Plus className="size-4" aria-hidden="true" />}
          {isSubmitting ? t('invites.form.submitting') : t('invites.form.submit')}
        </Button>
      </form>
    </section>
  );
}
