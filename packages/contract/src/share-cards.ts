import { z } from 'zod';
import { text } from './common.js';

/**
 * The path of a share card (docs/decisions/0044-share-cards.md): the josie's or curator's id and the
 * card's name. Any text is accepted: a malformed id or name is an unknown card (404), as an unknown josie is.
 */
export const ShareCardParams = z.object({ id: text().max(100), card: text().max(100) });
export type ShareCardParams = z.infer<typeof ShareCardParams>;

/** A share card's size in pixels (Open Graph's and `summary_large_image`'s 1.91:1). */
export const SHARE_CARD_SIZE = { width: 1200, height: 630 } as const;
