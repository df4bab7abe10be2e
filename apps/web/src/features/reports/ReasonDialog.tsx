import type { ModerationAction } from '@josie/contract';
import { REPORT_LIMITS } from '@josie/contract';
import { Dialog } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Textarea } from '../../ui/Input';

/** An action that needs the moderator's reason: sending a josie back (told to its creator), suspending. */
export type ReasonedAction = Extract<ModerationAction, 'send-back' | 'suspend'>;

/**
 * The dialog of an action that needs a reason: the reason (required, at most 1,000 characters) and the
 * confirming button; it is the confirmation too.
 */
export function ReasonDialog({
  action,
  open,
  onOpenChange,
  pending,
  onConfirm,
}: {
  action: ReasonedAction;
  open: boolean;
  onOpenChange(open: boolean): void;
  pending: boolean;
  onConfirm(reason: string): void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setMissing(true);
    onConfirm(reason.trim());
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-zinc-950/40 backdrop-blur-sm" />
        <Dialog.Content className="fixed inset-0 z-50 m-auto h-fit w-[min(28rem,calc(100vw-2rem))] rounded-3xl bg-white p-6 shadow-2xl">
          <Dialog.Title className="text-lg font-semibold text-zinc-900">
            {t(`moderation.queue.confirm.${action}.title`)}
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-zinc-600">
            {t(`moderation.queue.confirm.${action}.description`)}
          </Dialog.Description>
          <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4">
            <Field
              label={t('moderation.queue.reasonLabel')}
              error={missing ? t('moderation.queue.reasonMissing') : undefined}
            >
              {(control) => (
                <Textarea
                  {...control}
                  rows={3}
                  maxLength={REPORT_LIMITS.reasonMaxLength}
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                />
              )}
            </Field>
            <div className="flex flex-wrap justify-end gap-3">
              <Dialog.Close asChild>
                <Button variant="outline" type="button" disabled={pending}>
                  {t('common.cancel')}
                </Button>
              </Dialog.Close>
              <Button type="submit" variant="danger" loading={pending}>
                {t(`moderation.queue.confirm.${action}.confirm`)}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
