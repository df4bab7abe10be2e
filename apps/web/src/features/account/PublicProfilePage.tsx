import type { PublicProfile } from '@josie/contract';
import { useQuery } from '@tanstack/react-query';
import { ArrowUpRight, PenLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { currentLanguage } from '../../i18n';
import { curatorFontStyle, useCuratorFont } from '../../lib/fonts';
import { useSession } from '../../session/SessionProvider';
import { Avatar } from '../../ui/Avatar';
import { Badge } from '../../ui/Badge';
import { buttonClasses } from '../../ui/Button';
import { LoadError } from '../../ui/QueryState';
import { Loading } from '../../ui/Spinner';
import { curatorKeys, fetchProfile } from '../curator';
import { creatorColour } from '../josie';

/** The three counts of a profile, each a number over its label (docs/product/routes-and-roles.md#account, docs/product/data-and-config.md#data Profile). */
function ProfileCounts({ profile }: { profile: PublicProfile }) {
  const { t } = useTranslation();
  const number = new Intl.NumberFormat(currentLanguage());
  const counts = [
    {
      key: 'posts',
      value: profile.postsCount,
      label: t('account.publicProfile.posts', { count: profile.postsCount }),
    },
    {
      key: 'followers',
      value: profile.followersCount,
      label: t('account.publicProfile.followers', { count: profile.followersCount }),
    },
    {
      key: 'following',
      value: profile.followingCount,
      label: t('account.publicProfile.following', { count: profile.followingCount }),
    },
  ];
  return (
    <ul aria-label={t('account.publicProfile.countsLabel')} className="grid grid-cols-3 gap-2 sm:max-w-md">
      {counts.map((count) => (
        <li
          key={count.key}
          className="flex flex-col items-center rounded-2xl bg-zinc-50 px-2 py-3 text-center ring-1 ring-zinc-200/80"
        >
          <span className="text-2xl font-bold text-zinc-950 tabular-nums">{number.format(count.value)}</span>{' '}
          <span className="text-xs font-medium text-zinc-600">{count.label}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * `/profile/{id}`, the public profile screen (docs/product/routes-and-roles.md#account;
 * docs/product/differences.md#public-profile): avatar, name, bio and the counts of posts, followers and
 * following, from `GET /api/users/{id}`. A curator's name shows in their font, the banner takes their colour,
 * and a link leads to their curator page; on one's own profile a link leads to the account page to edit it. A
 * failed load shows errors.profileLoad with the server's reason.
 */
export default function PublicProfilePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { user } = useSession();
  const profile = useQuery({
    queryKey: curatorKeys.profile(id),
    queryFn: ({ signal }) => fetchProfile(id, signal),
    enabled: id !== '',
  });
  const curator = profile.data?.role === 'curator';
  const font = curator ? profile.data?.preferences.myFont : undefined;
  useCuratorFont(font || null);

  if (profile.isPending) return <Loading size="page" />;
  if (profile.isError) {
    return (
      <div className="mx-auto flex w-full max-w-xl flex-col items-start gap-6 px-4 py-16">
        <LoadError
          title={t('account.publicProfile.loadError')}
          error={profile.error}
          text={t('account.publicProfile.loadErrorHint')}
          retry={() => profile.refetch({ cancelRefetch: false })}
          className="w-full"
        />
        <Link to="/" className={buttonClasses('outline')}>
          {t('common.backHome')}
        </Link>
      </div>
    );
  }

  const person = profile.data;
  const colour = creatorColour(curator ? person.preferences.myColor : '');
  const own = user?.id === person.id;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col px-4 pt-4 pb-14 sm:px-6">
      <article
        aria-labelledby="profile-name"
        className="overflow-hidden rounded-[2rem] bg-white shadow-sm ring-1 ring-zinc-200/80"
      >
        <div className="h-36 sm:h-48">
          {person.headerImage ? (
            <img src={person.headerImage} alt="" className="size-full object-cover" />
          ) : (
            <div
              className="size-full"
              style={{
                background: `linear-gradient(135deg, ${colour} 0%, color-mix(in srgb, ${colour} 45%, white) 60%, color-mix(in srgb, ${colour} 35%, #a78bfa) 100%)`,
              }}
            />
          )}
        </div>
        <div className="flex flex-col gap-5 px-5 pb-7 sm:px-8">
          <div className="-mt-14 flex flex-col gap-4 sm:-mt-16 sm:flex-row sm:items-end sm:justify-between">
            <Avatar src={person.avatar} name={person.name} size={112} className="ring-4 shadow-lg" />
            <div className="flex flex-wrap gap-2">
              {curator && (
                <Link to={`/curator/${person.id}`} className={buttonClasses('primary', 'sm')}>
                  {t('account.publicProfile.curatorPage')}
                  <ArrowUpRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
                </Link>
              )}
              {own && (
                <Link to="/account?tab=profile" className={buttonClasses('outline', 'sm')}>
                  <PenLine className="size-4" aria-hidden="true" />
                  {t('account.publicProfile.editProfile')}
                </Link>
              )}
            </div>
          </div>
          <div className="flex flex-col gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <h1
                id="profile-name"
                dir="auto"
                className="text-3xl font-extrabold tracking-tight wrap-anywhere text-zinc-950 sm:text-4xl"
                style={curatorFontStyle(font)}
              >
                {person.name}
              </h1>
              <Badge tone={curator ? 'brand' : 'neutral'}>{t(`account.roles.${person.role}`)}</Badge>
            </div>
            {person.bio ? (
              <p dir="auto" className="max-w-2xl leading-relaxed whitespace-pre-line text-zinc-700">
                {person.bio}
              </p>
            ) : (
              <p className="text-zinc-600">{t('account.publicProfile.noBio')}</p>
            )}
          </div>
          <ProfileCounts profile={person} />
        </div>
      </article>
    </div>
  );
}
