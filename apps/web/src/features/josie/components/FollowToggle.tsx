import { Check, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { followSource, track } from '../../../analytics';
import { errorText } from '../../../api/errorText';
import { useMutation } from '../../../lib/useMutation';
import { useSession } from '../../../session/SessionProvider';
import { Button } from '../../../ui/Button';
import { toast } from '../../../ui/toast';
import type { FollowButtonProps } from './FollowButton';

/**
 * The signed-in half of {@link FollowButton}: Follow / Following, which really follows
 * (docs/product/rules-and-limits.md#follows-and-recommendations); on success the stored user's `following`
 * list is replaced by the server's and broadcast. Loaded only for a signed-in reader, so a visitor's josie
 * page does not download the mutation code (docs/performance.md).
 */
export default function FollowToggle({ curatorId, className }: FollowButtonProps) {
  const { t } = useTranslation();
  const { user, updateUser } = useSession();
  const following = user?.following.includes(curatorId) ?? false;
  const mutation = useMutation({
    // The call (and the zod schema it parses its answer with) loads on the first click: the button is on
    // the public josie page, whose first scripts must not include zod (docs/performance.md).
    mutationFn: async (follow: boolean) =>
      (await (await import('../../curator/api')).setFollowing(curatorId, follow)).following,
    onSuccess: (ids, follow) => {
      // Where new followers pressed follow, for the curator's studio (docs/decisions/0050-curator-studio-counts.md).
      if (follow) track('follow_source', { curator_id: curatorId, source: followSource() });
      // The session may have changed while the call ran (logout in another tab).
      if (user) updateUser({ ...user, following: ids });
    },
    onError: (error, follow) => {
      // A block refuses a follow (decision 0048): the follow's own words, not a comment's.
      toast.error(
        errorText(t, error, t(follow ? 'josie.follow.followError' : 'josie.follow.unfollowError'), {
          BLOCKED: t('errors.blockedFollow'),
        }),
      );
    },
  });
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
