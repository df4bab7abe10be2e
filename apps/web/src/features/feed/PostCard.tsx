import {
  type AudioItemContent,
  embedFor,
  excerpt,
  type ItemLink,
  isImageSource,
  type Josie,
} from '@josie/contract';
import { Bookmark, Heart, MessageCircle, Play, Share2 } from 'lucide-react';
import { memo, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { StudioJosie } from '../../analytics';
import { ApiError } from '../../api/client';
import { useFlag } from '../../flags/useFlags';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/dates';
import type { ReturnToState } from '../../session/guards';
import { useSession } from '../../session/SessionProvider';
import { Avatar } from '../../ui/Avatar';
import { focusRing } from '../../ui/Button';
import { toast } from '../../ui/toast';
import {
  CreatorName,
  GenreChips,
  openedLink,
  PLATFORM_NAMES,
  readParagraphs,
  shareJosie,
  useAudioItemLabel,
  useListenProvider,
  VideoEmbed,
  withKnownName,
} from '../josie';
import { toggleLike, toggleSave } from './api';
import type { FeedLayout } from './feedTheme';
import type { FeedThemeStyle } from './themes';

/** What a card shows of a josie: the first paragraph of each kind. */
interface CardContent {
  text: string;
  image: string | null;
  video: { url: string; title: string } | null;
  audio: AudioItemContent | null;
}

/**
 * The first text, image, video and audio item of a josie. Legacy paragraph names (`image1`, `video1`
 * with a bare link, docs/product/differences.md#paragraph-types) count too ({@link readParagraphs}); an image
 * that is not an allowed source is skipped.
 */
function cardContent(josie: Josie): CardContent {
  const out: CardContent = { text: '', image: null, video: null, audio: null };
  let text: string | null = null;
  for (const paragraph of readParagraphs(josie.paragraphs)) {
    switch (paragraph.type) {
      case 'text':
        text ??= paragraph.content;
        break;
      case 'image':
        if (!out.image && isImageSource(paragraph.content)) out.image = paragraph.content;
        break;
      case 'video':
        out.video ??= paragraph.content;
        break;
      case 'audioItem':
        out.audio ??= paragraph.content;
        break;
    }
  }
  out.text = text ?? josie.text ?? '';
  return out;
}

export interface PostCardProps {
  post: Josie;
  theme: FeedThemeStyle;
  layout: FeedLayout;
  /** Position in the feed; the grid tilts every other card. */
  index: number;
  /** Applies a change of the post after a successful like or save. */
  onPatch(id: string, patch: Partial<Josie>): void;
}

/**
 * A josie in a feed (docs/product/routes-and-roles.md#home-and-feed): the creator's name in their colour and
 * font, the title, its genres (plain chips), the first text paragraph as a 25-word excerpt, the audio
 * preview circle (opens the audio link in a new tab), the image or else the embedded video, and save, like
 * (with count) and share buttons.
 * The title is a link to `/josie/{id}` stretched over the card, so a click anywhere but on the card's own
 * controls opens the josie, and keyboard users reach it as an ordinary link. Minimum height 350 px. Like and
 * save change only after the server answered; a failed like is only logged
 * (docs/product/messages.md#feed-and-curators). Memoized: the feed re-renders for its loading state, live
 * posts and the session, and a card re-renders only when its own post, theme, layout or position changes
 * (Less work per update on a phone) (docs/performance.md).
 */
export const PostCard = memo(function PostCard({ post, theme, layout, index, onPatch }: PostCardProps) {
  const { t, i18n } = useTranslation();
  const commentsOn = useFlag('comments');
  const titleId = useId();
  const [liking, setLiking] = useState(false);
  const [saving, setSaving] = useState(false);
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  // A visitor signs in first, and comes back to this page.
  const signIn = () => {
    const state: ReturnToState = { from: location };
    void navigate('/login', { state });
  };
  const { text, image, video, audio } = cardContent(post);
  const audioListen = audio
    ? post.listen?.find((item) => item.kind === 'audio' && item.itemUrl === audio.url)
    : undefined;
  const summary = excerpt(text);
  // The image wins; a video shows only without one (docs/product/routes-and-roles.md#home-and-feed "an image
  // or embedded video").
  const playable = !image && video !== null && embedFor(video.url) !== null;
  const date = post.publishedAt ?? post.createdAt;

  // One toggle in flight per button (docs/decisions/0040-one-request-per-action-and-lazy-parts.md): a double click reaches the handler twice before the
  // state disables it, and a second toggle would undo the first.
  const busy = useRef({ like: false, save: false });

  async function like() {
    if (!user) return signIn();
    if (busy.current.like) return;
    busy.current.like = true;
    setLiking(true);
    try {
      const data = await toggleLike(post._id);
      if (data) onPatch(post._id, { likedByMe: data.liked, likeCount: data.likeCount });
    } catch (error) {
      console.warn('Like failed', error);
      // The like is shown only once the server answered, so there is nothing to roll back; without a
      // network the reader is told it was not saved (a server's refusal stays quiet, as before).
      if (!navigator.onLine || (error instanceof ApiError && error.status === 0)) {
        toast.error(t('feed.card.likeOffline'));
      }
    } finally {
      busy.current.like = false;
      setLiking(false);
    }
  }

  async function save() {
    if (!user) return signIn();
    if (busy.current.save) return;
    busy.current.save = true;
    setSaving(true);
    try {
      const data = await toggleSave(post._id);
      onPatch(post._id, { savedByMe: data.saved });
      toast.success(data.saved ? t('feed.card.savedToast') : t('feed.card.unsavedToast'));
    } catch (error) {
      console.warn('Save failed', error);
      toast.error(t('feed.card.saveError'));
    } finally {
      busy.current.save = false;
      setSaving(false);
    }
  }

  const action = cn(
    'relative z-10 inline-flex h-11 min-w-11 items-center justify-center gap-1.5 rounded-full px-3 text-sm font-semibold transition-colors',
    'disabled:cursor-progress',
    focusRing,
    theme.action,
  );
  const tilt = layout === 'grid' ? (index % 2 === 0 ? '-rotate-1' : 'rotate-1') : '';

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'group relative flex min-h-[350px] flex-col gap-4 p-5 transition sm:p-6',
        layout === 'grid' && 'hover:rotate-0',
        tilt,
        theme.card,
      )}
    >
      <header className="flex items-center gap-3">
        <Avatar src={post.creator?.avatar} name={post.creator?.name} size={44} decorative />
        <div className="flex min-w-0 flex-col items-start gap-1">
          <CreatorName
            name={post.creator?.name}
            colour={post.creator?.preferences?.myColor}
            font={post.creator?.preferences?.myFont}
            className="max-w-full truncate text-lg leading-tight font-bold"
          />
          <time dateTime={date} className={cn('text-xs', theme.meta)}>
            {formatDate(date, i18n.resolvedLanguage)}
          </time>
        </div>
      </header>

      <h3 id={titleId} dir="auto" className={cn('text-xl leading-snug font-bold text-balance', theme.title)}>
        <Link
          to={`/josie/${encodeURIComponent(post._id)}`}
          className={cn(
            'rounded-md outline-none after:absolute after:inset-0 after:rounded-[inherit] after:content-[""]',
            'focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-brand-700',
          )}
        >
          {post.title}
        </Link>
      </h3>

      <GenreChips genres={post.genres ?? []} />

      {summary && (
        <p dir="auto" className={cn('leading-relaxed text-pretty', theme.body)}>
          {summary}
        </p>
      )}

      {image && (
        <img
          src={image}
          alt={t('feed.card.imageAlt', { title: post.title })}
          loading="lazy"
          className={cn('aspect-[16/10] w-full bg-zinc-100 object-cover', theme.media)}
        />
      )}
      {playable && video && (
        <div className="relative z-10">
          {/* A play in the feed is a play of the josie's video (docs/decisions/0050-curator-studio-counts.md). */}
          <StudioJosie value={post._id}>
            <VideoEmbed video={video} className={theme.media} />
          </StudioJosie>
        </div>
      )}

      {audio && (
        <AudioPreview audio={withKnownName(audio, audioListen)} links={audioListen?.links} theme={theme} />
      )}

      <footer className="mt-auto flex items-center gap-1 pt-2">
        <button
          type="button"
          className={cn(action, post.savedByMe && theme.actionOn)}
          aria-label={t('feed.card.save')}
          title={t('feed.card.save')}
          aria-pressed={post.savedByMe}
          aria-busy={saving || undefined}
          onClick={save}
        >
          <Bookmark className="size-5" aria-hidden="true" fill={post.savedByMe ? 'currentColor' : 'none'} />
        </button>
        <button
          type="button"
          className={cn(action, post.likedByMe && theme.actionOn)}
          aria-label={t('feed.card.like', { count: post.likeCount })}
          title={t('feed.card.likeTitle')}
          aria-pressed={post.likedByMe}
          aria-busy={liking || undefined}
          onClick={like}
        >
          <Heart className="size-5" aria-hidden="true" fill={post.likedByMe ? 'currentColor' : 'none'} />
          <span aria-hidden="true" className="tabular-nums">
            {post.likeCount}
          </span>
        </button>
        {commentsOn && (
          // The josie's comments (decision 0046), on its page.
          <Link
            to={`/josie/${post._id}#comments`}
            className={action}
            aria-label={t('feed.card.comments', { count: post.commentCount })}
            title={t('feed.card.comments', { count: post.commentCount })}
          >
            <MessageCircle className="size-5" aria-hidden="true" />
            <span aria-hidden="true" className="tabular-nums">
              {post.commentCount}
            </span>
          </Link>
        )}
        <button
          type="button"
          className={cn(action, 'ms-auto')}
          aria-label={t('feed.card.share')}
          title={t('feed.card.share')}
          onClick={() => void shareJosie(post)}
        >
          <Share2 className="size-5" aria-hidden="true" />
        </button>
      </footer>
    </article>
  );
});

/**
 * The audio preview (docs/product/routes-and-roles.md#home-and-feed): a round cover with a play icon that
 * opens the audio link in a new tab, beside the item's name and provider. The link is the item on the
 * listener's service when it is there (docs/decisions/0022-listen-on-your-own-service.md).
 */
function AudioPreview({
  audio,
  links,
  theme,
}: {
  audio: AudioItemContent;
  links: readonly ItemLink[] | undefined;
  theme: FeedThemeStyle;
}) {
  const { t } = useTranslation();
  const { provider: listensOn } = useListenProvider();
  const play = openedLink({ platform: audio.provider, url: audio.url }, links ?? [], listensOn);
  // Provider names are brands: the same in every language.
  const provider = PLATFORM_NAMES[play.platform];
  const name = useAudioItemLabel(audio);
  const cover = audio.image && isImageSource(audio.image) ? audio.image : null;
  return (
    <div className="relative z-10 flex items-center gap-3 self-start">
      <a
        href={play.url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('feed.card.playAudio', { name, provider })}
        className={cn(
          'group/play relative inline-flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-full',
          'bg-linear-to-br from-brand-500 to-violet-700 shadow-md ring-4 ring-white transition-transform hover:scale-105',
          focusRing,
        )}
      >
        {cover && (
          <img src={cover} alt="" loading="lazy" className="absolute inset-0 size-full object-cover" />
        )}
        <span className="relative inline-flex size-8 items-center justify-center rounded-full bg-white/90 text-zinc-950 shadow">
          <Play className="size-4 translate-x-px fill-current" aria-hidden="true" />
        </span>
      </a>
      <div className="flex min-w-0 flex-col text-start">
        <span dir="auto" className={cn('line-clamp-2 text-sm font-semibold', theme.title)}>
          {name}
        </span>
        <span dir="auto" className={cn('text-xs', theme.meta)}>
          {audio.artist ? `${audio.artist} · ${provider}` : provider}
        </span>
      </div>
    </div>
  );
}
