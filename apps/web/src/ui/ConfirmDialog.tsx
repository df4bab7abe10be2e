import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description?: ReactNode;
  /** Label of the confirming button; defaults to "Confirm". */
  confirmLabel?: string;
  cancelLabel?: string;
  /** Runs on confirm; the dialog stays open while `pending` so the caller closes it when done. */
  onConfirm(): void;
  /** A destructive action (delete, disable) gets the danger style. */
  destructive?: boolean;
  pending?: boolean;
}

/**
 * A modal confirmation (Radix alert dialog): focus starts on Cancel, Escape cancels, and the page behind
 * is inert while it is open.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  destructive = false,
  pending = false,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-zinc-950/40 backdrop-blur-sm" />
        <AlertDialog.Content className="fixed inset-0 z-50 m-auto h-fit w-[min(28rem,calc(100vw-2rem))] rounded-3xl bg-white p-6 shadow-2xl">
          <AlertDialog.Title className="text-lg font-semibold text-zinc-900">{title}</AlertDialog.Title>
          {description ? (
            <AlertDialog.Description className="mt-2 text-sm text-zinc-600">
              {description}
            </AlertDialog.Description>
          ) : (
            <AlertDialog.Description className="sr-only">{title}</AlertDialog.Description>
          )}
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel asChild>
              <Button variant="outline" disabled={pending}>
                {cancelLabel ?? t('common.cancel')}
              </Button>
            </AlertDialog.Cancel>
            <Button
              variant={destructive ? 'danger' : 'primary'}
              loading={pending}
              onClick={() => onConfirm()}
            >
              {confirmLabel ?? t('common.confirm')}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
