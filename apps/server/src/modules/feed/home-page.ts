import {
  CuratorsFeedQuery,
  type CuratorsFeedResponse,
  type FeedResponse,
  type FirstPaintQuery,
  firstPaintQuery,
  PAGE_QUERY_KEYS,
  PreferencesResponse,
  User,
} from '@josie/contract';
import type { AppContext } from '../../context.js';
import {
  escapeHtml,
  firstPaintBlock,
  type PageRenderers,
  pageLanguage,
  withFirstPaint,
  withHeadTags,
} from '../../lib/first-paint.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { HtmlTransform } from '../../plugins/web.js';
import { sessionCookie } from '../auth/index.js';
import { userAbilities } from '../users/index.js';

/** Strip cards in view on a phone (~2.5 at 412 px): their pictures are the page's largest paint. */
const STRIP_PICTURES_IN_VIEW = 3;

/**
 * The query keys of the home feed's first reads, as the web app's key factories name them (the contract's
 * `pages.ts`): the user, the following feed's pages, the curator strip and the preferences.
 */
export const HOME_FEED_KEYS = {
  me: PAGE_QUERY_KEYS.servedUser,
  feed: PAGE_QUERY_KEYS.feedPages('following'),
  curators: PAGE_QUERY_KEYS.curatorStrip,
  preferences: PAGE_QUERY_KEYS.preferences,
} as const;

/**
 * For `GET /` with the session cookie of a listener or curator who finished onboarding (those `/` shows
 * the home feed: docs/product/routes-and-roles.md#home-and-feed, the web's `HomeRoute`), the page rendered
 * for them (docs/performance.md, decision 0008):
 * - the answers to the page's first reads (`/api/users/me`, the feed's first page and the curator strip
 *   from the read caches, the preferences), each as the API would answer them, as a TanStack dehydrated
 *   state under the web's query keys ({@link HOME_FEED_KEYS}) in one JSON data block marked with the user
 *   (decision 0017), which the app hydrates its first render from instead of requesting them;
 * - the strip's pictures in view, preloaded from the top of `<head>` (the page's largest paint);
 * - with `renderers` (the web build's server renderings), the page itself in `#root`, in the user's
 *   language as far as the server can tell ({@link pageLanguage}), marked with the user: the largest paint
 *   comes with the first instead of after the app's scripts, reads and render.
 *
 * The answer is personal: `Cache-Control: private, no-store`. Every other request gets the shell
 * unchanged: other paths, requests that are not navigations (`Sec-Fetch-Mode`), users `/` shows no
 * feed, and, through the web plugin, any failure of the reads (logged). A cookie whose session is no
 * longer valid (revoked, expired, forged) is cleared.
 */
export function homeFeedPageTransform(
  ctx: AppContext,
  renderers?: Pick<PageRenderers, 'renderHomeFeedPage'>,
): HtmlTransform {
  const cookie = sessionCookie(ctx);
  const { feed, curators, preferences, users, reads } = ctx.services;
  const stripQuery = CuratorsFeedQuery.parse({});

  /**
   * The answers to the page's first reads as dehydrated queries, or undefined where `/` is no feed.
   */
  async function firstReads(viewer: AuthUser) {
    // Whoever administers or reviews is sent to a dashboard (the web's `dashboardPath`, on the same
    // abilities), and onboarding comes before the feed.
    const may = userAbilities(viewer.role);
    if (may.administer || may.review) return undefined;
    const me = User.parse(await users.loadUser(viewer.id));
    if (!me.onboarding.completed) return undefined;
    const [page, strip, settings, flags] = await Promise.all([
      feed.following(viewer, {}),
      reads.curatorStrip(stripQuery.limit, () => curators.feed(stripQuery)),
      preferences.get(viewer).then((answer) => PreferencesResponse.parse(answer)),
      ctx.services.flags.all(),
    ]);
    const readAt = Date.now();
    // Each answer as its route sends it (parsed by the route's response schema, which drops what the
    // contract does not name; the read caches' answers parsed from their bytes), in the shape the web's
    // queries hold: the feed's first page in an infinite query's pages, the strip's cards without their
    // envelope.
    const cards = JSON.parse(strip) as CuratorsFeedResponse;
    const firstPage = (JSON.parse(page.toString()) as FeedResponse).data;
    const queries: FirstPaintQuery[] = [
      firstPaintQuery(HOME_FEED_KEYS.me, me, readAt),
      firstPaintQuery(HOME_FEED_KEYS.feed, { pages: [firstPage], pageParams: [null] }, readAt, 'infinite'),
      firstPaintQuery(HOME_FEED_KEYS.curators, cards.curators, readAt),
      firstPaintQuery(HOME_FEED_KEYS.preferences, settings, readAt),
    ];
    return { queries, cards, languageSelect: flags.language_select };
  }

  return async (request, html, reply) => {
    if ((request.url.split('?')[0] ?? '') !== '/') return undefined;
    // A script's fetch of `/` gets the shell: the rendering is for a page being opened. (`Sec-Fetch-Mode`,
    // not `-Dest`: the service worker passes a navigation on with the destination `empty`.)
    const mode = request.headers['sec-fetch-mode'];
    if (mode !== undefined && mode !== 'navigate') return undefined;
    // A failure of the reads (a database hiccup) throws: the web plugin then serves the shell unchanged,
    // and the app makes the reads itself.
    const viewer = await cookie.user(request);
    const reads = viewer ? await firstReads(viewer) : undefined;
    if (viewer === null) cookie.clear(reply);
    if (!viewer || !reads) return undefined;

    reply.header('cache-control', 'private, no-store');
    const pictures = reads.cards.curators
      .slice(0, STRIP_PICTURES_IN_VIEW)
      .flatMap((card) => (card.avatar ? [card.avatar] : []))
      .map((src) => `<link rel="preload" as="image" href="${escapeHtml(src)}" fetchpriority="high">`);
    const block = firstPaintBlock(reads.queries, viewer.id);
    const withAnswers = withHeadTags(withHeadTags(html, pictures, 'start'), [block]);
    if (!renderers) return withAnswers;

    const language = pageLanguage(request, reads.languageSelect);
    try {
      const body = renderers.renderHomeFeedPage({ queries: reads.queries }, language);
      return withFirstPaint(withAnswers, body, language, viewer.id);
    } catch (err) {
      // The page still works without its first paint: the app renders it from the answers.
      request.log.error({ err, userId: viewer.id }, 'rendering the home feed on the server failed');
      return withAnswers;
    }
  };
}
