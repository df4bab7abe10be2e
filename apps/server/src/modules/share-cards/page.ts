import type { AppContext } from '../../context.js';
import { withHeadTags } from '../../lib/first-paint.js';
import type { HtmlTransform } from '../../plugins/web.js';

/** `/curator/{id}` (with an optional trailing slash). */
const CURATOR_PAGE = /^\/curator\/([^/]+)\/?$/;
/** The shell's image tags, which a page's own card replaces. */
const IMAGE_TAGS = /\s*<meta\s+(?:property="og:image[^"]*"|name="twitter:(?:card|image)[^"]*")[^>]*>/gi;

/**
 * For `GET /curator/{id}` of a user with a public card (one who has published), adds the curator's share
 * card to the page's `<head>` as `og:image` and `twitter:image` (docs/decisions/0044-share-cards.md), in
 * place of any image tags the shell has. Until the card is made it is asked for in the background and the
 * page goes out as it is: a page never waits for a drawing. Every other page, unknown users and users who
 * never published get the shell unchanged. Only the image tags: the page's other head tags (its feed
 * links) are other transforms' business.
 */
export function curatorShareCardTransform(ctx: AppContext): HtmlTransform {
  const { shareCards } = ctx.services;
  return async (request, html) => {
    const id = CURATOR_PAGE.exec(request.url.split('?')[0] ?? '')?.[1];
    if (!id) return undefined;
    const card = await shareCards.curatorCard(id);
    if (!card || !html.includes('</head>')) return undefined;
    return withHeadTags(html.replace(IMAGE_TAGS, ''), card.tags);
  };
}
