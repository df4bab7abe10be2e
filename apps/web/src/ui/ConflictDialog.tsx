import { AlertDialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { errorText } from '../api/errorText';
import { Button } from './Button';

/** What the person chose: load the saved version, or save theirs over it. */
export type ConflictChoice = 'reload' | 'overwrite';

/** An editor's texts for the dialog: what was changed, what each choice does, and the three choices. */
export interface ConflictTexts {
  title: string;
  choices: string;
  reload: string;
  overwrite: string;
  later: string;
}

export interface ConflictDialogProps {
  /** The refused save's error (409 `STALE_VERSION`); the dialog is open while there is one. */
  conflict: unknown;
  texts: ConflictTexts;
  /** Closing without a choice (Escape, or `texts.later`): the editor keeps the changes, unsaved. */
  onDismiss(): void;
  onChoose(choice: ConflictChoice): void;
  /** The choice under way: its button shows a spinner, the others wait, and the dialog stays open. */
  pending?: ConflictChoice | null;
}

/**
 * The answer to a save refused because someone saved the same thing first (409 `STALE_VERSION`,
 * docs/decisions/0041-edits-carry-their-version.md): a modal (Radix alert dialog: focus starts on
 * `texts.later`, Tab moves between the three buttons, Escape is "later") that says why, by the error's code
 * (`errorText`), and offers to reload the saved version, discarding the editor's changes, or to overwrite it
 * with them. Nothing is discarded or saved until one is chosen.
 */
export function ConflictDialog({
  conflict,
  texts,
  onDismiss,
  onChoose,
  pending = null,
}: ConflictDialogProps) {
  const { t } = useTranslation();
  const busy = pending !== null;
  return (
    <AlertDialog.Root
      open={conflict !== null && conflict !== undefined}
      onOpenChange={(next) => {
        if (!next && !busy) onDismiss();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-zinc-950/40 backdrop-blur-sm" />
        <AlertDialog.Content className="fixed inset-0 z-50 m-auto h-fit w-[min(32rem,calc(100vw-2rem))] rounded-3xl bg-white p-6 shadow-2xl">
          <AlertDialog.Title className="text-lg font-semibold text-zinc-900">{texts.title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-2 flex flex-col gap-2 text-sm text-zinc-600">
              <p>{errorText(t, conflict)}</p>
              <p>{texts.choices}</p>
            </div>
          </AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel asChild>
              <Button variant="ghost" disabled={busy}>
                {texts.later}
              </Button>
            </AlertDialog.Cancel>
            <Button
              variant="outline"
              loading={pending === 'reload'}
              disabled={busy}
              onClick={() => onChoose('reload')}
            >
              {texts.reload}
            </Button>
            <Button
              variant="primary"
              loading={pending === 'overwrite'}
              disabled={busy}
              onClick={() => onChoose('overwrite')}
            >
              {texts.overwrite}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
