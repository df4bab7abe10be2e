import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { errorText } from '../../api/errorText';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toast } from '../../ui/toast';
import { useSetRelation } from './api';

/** The texts of this feature that name an account. */
export type NamedKey =
  | 'blocks.mute'
  | 'blocks.block'
  | 'blocks.muted'
  | 'blocks.blocked'
  | 'blocks.unblocked'
  | 'blocks.unmuted'
  | 'blocks.confirm.title'
  | 'blocks.settings.unblockLabel'
  | 'blocks.settings.unmuteLabel';

/** A text naming an account, the name isolated in `<bdi>` (docs/product/hebrew-glossary.md#directions). */
export function Named({ i18nKey, name }: { i18nKey: NamedKey; name: string }) {
  return <Trans i18nKey={i18nKey} values={{ name }} components={{ name: <bdi /> }} />;
}

/**
 * Blocking one account (docs/product/rules-and-limits.md#blocking-and-muting): `ask()` opens the
 * confirmation that explains what a block does (`dialog`, to render), whose confirming button blocks;
 * `set(false)` unblocks at once. Each outcome is a toast naming the account.
 */
export function useBlocking(userId: string, name: string) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const mutation = useSetRelation('blocks');
  const set = (active: boolean) =>
    mutation.mutate(
      { userId, active },
      {
        onSuccess: () => {
          setConfirming(false);
          toast.success(<Named i18nKey={active ? 'blocks.blocked' : 'blocks.unblocked'} name={name} />);
        },
        onError: (failure) =>
          toast.error(errorText(t, failure, t(active ? 'blocks.blockError' : 'blocks.unblockError'))),
      },
    );
  const dialog = (
    <ConfirmDialog
      open={confirming}
      onOpenChange={setConfirming}
      title={<Named i18nKey="blocks.confirm.title" name={name} />}
      description={t('blocks.confirm.description')}
      confirmLabel={t('blocks.confirm.confirm')}
      destructive
      pending={mutation.isPending}
      onConfirm={() => set(true)}
    />
  );
  return { ask: () => setConfirming(true), set, dialog, pending: mutation.isPending && !confirming };
}
