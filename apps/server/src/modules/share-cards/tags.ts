import { escapeHtml } from '../../lib/first-paint.js';
import { CARD_HEIGHT, CARD_WIDTH } from './render.js';

/**
 * The `<head>` tags of the share card at `url` (docs/decisions/0044-share-cards.md): `og:image` with its type
 * and its width and height in pixels, `twitter:card` `summary_large_image` and `twitter:image`, values
 * escaped.
 */
export function shareCardTags(url: string): string[] {
  const meta: [attr: 'property' | 'name', key: string, value: string][] = [
    ['property', 'og:image', url],
    ['property', 'og:image:type', 'image/png'],
    ['property', 'og:image:width', String(CARD_WIDTH)],
    ['property', 'og:image:height', String(CARD_HEIGHT)],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:image', url],
  ];
  return meta.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">`);
}
