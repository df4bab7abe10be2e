import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errorText';
import { toast } from '../../ui/toast';
import { useSetRelation } from './api';
import { Named, useBlocking } from './useBlocking';

export interface AccountActionsProps {
  /** The other account's id. */
  userId: string;
  /** Its display name, shown isolated in `<bdi>`. */
  name: string;
  /** The classes of each button (the caller's small text buttons). */
  buttonClassName: string;
}

/**
 * "Mute" and "Block" for another person's comment (docs/product/rules-and-limits.md#blocking-and-muting):
 * muting acts at once; blocking first explains what it does and asks. On success a toast names the account
 * and every comment list is read again, so their comments leave the thread without a reload.
 */
export function AccountActions({ userId, name, buttonClassName }: AccountActionsProps) {
  const { t } = useTranslation();
  const mute = useSetRelation('mutes');
  const blocking = useBlocking(userId, name);
  const onMute = () =>
    mute.mutate(
      { userId, active: true },
      {
        onSuccess: () => toast.success(<Named i18nKey="blocks.muted" name={name} />),
        onError: (failure) => toast.error(errorText(t, failure, t('blocks.muteError'))),
      },
    );
  return (
    <>
      <button type="button" className={buttonClassName} disabled={mute.isPending} onClick={onMute}>
        <span className="sr-only">
          <Named i18nKey="blocks.mute" name={name} />
        </span>
        <span aria-hidden="true">{t('blocks.short.mute')}</span>
      </button>
      <button type="button" className={buttonClassName} onClick={blocking.ask}>
        <span className="sr-only">
          <Named i18nKey="blocks.block" name={name} />
        </span>
        <span aria-hidden="true">{t('blocks.short.block')}</span>
      </button>
      {blocking.dialog}
    </>
  );
}
