import { curatorFeedPath, DEFAULT_CREATOR_COLOUR, LIMITS, type PublicProfile } from '@josie/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/errorText';
import { cn } from '../../lib/cn';
import { curatorFontStyle } from '../../lib/fonts';
import { useMutation } from '../../lib/useMutation';
import { useSession } from '../../session/SessionProvider';
import { Avatar } from '../../ui/Avatar';
import { Badge } from '../../ui/Badge';
import { Button, buttonClasses } from '../../ui/Button';
import { FeedButton } from '../../ui/FeedButton';
import { contentFrame } from '../../ui/Page';
import { LoadError } from '../../ui/QueryState';
import { Loading } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { ProfileBlockButton } from '../blocks';
import { Feed } from '../feed';
import { CreatorName, LoginToFollow } from '../josie';
import { ReportButton } from '../reports';
import { curatorKeys, fetchProfile, setFollowing } from './api';
import { CuratorSuggestions } from './CuratorSuggestions';

/** Spreads a colour into a soft gradient for the header placeholder. */
function placeholderBackground(colour: string): string {
  return `linear-gradient(135deg, ${colour} 0%, color-mix(in srgb, ${colour} 55%, white) 55%, color-mix(in srgb, ${colour} 35%, #a78bfa) 100%)`;
}

/**
 * The Follow / Following toggle (docs/product/routes-and-roles.md#curator-profile,
 * docs/product/rules-and-limits.md#follows-and-recommendations): on success the stored user's `following`
 * becomes the server's list and the profile's state and follower count follow; a failure shows the server
 * message.
 */
function FollowButton({ profile }: { profile: PublicProfile }) {
  const { t } = useTranslation();
  const { user, updateUser } = useSession();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (follow: boolean) => setFollowing(profile.id, follow),
    onSuccess: (answer) => {
      if (user) updateUser({ ...user, following: answer.following });
      const following = answer.following.includes(profile.id);
      queryClient.setQueryData<PublicProfile>(curatorKeys.profile(profile.id), (current) =>
        current && current.isFollowing !== following
          ? {
              ...current,
              isFollowing: following,
              followersCount: Math.max(0, current.followersCount + (following ? 1 : -1)),
            }
          : current,
      );
    },
    onError: (error) => {
      console.warn('Follow failed', error);
      // A block refuses a follow (decision 0048): the follow's own words, not a comment's.
      toast.error(errorText(t, error, t('curator.followError'), { BLOCKED: t('errors.blockedFollow') }));
    },
  });
  const following = profile.isFollowing;
  return (
    <Button
      variant={following ? 'outline' : 'primary'}
      loading={mutation.isPending}
      onClick={() => mutation.mutate(!following)}
      title={following ? t('curator.unfollowHint') : undefined}
      className="min-w-32"
    >
      {!mutation.isPending &&
        (following ? (
          <Check className="size-4" aria-hidden="true" />
        ) : (
          <UserPlus className="size-4" aria-hidden="true" />
        ))}
      {following ? t('curator.following') : t('curator.follow')}
    </Button>
  );
}

/**
 * `/curator/{curatorId}` (docs/product/routes-and-roles.md#curator-profile,
 * docs/product/messages.md#feed-and-curators): header image or a placeholder with the name, avatar, name and
 * 'Curator' label, bio and counts, the Follow / Following toggle and Block / Unblock (decision 0048; both
 * hidden on one's own profile; a visitor,
 * who may read the page (docs/decisions/0045-public-curator-profiles.md), gets 'Log in to follow'), up to 3
 * random suggestions ('You may also like'), a link to the curator's Atom feed (decision 0042) and 'Latest
 * Posts' from the curator's feed. A failed load shows
 * the server message, else 'Curator not found'; a user who is not a curator is not found either.
 */
export default function CuratorProfilePage() {
  const { t } = useTranslation();
  const { curatorId = '' } = useParams();
  const { user } = useSession();
  const profile = useQuery({
    queryKey: curatorKeys.profile(curatorId),
    queryFn: ({ signal }) => fetchProfile(curatorId, signal),
    enabled: curatorId !== '',
  });

  if (profile.isPending) return <Loading size="page" />;
  if (profile.isError || profile.data.role !== 'curator') {
    const missing = !profile.isError || (profile.error instanceof ApiError && profile.error.status === 404);
    return (
      <div className="mx-auto flex w-full max-w-xl flex-col items-start gap-6 px-4 py-16">
        <LoadError
          title={missing ? t('curator.notFound') : undefined}
          error={profile.error}
          text={t('curator.notFound')}
          retry={missing ? undefined : () => profile.refetch({ cancelRefetch: false })}
          className="w-full"
        />
        <Link to="/" className={buttonClasses('outline')}>
          {t('common.backHome')}
        </Link>
      </div>
    );
  }

  const curator = profile.data;
  const colour = curator.preferences.myColor || DEFAULT_CREATOR_COLOUR;
  const fontStyle = curatorFontStyle(curator.preferences.myFont);
  const own = user?.id === curator.id;
  const counts = [
    { key: 'posts', value: t('curator.counts.posts', { count: curator.postsCount }) },
    { key: 'followers', value: t('curator.counts.followers', { count: curator.followersCount }) },
    { key: 'following', value: t('curator.counts.following', { count: curator.followingCount }) },
  ];

  return (
    <div className={cn(contentFrame, 'flex flex-col gap-12 pt-4 pb-12')}>
      <section aria-label={t('curator.profileLabel', { name: curator.name })} className="flex flex-col">
        <div className="relative h-44 overflow-hidden rounded-[2rem] sm:h-64">
          {curator.headerImage ? (
            <img src={curator.headerImage} alt="" className="size-full object-cover" />
          ) : (
            <div
              className="flex size-full items-center justify-center px-6"
              style={{ background: placeholderBackground(colour) }}
              aria-hidden="true"
            >
              <span
                dir="auto"
                className="line-clamp-2 text-center text-4xl font-black wrap-anywhere text-zinc-950/85 sm:text-6xl"
                style={fontStyle}
              >
                {curator.name}
              </span>
            </div>
          )}
        </div>

        {/* Positioned so the avatar paints over the header it overlaps; the text starts below the header. */}
        <div className="relative -mt-14 flex flex-col gap-4 px-2 sm:-mt-16 sm:flex-row sm:items-start sm:gap-6 sm:px-6">
          <span className="inline-flex w-fit rounded-full bg-white p-1 shadow-lg">
            <Avatar src={curator.avatar} name={curator.name} size={120} />
          </span>
          <div className="flex min-w-0 flex-1 flex-col gap-2 sm:pt-20">
            <div className="flex flex-wrap items-center gap-2">
              <CreatorName
                as="h1"
                name={curator.name}
                font={curator.preferences.myFont}
                colour={curator.preferences.myColor}
                className="text-3xl font-extrabold tracking-tight sm:text-4xl"
              />
              <Badge tone="brand">{t('curator.label')}</Badge>
            </div>
            <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-zinc-700">
              {counts.map((count) => (
                <li key={count.key}>{count.value}</li>
              ))}
            </ul>
            <FeedButton
              href={curatorFeedPath(curator.id)}
              label={t('discovery.feed.label')}
              hint={t('discovery.feed.curatorHint')}
            />
          </div>
          {!own && (
            <div className="flex flex-wrap gap-2 sm:pt-20">
              {user ? <FollowButton profile={curator} /> : <LoginToFollow size="md" className="min-w-32" />}
              {user && (
                <>
                  <ProfileBlockButton userId={curator.id} name={curator.name} blocked={curator.isBlocked} />
                  <ReportButton
                    target={{ type: 'account', id: curator.id }}
                    className={cn('mt-2 block w-full text-center', buttonClasses('ghost', 'sm'))}
                  />
                </>
              )}
            </div>
          )}
        </div>
        {curator.bio && (
          <p
            dir="auto"
            className="mt-5 max-w-2xl px-2 leading-relaxed whitespace-pre-line text-zinc-700 sm:px-6"
          >
            {curator.bio}
          </p>
        )}
        <div className="mx-2 mt-6 h-1.5 w-24 rounded-full sm:mx-6" style={{ backgroundColor: colour }} />
      </section>

      <CuratorSuggestions curatorId={curator.id} limit={LIMITS.curatorSuggestions} />

      <Feed source={{ kind: 'curator', curatorId: curator.id }} title={t('curator.latestPosts')} />
    </div>
  );
}
