import { excerpt, firstPaintQuery, type Josie, oembedUrl, PAGE_QUERY_KEYS } from '@josie/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import {
  escapeHtml,
  firstPaintBlock,
  JsonText,
  type PageRenderers,
  pageLanguage,
  withFirstPaint,
  withHeadTags,
} from '../../lib/first-paint.js';
import type { HtmlTransform } from '../../plugins/web.js';
import type { ShareCard } from '../share-cards/index.js';
import { isUuid } from './queries.js';

const SITE_NAME = 'Josie';
/** `/josie/{id}` (with an optional trailing slash); `/josie/new` and `/josie/edit/{id}` do not match a uuid. */
const JOSIE_PAGE = /^\/josie\/([^/]+)\/?$/;
/** Tags of the shell that a josie's own tags replace. */
const REPLACED_TAGS =
  /\s*<meta\s+(?:property="og:[^"]*"|name="twitter:[^"]*"|name="description")[^>]*>|\s*<title>[\s\S]*?<\/title>/gi;

/** The picture of a shared josie: its image, else its audio item's cover. */
export function shareImage(josie: Josie): string | null {
  for (const p of josie.paragraphs) if (p.type === 'image' && p.content) return p.content;
  for (const p of josie.paragraphs) if (p.type === 'audioItem' && p.content.image) return p.content.image;
  return null;
}

/** Makes our own `/media/...` paths absolute; https links stay as they are. */
function absolute(publicUrl: string, url: string): string {
  return url.startsWith('/') ? `${publicUrl}${url}` : url;
}

/**
 * The `<head>` tags of a shared josie link: title, Open Graph (`og:title`, `og:description` = the
 * 25-word excerpt, `og:image`, `og:url`, `og:type` article) and Twitter card tags, every value escaped.
 * With `card` (its share card, once made: docs/decisions/0044-share-cards.md) the image tags are the card's,
 * with its size, and the Twitter card is the large one.
 */
export function josieShareTags(
  josie: Josie,
  publicUrl: string,
  card?: ShareCard,
): { title: string; tags: string[] } {
  const creatorName = josie.creator.name || undefined;
  const text = josie.paragraphs.find((p) => p.type === 'text')?.content;
  const description =
    typeof text === 'string' && text.trim()
      ? excerpt(text)
      : `A josie by ${creatorName || 'a curator'} on ${SITE_NAME}`;
  const image = shareImage(josie);
  const meta: [attr: 'property' | 'name', key: string, value: string][] = [
    ['name', 'description', description],
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:type', 'article'],
    ['property', 'og:title', josie.title],
    ['property', 'og:description', description],
    ['property', 'og:url', `${publicUrl}/josie/${josie._id}`],
  ];
  if (josie.publishedAt) meta.push(['property', 'article:published_time', josie.publishedAt]);
  if (creatorName) meta.push(['property', 'article:author', creatorName]);
  if (image && !card) meta.push(['property', 'og:image', absolute(publicUrl, image)]);
  // A large card needs a picture; without one the summary card is the honest choice.
  if (!card) meta.push(['name', 'twitter:card', image ? 'summary_large_image' : 'summary']);
  meta.push(['name', 'twitter:title', josie.title], ['name', 'twitter:description', description]);
  if (image && !card) meta.push(['name', 'twitter:image', absolute(publicUrl, image)]);
  return {
    title: `${josie.title} · ${SITE_NAME}`,
    tags: [
      ...meta.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">`),
      ...(card?.tags ?? []),
    ],
  };
}

/**
 * The oEmbed discovery link of a published josie's page (oEmbed 1.0, section 4;
 * docs/decisions/0043-embeds.md): `<link rel="alternate" type="application/json+oembed">` to
 * `GET /api/oembed` for the page's URL, so that a site given the josie's link can embed it.
 */
export function oembedDiscoveryTag(publicUrl: string, josie: Pick<Josie, '_id' | 'title'>): string {
  const href = oembedUrl(publicUrl, `${publicUrl}/josie/${josie._id}`);
  return `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(href)}" title="${escapeHtml(josie.title)}">`;
}

/**
 * For `GET /josie/{id}` of a published josie, rewrites the app shell's `<head>`:
 * - the josie's title and its Open Graph and Twitter tags, so a shared link previews
 *   (docs/product/rules-and-limits.md#josies), and its oEmbed discovery link ({@link oembedDiscoveryTag});
 * - `GET /api/josies/{id}`'s answer to a visitor, byte for byte (from the read cache when it holds it),
 * as a dehydrated query under the web's key of the josie (`PAGE_QUERY_KEYS.josie`) in the page's first-paint
 * block (docs/performance.md, decision 0017): a visitor's app renders the josie in its first render instead
 * of requesting it once its scripts have run;
 * - with `renderers` (the web build's server renderings, `loadPageRenderers`), the josie view itself in
 *   `#root`, in the visitor's language ({@link pageLanguage}): the page's largest paint (its first
 * paragraph) no longer waits for the app's scripts (docs/performance.md), and the josie reads without
 * JavaScript. Unknown, pending and rejected josies, and every other page, get the shell unchanged.
 */
export function josieShareTransform(
  ctx: AppContext,
  renderers?: Pick<PageRenderers, 'renderJosiePage'>,
): HtmlTransform {
  const { josies, reads, flags, shareCards } = ctx.services;
  // Undefined when the josie is not visible to a visitor (unknown, pending or rejected).
  const visitorAnswer = async (id: string): Promise<string | undefined> => {
    try {
      return (await reads.josie(null, id))?.body ?? JSON.stringify(await josies.get(null, id));
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 404) return undefined;
      throw err;
    }
  };
  return async (request, html) => {
    const path = request.url.split('?')[0] ?? '';
    const id = JOSIE_PAGE.exec(path)?.[1];
    if (!id || !isUuid(id)) return undefined;
    // The tags, the app's answer and the first paint all come from the one read a visitor's app would make.
    const answer = await visitorAnswer(id);
    if (answer === undefined) return undefined;
    const josie = JSON.parse(answer) as Josie;
    // The share card once made; until then the josie's own picture, and the card is made in the background.
    const card = await shareCards.josieCard(josie);
    const { title, tags } = josieShareTags(josie, ctx.config.publicUrl, card);
    tags.push(
      oembedDiscoveryTag(ctx.config.publicUrl, josie),
      firstPaintBlock([firstPaintQuery(PAGE_QUERY_KEYS.josie(id), new JsonText(answer), Date.now())]),
    );
    const cleaned = html.replace(REPLACED_TAGS, '');
    if (!cleaned.includes('</head>')) return undefined;
    const page = withHeadTags(cleaned, [`<title>${escapeHtml(title)}</title>`, ...tags]);
    if (!renderers) return page;
    const language = pageLanguage(request, (await flags.all()).language_select);
    try {
      return withFirstPaint(page, renderers.renderJosiePage(josie, language, path), language);
    } catch (err) {
      // The page still works without its first paint: the app renders the josie from the answer.
      request.log.error({ err, josieId: id }, 'rendering the josie page on the server failed');
      return page;
    }
  };
}
