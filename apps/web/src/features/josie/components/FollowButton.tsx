import { UserPlus } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { lazyComponent } from '../../../lib/lazyPage';
import type { ReturnToState } from '../../../session/guards';
import { useSession } from '../../../session/SessionProvider';
import { Button, type ButtonSize, buttonClasses } from '../../../ui/Button';

// A visitor, who opens most josie pages from a shared link, gets a link: the toggle's mutation code loads for
// signed-in readers only (docs/performance.md, 170 KB budget).
const FollowToggle = lazyComponent(() => import('./FollowToggle'));

export interface FollowButtonProps {
  /** The curator to follow. */
  curatorId: string;
  className?: string;
}

/**
 * A visitor's 'Log in to follow' (docs/decisions/0045-public-curator-profiles.md): a link to `/login` that
 * comes back to this page, with its address and query, once signed in.
 */
export function LoginToFollow({ className, size = 'sm' }: { className?: string; size?: ButtonSize }) {
  const { t } = useTranslation();
  const location = useLocation();
  const state: ReturnToState = {
    from: { pathname: location.pathname, search: location.search, hash: location.hash },
  };
  return (
    <Link to="/login" state={state} className={buttonClasses('outline', size, className)}>
      <UserPlus className="size-4" aria-hidden="true" />
      {t('josie.follow.login')}
    </Link>
  );
}

/**
 * Follow / Following toggle for a curator (docs/product/rules-and-limits.md#follows-and-recommendations;
 * docs/product/differences.md#placeholders-that-work: the josie view's button really follows): the
 * signed-in toggle is `FollowToggle.tsx`, shown disabled with its label while its code loads. Hidden on one's
 * own josie; a visitor gets a 'Log in to follow' link that comes back here.
 */
export function FollowButton({ curatorId, className }: FollowButtonProps) {
  const { t } = useTranslation();
  const { user } = useSession();

  if (!user) return <LoginToFollow className={className} />;
  if (user._id === curatorId) return null;
  const following = user.following.includes(curatorId);
  return (
    <Suspense
      fallback={
        <Button variant={following ? 'outline' : 'primary'} size="sm" className={className} disabled>
          {following ? t('josie.follow.following') : t('josie.follow.follow')}
        </Button>
      }
    >
      <FollowToggle curatorId={curatorId} className={className} />
    </Suspense>
  );
}
