/**
 * Which image links the app shows and stores (docs/product/rules-and-limits.md#image-links rules 2-4),
 * without zod: the josie page decides with it whether to draw an image, and zod (25 KB gzip) must not be part
 * of that page's first scripts (docs/performance.md). `josies.ts` builds the `ImageSource` schema on it.
 */

// The contract's type environment has no DOM or Node types (see media-urls.ts); the WHATWG URL parser is a
// global in every runtime the contract runs in (browsers, Node).
declare const URL: new (input: string) => { readonly protocol: string; readonly hostname: string };

/** The files we store: `/media/<folders>/<name>.<ext>`, no `..` or empty segment. */
const MEDIA_PATH = /^\/media\/[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*\.[A-Za-z0-9]+$/;

/** A real domain name: at least two labels, a 2-63 letter top level (zod's `z.regexes.domain`). */
const DOMAIN = /^(?=.{1,253}$)([a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,63}$/;

/** Whether `value` (trimmed) parses as a URL with the https scheme and a real domain as host. */
function isHttpsLink(value: string): boolean {
  let url: { protocol: string; hostname: string };
  try {
    url = new URL(value.trim());
  } catch {
    return false;
  }
  return url.protocol === 'https:' && DOMAIN.test(url.hostname);
}

/**
 * Whether an image may come from `value`: an `https://` link on a real domain (at least two labels,
 * docs/product/rules-and-limits.md#image-links rules 2-4), or a file we store (`/media/...`). Anything else
 * (`http:`, `data:`, `javascript:`, `..`) is refused.
 */
export function isImageSource(value: string): boolean {
  return MEDIA_PATH.test(value) || isHttpsLink(value);
}
