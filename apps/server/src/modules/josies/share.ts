import { excerpt, type Josie, type Language } from '@josie/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import type { HtmlTransform } from '../../plugins/web.js';
import { type JosiePageRenderer, pageLanguage } from './prerender.js';
import { isUuid } from './queries.js';
import type { JosiesService } from './service.js';

const SITE_NAME = 'Josie';
/** `/josie/{id}` (with an optional trailing slash); `/josie/new` and `/josie/edit/{id}` do not match a uuid. */
const JOSIE_PAGE = /^\/josie\/([^/]+)\/?$/;
/** Tags of the shell that a josie's own tags replace. */
const REPLACED_TAGS =
  /\s*<meta\s+(?:property="og:[^"]*"|name="twitter:[^"]*"|name="description")[^>]*>|\s*<title>[\s\S]*?<\/title>/gi;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for an HTML attribute value or element content. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** The picture of a shared josie: its image, else its audio item's cover. */
function shareImage(josie: Josie): string | null {
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
 */
export function josieShareTags(josie: Josie, publicUrl: string): { title: string; tags: string[] } {
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
  if (image) meta.push(['property', 'og:image', absolute(publicUrl, image)]);
  // A large card needs a picture; without one the summary card is the honest choice.
  meta.push(['name', 'twitter:card', image ? 'summary_large_image' : 'summary']);
  meta.push(['name', 'twitter:title', josie.title], ['name', 'twitter:description', description]);
  if (image) meta.push(['name', 'twitter:image', absolute(publicUrl, image)]);
  return {
    title: `${josie.title} · ${SITE_NAME}`,
    tags: meta.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">`),
  };
}

/**
 * `html` with `body` as the content of its empty `#root` (marked with its language, which `shell.js`
 * checks against the app's) and `<html lang dir>` set for `language`; unchanged when it has no empty root.
 */
export function withFirstPaint(html: string, body: string, language: Language): string {
  const root = '<div id="root"></div>';
  if (!html.includes(root)) return html;
  const dir = language === 'he' ? 'rtl' : 'ltr';
  return html
    .replace(/<html[^>]*>/, () => `<html lang="${language}" dir="${dir}">`)
    .replace(root, () => `<div id="root" data-lang="${language}">${body}</div>`);
}

/** The id of the `<script type="application/json">` holding a visitor's answer (read by the web's `api/firstAnswer.ts`). */
export const FIRST_ANSWER_ELEMENT_ID = 'josie-first-answer';

/**
 * A JSON text as the content of a `<script type="application/json">` data block: `<` is written as its
 * JSON escape, so no `</script>` or `<!--` inside a title or text can end the block (JSON.parse reads
 * it back unchanged). A data block is never run, so the CSP's script rules do not apply to it.
 */
export function jsonDataBlock(id: string, path: string, json: string): string {
  return `<script type="application/json" id="${id}" data-path="${escapeHtml(path)}">${json.replace(/</g, '\\u003c')}</script>`;
}

/**
 * For `GET /josie/{id}` of a published josie, rewrites the app shell's `<head>`:
 * - the josie's title and its Open Graph and Twitter tags, so a shared link previews (issue 3; spec 000
 *   §5 excerpt);
 * - `GET /api/josies/{id}`'s answer to a visitor, byte for byte (from the read cache when it holds it),
 *   in a JSON data block (issue 9): a visitor's app renders the josie in its first render instead of
 *   requesting it once its scripts have run;
 * - with `renderPage` (the web build's server rendering, `loadJosiePageRenderer`), the josie view
 *   itself in `#root`, in the visitor's language ({@link pageLanguage}): the page's largest paint (its first
 *   paragraph) no longer waits for the app's scripts (issue 9), and the josie reads without JavaScript.
 * Unknown, pending and rejected josies, and every other page, get the shell unchanged.
 */
export function josieShareTransform(
  ctx: AppContext,
  josies: Pick<JosiesService, 'get'>,
  renderPage?: JosiePageRenderer,
): HtmlTransform {
  // Undefined when the josie is not visible to a visitor (unknown, pending or rejected).
  const visitorAnswer = async (id: string): Promise<string | undefined> => {
    try {
      return (await ctx.reads.josie(null, id))?.body ?? JSON.stringify(await josies.get(null, id));
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
    const { title, tags } = josieShareTags(josie, ctx.config.publicUrl);
    tags.push(jsonDataBlock(FIRST_ANSWER_ELEMENT_ID, `/api/josies/${id}`, answer));
    const head = `<title>${escapeHtml(title)}</title>\n    ${tags.join('\n    ')}\n  `;
    const cleaned = html.replace(REPLACED_TAGS, '');
    if (!cleaned.includes('</head>')) return undefined;
    const page = cleaned.replace('</head>', () => `${head}</head>`);
    if (!renderPage) return page;
    const language = pageLanguage(request, (await ctx.flags.all()).language_select);
    try {
      return withFirstPaint(page, renderPage(josie, language, path), language);
    } catch (err) {
      // The page still works without its first paint: the app renders the josie from the answer.
      request.log.error({ err, josieId: id }, 'rendering the josie page on the server failed');
      return page;
    }
  };
}
