import { REPORT_LIMITS, REPORT_REASONS, type ReportReason } from '@josie/contract';
import { Dialog, RadioGroup } from 'radix-ui';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errorText';
import { cn } from '../../lib/cn';
import { Button, focusRing } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Textarea } from '../../ui/Input';
import { type ReportTarget, useFileReport } from './api';

export interface ReportDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  target: ReportTarget;
}

/**
 * The report dialog (docs/product/rules-and-limits.md#reports-and-moderation): the reasons as a radio group
 * (arrow keys move, the page's direction followed), a text (required for "other", else optional, at most
 * 1,000 characters), submit; then a thank-you, or the error by its code (already reported, your own, gone).
 * Focus starts on the first reason; Escape closes.
 */
export function ReportDialog({ open, onOpenChange, target }: ReportDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [text, setText] = useState('');
  const [missing, setMissing] = useState<'reason' | 'text' | null>(null);
  const file = useFileReport();
  const done = file.isSuccess;

  const change = (next: boolean) => {
    if (!next) {
      setReason('');
      setText('');
      setMissing(null);
      file.reset();
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return setMissing('reason');
    if (reason === 'other' && text.trim() === '') return setMissing('text');
    setMissing(null);
    file.mutate({
      targetType: target.type,
      targetId: target.id,
      reason,
      ...(text.trim() ? { text: text.trim() } : {}),
    });
  };

  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-zinc-950/40 backdrop-blur-sm" />
        <Dialog.Content className="fixed inset-0 z-50 m-auto h-fit max-h-[calc(100dvh-2rem)] w-[min(30rem,calc(100vw-2rem))] overflow-y-auto rounded-3xl bg-white p-6 shadow-2xl">
          <Dialog.Title className="text-lg font-semibold text-zinc-900">
            {t(`moderation.report.title.${target.type}`)}
          </Dialog.Title>
          {done ? (
            <div className="mt-3 flex flex-col gap-6">
              <Dialog.Description className="text-sm text-zinc-700" role="status">
                {t('moderation.report.thanks')}
              </Dialog.Description>
              <div className="flex justify-end">
                <Dialog.Close asChild>
                  <Button>{t('moderation.report.close')}</Button>
                </Dialog.Close>
              </div>
            </div>
          ) : (
            <form onSubmit={submit} noValidate className="mt-2 flex flex-col gap-4">
              <Dialog.Description className="text-sm text-zinc-600">
                {t('moderation.report.description')}
              </Dialog.Description>
              <fieldset className="flex flex-col gap-2">
                <legend id={`${id}-reasons`} className="mb-2 text-sm font-semibold text-zinc-900">
                  {t('moderation.report.reasonLabel')}
                </legend>
                <RadioGroup.Root
                  aria-labelledby={`${id}-reasons`}
                  aria-invalid={missing === 'reason'}
                  aria-describedby={missing === 'reason' ? `${id}-reason-error` : undefined}
                  value={reason}
                  onValueChange={(value) => setReason(value as ReportReason)}
                  className="flex flex-col gap-1"
                >
                  {REPORT_REASONS.map((value) => (
                    <div
                      key={value}
                      className="flex items-center gap-3 rounded-xl px-2 py-2 hover:bg-zinc-50"
                    >
                      <RadioGroup.Item
                        id={`${id}-${value}`}
                        value={value}
                        className={cn(
                          'flex size-5 shrink-0 items-center justify-center rounded-full border-2 border-zinc-400 data-[state=checked]:border-brand-700',
                          focusRing,
                        )}
                      >
                        <RadioGroup.Indicator className="size-2.5 rounded-full bg-brand-700" />
                      </RadioGroup.Item>
                      <label
                        htmlFor={`${id}-${value}`}
                        className="flex-1 cursor-pointer text-sm text-zinc-800"
                      >
                        {t(`moderation.reasons.${value}`)}
                      </label>
                    </div>
                  ))}
                </RadioGroup.Root>
                {missing === 'reason' && (
                  <p id={`${id}-reason-error`} className="text-sm text-red-700">
                    {t('moderation.report.reasonRequired')}
                  </p>
                )}
              </fieldset>
              <Field
                label={
                  reason === 'other'
                    ? t('moderation.report.textRequired')
                    : t('moderation.report.textOptional')
                }
                error={missing === 'text' ? t('moderation.report.textMissing') : undefined}
              >
                {(control) => (
                  <Textarea
                    {...control}
                    rows={3}
                    maxLength={REPORT_LIMITS.textMaxLength}
                    value={text}
                    onChange={(event) => setText(event.target.value)}
                  />
                )}
              </Field>
              {file.isError && (
                <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">
                  {errorText(t, file.error, t('moderation.report.error'))}
                </p>
              )}
              <div className="flex flex-wrap justify-end gap-3">
                <Dialog.Close asChild>
                  <Button variant="outline" type="button" disabled={file.isPending}>
                    {t('common.cancel')}
                  </Button>
                </Dialog.Close>
                <Button type="submit" loading={file.isPending}>
                  {t('moderation.report.submit')}
                </Button>
              </div>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * A "Report" button that opens the {@link ReportDialog} for `target`. `className` styles the button (a
 * comment's small text action, a profile's outline button).
 */
export function ReportButton({
  target,
  className,
  label,
}: {
  target: ReportTarget;
  className?: string;
  /** The accessible name when the visible "Report" needs context ("Report Noa's comment"). */
  label?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} aria-label={label} onClick={() => setOpen(true)}>
        {t('moderation.report.action')}
      </button>
      <ReportDialog open={open} onOpenChange={setOpen} target={target} />
    </>
  );
}
