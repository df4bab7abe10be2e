import type { AudioItemContent } from '@josie/contract';

/**
 * A paragraph as the readers show it: the schemaVersion-2 kinds, with a video reduced to what a player
 * needs (its link and title).
 */
export type ShownParagraph =
  | { type: 'text'; content: string }
  | { type: 'image'; content: string }
  | { type: 'video'; content: { url: string; title: string } }
  | { type: 'audioItem'; content: AudioItemContent };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** One stored paragraph as a {@link ShownParagraph}, or null for a kind no reader shows. */
function readParagraph(value: unknown): ShownParagraph | null {
  if (!isRecord(value)) return null;
  const { type, content } = value;
  switch (type) {
    case 'text':
      return typeof content === 'string' ? { type, content } : null;
    case 'image':
    case 'image1':
      return typeof content === 'string' ? { type: 'image', content } : null;
    case 'video':
    case 'video1': {
      if (typeof content === 'string') return { type: 'video', content: { url: content, title: '' } };
      if (!isRecord(content) || typeof content.url !== 'string') return null;
      const title = typeof content.title === 'string' ? content.title : '';
      return { type: 'video', content: { url: content.url, title } };
    }
    case 'audioItem':
      return isRecord(content) && typeof content.url === 'string'
        ? { type, content: content as AudioItemContent }
        : null;
    default:
      return null;
  }
}

/**
 * A josie's paragraphs as its readers show them (docs/product/routes-and-roles.md#josie-page,
 * docs/product/differences.md#paragraph-types): `text`, `image` or `image1` (an image link), `video` or
 * `video1` (a link, or an object with `url` and `title`) and `audioItem`, in their order. Other kinds, and
 * entries whose content has the wrong shape, are skipped; anything but an array reads as no paragraphs. The
 * API answers the schemaVersion-2 names, but the josie page is not parsed with the contract's schema (its
 * first scripts carry no zod), so this is where a stored josie of another shape is made safe to render.
 */
export function readParagraphs(paragraphs: unknown): ShownParagraph[] {
  if (!Array.isArray(paragraphs)) return [];
  const out: ShownParagraph[] = [];
  for (const paragraph of paragraphs) {
    const shown = readParagraph(paragraph);
    if (shown) out.push(shown);
  }
  return out;
}
