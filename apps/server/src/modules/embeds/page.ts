import { EMBED_DATA_BLOCK_ID, EMBED_PAGE_PATH, type Josie, type Language } from '@josie/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { escapeHtml, withHeadTags } from '../../lib/first-paint.js';

/**
 * Whether `url` (a request's path and query) is a josie's embed page, `/embed/josie/{id}`: the only page
 * other sites may frame (`frame-ancestors *`, no `X-Frame-Options`; every other answer is `'none'` and
 * `DENY`, docs/decisions/0043-embeds.md). A not-found embed is framable too, so a removed josie's frame says
 * so in its reader's language instead of showing the browser's refusal.
 */
export function isEmbedPage(url: string): boolean {
  return EMBED_PAGE_PATH.test(url.split('?')[0] ?? '');
}

/**
 * A published josie as a visitor reads it: `GET /api/josies/{id}`'s answer (from the read cache when it
 * holds it, byte for byte) and the josie it is; undefined for an unknown, pending, rejected or deleted josie
 * (decision 0033: the read cache holds published josies only; the service answers 404 for the rest).
 */
export async function visitorJosie(
  services: Pick<AppContext['services'], 'reads' | 'josies'>,
  id: string,
): Promise<{ josie: Josie; body: string } | undefined> {
  try {
    const cached = await services.reads.josie(null, id);
    if (cached) return { josie: JSON.parse(cached.body) as Josie, body: cached.body };
    const josie = await services.josies.get(null, id);
    return { josie, body: JSON.stringify(josie) };
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 404) return undefined;
    throw err;
  }
}

/**
 * The embed page (`embed.html` of the web build) for one request: `<html lang dir>` for `language`, the
 * josie's title, and the josie's answer (`body`, a JSON text written as it is, `<` escaped so no text inside
 * can end the block) in the data block the page renders from ({@link EMBED_DATA_BLOCK_ID}). Without a josie
 * the page has no block and draws the not-found embed.
 */
export function embedPageHtml(
  html: string,
  language: Language,
  josie?: { title: string; body: string },
): string {
  const dir = language === 'he' ? 'rtl' : 'ltr';
  const marked = html.replace(/<html[^>]*>/, () => `<html lang="${language}" dir="${dir}">`);
  if (!josie) return marked;
  const titled = marked.replace(
    /<title>[\s\S]*?<\/title>/,
    () => `<title>${escapeHtml(josie.title)} · Josie</title>`,
  );
  const data = josie.body.replace(/</g, '\\u003c');
  return withHeadTags(titled, [
    `<script type="application/json" id="${EMBED_DATA_BLOCK_ID}">${data}</script>`,
  ]);
}
