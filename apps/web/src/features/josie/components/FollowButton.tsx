import { useMutation } from '@tanstack/react-query';
import { Check, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { serverMessageOr } from '../../../api/client';
import type { ReturnToState } from '../../../session/guards';
import { useSession } from '../../../session/SessionProvider';
import { Button, buttonClasses } from '../../../ui/Button';
import { toast } from '../../../ui/toast';

export interface FollowButtonProps {
  /** The curator to follow. */
  curatorId: string;
  className?: string;
}

/**
 * Follow / Following toggle for a curator (docs/product/rules-and-limits.md#follows-and-recommendations;
 * docs/product/differences.md#placeholders-that-work: the josie view's button really follows). On success the
 * stored user's `following` list is replaced by the server's and broadcast. Hidden on one's own josie; a
 * visitor gets a 'Log in to follow' link that comes back here.
 */
export function FollowButton({ curatorId, className }: FollowButtonProps) {
  const { t } = useTranslation();
  const { user, updateUser } = useSession();
  const location = useLocation();
  const following = user?.following.includes(curatorId) ?? false;
  const mutation = useMutation({
    // The call (and the zod schema it parses its answer with) loads on the first click: the button is on
    // the public josie page, whose first scripts must not include zod (docs/performance.md).
    mutationFn: async (follow: boolean) =>
      (await (await import('../../curator/api')).setFollowing(curatorId, follow)).following,
    onSuccess: (ids) => {
      // The session may have changed while the call ran (logout in another tab).
      if (user) updateUser({ ...user, following: ids });
    },
    onError: (error, follow) => {
      toast.error(
        serverMessageOr(error, t(follow ? 'josie.follow.followError' : 'josie.follow.unfollowError')),
      );
    },
  });

  if (!user) {
    const state: ReturnToState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return (
      <Link to="/login" state={state} className={buttonClasses('outline', 'sm', className)}>
        <UserPlus className="size-4" aria-hidden="true" />
        {t('josie.follow.login')}
      </Link>
    );
  }
  if (user._id === curatorId) return null;
  return (
    <Button
      variant={following ? 'outline' : 'primary'}
      size="sm"
      className={className}
      loading={mutation.isPending}
      onClick={() => mutation.mutate(!following)}
    >
      {following ? (
        <Check className="size-4" aria-hidden="true" />
      ) : (
        !mutation.isPending && <UserPlus className="size-4" aria-hidden="true" />
      )}
      {following ? t('josie.follow.following') : t('josie.follow.follow')}
    </Button>
  );
}
