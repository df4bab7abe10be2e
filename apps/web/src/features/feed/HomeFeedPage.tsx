import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { useSession } from '../../session/SessionProvider';
import { contentFrame } from '../../ui/Page';
import { CuratorStrip } from './CuratorStrip';
import { Feed } from './Feed';

const FOLLOWING = { kind: 'following' } as const;

/**
 * The signed-in listener's and curator's home `/` (docs/product/routes-and-roles.md#home-and-feed): a
 * greeting, the draggable curator strip, then 'Your Feed' (the published josies of followed curators and
 * one's own, docs/product/differences.md#feed-content) with live posts on top.
 */
export default function HomeFeedPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <div className={cn(contentFrame, 'flex flex-col gap-10 py-8 sm:py-10')}>
      <header className="flex flex-col gap-1">
        <h1 className="text-3xl font-extrabold tracking-tight text-zinc-950 sm:text-4xl" dir="auto">
          {user ? t('feed.home.greeting', { name: user.name }) : t('feed.home.title')}
        </h1>
        <p className="text-zinc-600">{t('feed.home.lead')}</p>
      </header>
      <CuratorStrip />
      <Feed
        source={FOLLOWING}
        title={t('feed.title')}
        empty={{ title: t('feed.empty'), description: t('feed.emptyHint') }}
      />
    </div>
  );
}
