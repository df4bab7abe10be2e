import { Ban } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { useBlocking } from './useBlocking';

export interface ProfileBlockButtonProps {
  userId: string;
  name: string;
  /** Whether the reader blocked the account (`PublicProfile.isBlocked`). */
  blocked: boolean;
}

/**
 * Block / Unblock on a profile (docs/product/routes-and-roles.md#curator-profile,
 * docs/product/rules-and-limits.md#blocking-and-muting): blocking asks first and explains what it does;
 * unblocking acts at once. The profile is read again after either (its `isBlocked` and counts).
 */
export function ProfileBlockButton({ userId, name, blocked }: ProfileBlockButtonProps) {
  const { t } = useTranslation();
  const blocking = useBlocking(userId, name);
  return (
    <>
      <Button
        variant="outline"
        loading={blocking.pending}
        onClick={() => (blocked ? blocking.set(false) : blocking.ask())}
      >
        {!blocking.pending && <Ban className="size-4" aria-hidden="true" />}
        {blocked ? t('blocks.short.unblock') : t('blocks.short.block')}
      </Button>
      {blocking.dialog}
    </>
  );
}
