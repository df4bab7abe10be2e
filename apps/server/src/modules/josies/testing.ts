/**
 * Test helpers of the josies and review features (imported by `*.test.ts` only): multipart forms, real
 * images made with sharp, and the paragraphs a josie is made of. Josies themselves come from
 * `test/factories.ts`.
 */
import sharp from 'sharp';

/** Real Spotify and YouTube items (the same recordings the demo seed uses). */
export const MEDIA = {
  track: 'https://open.spotify.com/track/0VjIjW4GlUZAMYd2vXMi3b?si=abc', // Blinding Lights
  video: 'https://youtu.be/fJ9rUzIMcZQ?si=x', // Bohemian Rhapsody
};

/** A small real PNG (solid colour), made with sharp. */
export function pngImage(width = 64, height = 48, background = '#ff3d8e'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/** A JPEG carrying EXIF (camera, GPS-like comment, orientation 6 = rotate 90° clockwise to display). */
export function jpegWithExif(width = 80, height = 40): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#87a9ff' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Secret Model' },
      IFD2: { UserComment: 'taken at 32.0853 N, 34.7818 E' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/**
 * A multipart form as the web app sends it: `title`, `paragraphs` and `genres` (both JSON text), an edit's
 * `baseVersion` (docs/decisions/0041-edits-carry-their-version.md) and an optional file.
 */
export function josieForm(
  fields: { title?: string; paragraphs?: unknown; genres?: unknown; baseVersion?: number },
  file?: { bytes: Buffer; field?: string; name?: string; type?: string },
): FormData {
  const form = new FormData();
  if (fields.title !== undefined) form.append('title', fields.title);
  if (fields.paragraphs !== undefined) form.append('paragraphs', JSON.stringify(fields.paragraphs));
  if (fields.genres !== undefined) form.append('genres', JSON.stringify(fields.genres));
  if (fields.baseVersion !== undefined) form.append('baseVersion', String(fields.baseVersion));
  if (file) {
    form.append(
      file.field ?? 'image',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' }),
      file.name ?? 'picture.png',
    );
  }
  return form;
}

/** Paragraphs with text, a video and an audio item (no image). */
export function fullParagraphs(text = 'Night drives need synths.') {
  return [
    { type: 'text', content: text },
    { type: 'video', content: { url: MEDIA.video, title: 'Bohemian Rhapsody', channelTitle: 'Queen' } },
    { type: 'audioItem', content: { name: 'Blinding Lights', url: MEDIA.track, image: null } },
  ];
}
