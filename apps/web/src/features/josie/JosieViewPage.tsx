import { type Josie, songCount } from '@josie/contract';
import { SearchX, Share2 } from 'lucide-react';
import { type ReactNode, Suspense, useDeferredValue, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { referringSurface, StudioJosie, track } from '../../analytics';
import { usePageTitle } from '../../analytics/RouteTracker';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/errorText';
import { useFlag } from '../../flags/useFlags';
import { loadAllTexts } from '../../i18n';
import { HeaderMenu } from '../../layout/HeaderMenu';
import { LogoLink } from '../../layout/Logo';
import { formatDate } from '../../lib/dates';
import { lazyComponent } from '../../lib/lazyPage';
import { useSession } from '../../session/SessionProvider';
import { Button, buttonClasses } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { HeaderSearch } from '../discovery';
import { CreatorHero, coverArt } from './components/CreatorHero';
import { FollowButton } from './components/FollowButton';
import { GenreChips } from './components/GenreChips';
import { JosieParagraphs } from './components/JosieParagraphs';
import { useJosie } from './read';
import { shareJosie } from './share';

// Only a failed load shows it: a chunk of its own keeps it (and its icon) off the first page's scripts
// (docs/performance.md); its message shows at once while it loads.
const ErrorBox = lazyComponent(() => import('../../ui/ErrorBox'), { export: 'ErrorBox' });

// Only editors and admins review: the panel's code (mutations, reason box) and its texts (the `review` area,
// not bundled with the first pages' English) load for them alone (docs/performance.md).
const ReviewPanel = lazyComponent(() => import('./ReviewPanel'), { with: loadAllTexts });
// The status, edit link and rejection reason show to the creator and reviewers only: a visitor, who opens
// most josie pages from a shared link, does not load them (docs/performance.md, 170 KB budget).
const JosieOwnerBar = lazyComponent(() => import('./components/JosieOwnerBar'));
// Comments (decision 0046) show while their flag is on: their code and texts (the `comments` area) load
// after the josie, so a reader of the josie alone pays nothing for them (docs/performance.md).
const CommentsSection = lazyComponent(() => import('../comments/CommentsSection'), { with: loadAllTexts });
// Reporting a josie (decision 0047): its menu and dialog load for a signed-in reader who did not create it.
const ReportMenu = lazyComponent(() => import('../reports/ReportMenu'), { with: loadAllTexts });

/**
 * The view's top bar (docs/product/routes-and-roles.md#josie-page): the logo linking home, the header's search
 * and its menu toggle.
 */
function TopBar() {
  const { t } = useTranslation();
  return (
    <header>
      <nav
        aria-label={t('nav.primary')}
        className="relative z-30 mx-auto flex h-16 w-full max-w-[750px] items-center justify-between gap-3 px-4"
      >
        <LogoLink />
        <div className="flex items-center gap-2">
          <HeaderSearch />
          <HeaderMenu />
        </div>
      </nav>
    </header>
  );
}

/** The page frame around a state that has no josie to show (loading, error, not found). */
function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-linear-to-b from-brand-50 to-zinc-50">
      <TopBar />
      <main id="main" className="mx-auto w-full max-w-[750px] px-4 py-10">
        {children}
      </main>
    </div>
  );
}

/**
 * A loaded josie: hero, management row, title, 'N songs', the genres and the paragraphs
 * (docs/product/routes-and-roles.md#josie-page). Also rendered on the server for a visitor's first paint
 * (`src/prerender/josiePage.tsx`, docs/performance.md).
 */
export function JosieView({ josie }: { josie: Josie }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  // A josie may reach the view without its creator (docs/product/routes-and-roles.md#josie-page: Unknown
  // Curator), and then has no owner and no one to follow.
  const creator = josie.creator ?? null;
  const owner = Boolean(user && creator && user._id === creator._id);
  // What this viewer may do, as the server decided it (docs/decisions/0015-endpoints-in-the-contract.md).
  const may = josie.abilities;
  const songs = songCount(josie);
  const shownDate = josie.publishedAt ?? josie.updatedAt;
  const commentsOn = useFlag('comments');

  usePageTitle(josie.title);
  // One view per josie shown, with where the reader came from: the studio counts it once per reader and
  // day (docs/decisions/0050-curator-studio-counts.md).
  const published = josie.status === 'published';
  useEffect(() => {
    if (published) track('josie_view', { josie_id: josie._id, surface: referringSurface() });
  }, [josie._id, published]);

  return (
    <div className="min-h-dvh bg-zinc-50">
      <CreatorHero
        creator={creator}
        cover={coverArt(josie.paragraphs)}
        top={<TopBar />}
        actions={creator?._id ? <FollowButton curatorId={creator._id} /> : null}
      />
      <main id="main" className="mx-auto flex w-full max-w-[750px] flex-col gap-8 px-4 pt-8 pb-16">
        {(may.seeReviews || (owner && josie.status === 'rejected')) && (
          <Suspense fallback={null}>
            <JosieOwnerBar josie={josie} owner={owner} />
          </Suspense>
        )}
        {may.review && (
          <Suspense fallback={<Spinner />}>
            <ReviewPanel josie={josie} />
          </Suspense>
        )}

        <article className="flex flex-col gap-6">
          <header className="flex flex-col gap-3">
            <h1
              dir="auto"
              className="text-start text-4xl leading-tight font-extrabold tracking-tight text-balance wrap-anywhere text-zinc-950 sm:text-5xl"
            >
              {josie.title}
            </h1>
            <p className="flex flex-wrap items-center gap-x-2 text-sm font-medium text-zinc-600">
              {/* A josie of videos and words only has no songs to count (docs/product/rules-and-limits.md). */}
              {songs > 0 && (
                <>
                  <span>{t('josie.view.songs', { count: songs })}</span>
                  <span aria-hidden="true">·</span>
                </>
              )}
              <time dateTime={shownDate}>{formatDate(shownDate, i18n.resolvedLanguage)}</time>
            </p>
            <GenreChips genres={josie.genres ?? []} />
            {published && (
              <div className="flex items-center justify-end gap-1">
                {/* Anyone may pass a published josie's link on; a share is the studio's josie_share (decision 0050). */}
                <Button variant="ghost" size="sm" onClick={() => void shareJosie(josie)}>
                  <Share2 className="size-4" aria-hidden="true" />
                  {t('feed.card.share')}
                </Button>
                {user && !owner && (
                  <Suspense fallback={null}>
                    <ReportMenu target={{ type: 'josie', id: josie._id }} />
                  </Suspense>
                )}
              </div>
            )}
          </header>
          {/* Its players and "Also on" links count in the studio while it is published (decision 0050). */}
          <StudioJosie value={published ? josie._id : null}>
            <JosieParagraphs paragraphs={josie.paragraphs} title={josie.title} listen={josie.listen ?? []} />
          </StudioJosie>
        </article>
        {commentsOn && josie.status === 'published' && (
          <Suspense fallback={<Spinner />}>
            <CommentsSection josie={josie} />
          </Suspense>
        )}
      </main>
    </div>
  );
}

/**
 * `/josie/:id`, the public josie view outside the header layout
 * (docs/product/routes-and-roles.md#josie-page): a spinner while loading, the not-found message for a josie
 * that does not exist (or is not visible to the caller: the server answers 404 for both), an error box for
 * any other failure (the server's message, else the page's own `josie.loadError`, never the HTTP status
 * words), else the josie.
 */
export default function JosieViewPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useJosie(id);
  // The query store's updates render synchronously, in one long task; the josie itself renders at
  // transition priority, in slices that leave the main thread free between them (docs/performance.md). Until
  // then the previous state (the spinner, or the josie before a refetch) stays.
  const josie = useDeferredValue(query.data);
  const missing = !josie && query.error instanceof ApiError && query.error.status === 404;
  // The view names the page by the josie's title; a josie that is not there, or did not load, names it
  // here, so the navigation's page_view is sent (analytics/RouteTracker.tsx).
  usePageTitle(josie ? undefined : missing ? t('josie.view.notFoundTitle') : query.error ? null : undefined);

  if (josie) return <JosieView josie={josie} />;
  if (missing) {
    return (
      <Frame>
        <div className="flex flex-col items-center gap-4 rounded-3xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-zinc-200">
          <span className="rounded-full bg-brand-50 p-3 text-brand-700">
            <SearchX className="size-7" aria-hidden="true" />
          </span>
          <h1 className="text-2xl font-bold text-zinc-950">{t('josie.view.notFoundTitle')}</h1>
          <p className="max-w-md text-zinc-600">{t('josie.view.notFoundDescription')}</p>
          <Link to="/" className={buttonClasses('primary', 'md')}>
            {t('common.backHome')}
          </Link>
        </div>
      </Frame>
    );
  }
  if (query.error) {
    return (
      <Frame>
        <Suspense fallback={<p role="alert">{errorText(t, query.error, t('josie.loadError'))}</p>}>
          <ErrorBox
            message={errorText(t, query.error, t('josie.loadError'))}
            onRetry={() => void query.refetch()}
          />
        </Suspense>
      </Frame>
    );
  }
  return (
    <Frame>
      <div className="flex min-h-[40vh] items-center justify-center">
        <Spinner size="lg" />
      </div>
    </Frame>
  );
}
