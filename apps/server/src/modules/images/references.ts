import type { Storage } from '../../adapters/storage.js';
import type { Executor } from '../../db/client.js';
import { deleteMediaRows, referencedMediaUrls } from './queries.js';

/** A stored file as the `media` table records it. */
export interface MediaRow {
  id: string;
  storageKey: string;
}

/** The image URLs a josie's paragraphs show (current `image` and legacy `image1` paragraphs). */
export function josieImageUrls(paragraphs: readonly { type: string; content: unknown }[]): string[] {
  return paragraphs
    .filter((p) => (p.type === 'image' || p.type === 'image1') && typeof p.content === 'string')
    .map((p) => p.content as string);
}

/** The storage keys of the URLs among `urls` that point into our storage (others are links elsewhere). */
export function storageKeysOf(storage: Pick<Storage, 'publicUrl'>, urls: readonly string[]): string[] {
  const prefix = storage.publicUrl('');
  return urls.filter((u) => u.startsWith(prefix)).map((u) => u.slice(prefix.length));
}

/**
 * Deletes the rows among `rows` whose file nothing shows any more (no josie's image paragraph, no avatar,
 * no header image), whoever uploaded it, and answers their storage keys: the caller removes those files,
 * after its transaction commits. A file still shown keeps its row (decision 0010: a file lives while
 * anything references it).
 */
export async function releaseUnreferencedMedia(
  db: Executor,
  storage: Pick<Storage, 'publicUrl'>,
  rows: readonly MediaRow[],
): Promise<string[]> {
  const shown = await referencedMediaUrls(
    db,
    rows.map((r) => storage.publicUrl(r.storageKey)),
  );
  const released = rows.filter((r) => !shown.has(storage.publicUrl(r.storageKey)));
  await deleteMediaRows(
    db,
    released.map((r) => r.id),
  );
  return released.map((r) => r.storageKey);
}
