import { CuratorsFeedQuery, type CuratorsFeedResponse, PreferencesResponse, User } from '@josie/contract';
import type { AppContext } from '../../context.js';
import {
  escapeHtml,
  jsonDataBlock,
  type PageRenderers,
  pageLanguage,
  withFirstPaint,
  withHeadTags,
} from '../../lib/first-paint.js';
import type { HtmlTransform } from '../../plugins/web.js';
import { sessionCookie } from '../auth/session-cookie.js';
import { createCuratorsService } from '../curators/service.js';
import { createPreferencesService } from '../preferences/service.js';
import { createFeedService } from './service.js';

/** Strip cards in view on a phone (~2.5 at 412 px): their pictures are the page's largest paint. */
const STRIP_PICTURES_IN_VIEW = 3;

/** The paths of the home feed's first reads, as the web app requests them. */
export const HOME_FEED_READS = {
  me: '/api/users/me',
  feed: '/api/josies/feed',
  curators: '/api/users/curators/feed',
  preferences: '/api/users/me/preferences',
} as const;

/**
 * For `GET /` with the session cookie of a listener or curator who finished onboarding (those `/` shows
 * the home feed: spec 000 §2, the web's `HomeRoute`), the page rendered for them (issue 9, decision 0008):
 * - the answers to the page's first reads (`/api/users/me`, the feed's first page and the curator strip
 *   from the read caches, the preferences), each as the API would answer them, in JSON data blocks marked
 *   with the user, which the app renders its first render from instead of requesting them;
 * - the strip's pictures in view, preloaded from the top of `<head>` (the page's largest paint);
 * - with `renderers` (the web build's server renderings), the page itself in `#root`, in the user's
 *   language as far as the server can tell ({@link pageLanguage}), marked with the user: the largest paint
 *   comes with the first instead of after the app's scripts, reads and render.
 *
 * The answer is personal: `Cache-Control: private, no-store`. Every other request gets the shell
 * unchanged; a cookie whose session is no longer valid (revoked, expired) is cleared.
 */
export function homeFeedPageTransform(
  ctx: AppContext,
  renderers?: Pick<PageRenderers, 'renderHomeFeedPage'>,
): HtmlTransform {
  const cookie = sessionCookie(ctx.config);
  const feed = createFeedService({ db: ctx.db });
  const curators = createCuratorsService({ db: ctx.db });
  const preferences = createPreferencesService({ db: ctx.db });
  const stripQuery = CuratorsFeedQuery.parse({});

  return async (request, html, reply) => {
    if ((request.url.split('?')[0] ?? '') !== '/') return undefined;
    const token = cookie.read(request);
    if (!token) return undefined;
    const viewer = await ctx.auth.resolveToken(token);
    if (!viewer) {
      cookie.clear(reply);
      return undefined;
    }
    // Admins and editors are sent to their dashboards, and onboarding comes before the feed.
    if (viewer.role !== 'listener' && viewer.role !== 'curator') return undefined;
    const me = await ctx.users.loadUser(viewer.id);
    if (!me.onboarding.completed) return undefined;
    const [page, strip, settings, flags] = await Promise.all([
      ctx.reads.firstFeedPage(viewer, () => feed.following(viewer, {})),
      ctx.reads.curatorStrip(stripQuery.limit, () => curators.feed(stripQuery)),
      preferences.get(viewer),
      ctx.flags.all(),
    ]);

    reply.header('cache-control', 'private, no-store');
    // Each answer exactly as its route sends it: parsed by the route's response schema (which drops what
    // the contract does not name), or the read cache's bytes.
    const answers: Record<string, string> = {
      [HOME_FEED_READS.me]: JSON.stringify(User.parse(me)),
      [HOME_FEED_READS.feed]: page.toString('utf8'),
      [HOME_FEED_READS.curators]: strip,
      [HOME_FEED_READS.preferences]: JSON.stringify(PreferencesResponse.parse(settings)),
    };
    const pictures = (JSON.parse(strip) as CuratorsFeedResponse).curators
      .slice(0, STRIP_PICTURES_IN_VIEW)
      .flatMap((card) => (card.avatar ? [card.avatar] : []))
      .map((src) => `<link rel="preload" as="image" href="${escapeHtml(src)}" fetchpriority="high">`);
    const blocks = Object.entries(answers).map(([path, json]) => jsonDataBlock(path, json, viewer.id));
    const withAnswers = withHeadTags(withHeadTags(html, pictures, 'start'), blocks);
    if (!renderers) return withAnswers;

    const language = pageLanguage(request, flags.language_select);
    try {
      const parsed = Object.fromEntries(
        Object.entries(answers).map(([path, json]) => [path, JSON.parse(json)]),
      );
      const body = renderers.renderHomeFeedPage(parsed, language);
      return withFirstPaint(withAnswers, body, language, viewer.id);
    } catch (err) {
      // The page still works without its first paint: the app renders it from the answers.
      request.log.error({ err, userId: viewer.id }, 'rendering the home feed on the server failed');
      return withAnswers;
    }
  };
}
