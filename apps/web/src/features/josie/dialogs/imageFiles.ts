import { LIMITS } from '@josie/contract';

/** Why chosen files were refused, in the order the checks run (docs/product/rules-and-limits.md#image-uploads). */
export type ImageFilesError = 'notImage' | 'tooLarge' | 'noValidImages';

/** Result of {@link validateImageFiles}: the file to upload, or why none can be. */
export type ImageFilesResult =
  | { ok: true; file: File; valid: File[] }
  | { ok: false; error: ImageFilesError };

/** Whether the browser can decode `file` as an image. */
export async function decodesAsImage(file: Blob): Promise<boolean> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file);
      bitmap.close();
      return true;
    } catch {
      return false;
    }
  }
  const url = URL.createObjectURL(file);
  try {
    return await new Promise<boolean>((resolve) => {
      const image = new Image();
      image.onload = () => resolve(image.naturalWidth > 0);
      image.onerror = () => resolve(false);
      image.src = url;
    });
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * Checks chosen files in the spec's order (docs/product/rules-and-limits.md#image-uploads): every file has an
 * image type (`notImage`), every file is at most 5 MB (`tooLarge`), and at least one decodes
 * (`noValidImages`). Files that do not decode are dropped; only the first valid file is uploaded.
 */
export async function validateImageFiles(
  files: readonly File[],
  decode: (file: File) => Promise<boolean> = decodesAsImage,
): Promise<ImageFilesResult> {
  if (files.some((file) => !file.type.startsWith('image/'))) return { ok: false, error: 'notImage' };
  if (files.some((file) => file.size > LIMITS.imageMaxBytes)) return { ok: false, error: 'tooLarge' };
  const decoded = await Promise.all(files.map((file) => decode(file)));
  const valid = files.filter((_, index) => decoded[index]);
  const [first] = valid;
  return first ? { ok: true, file: first, valid } : { ok: false, error: 'noValidImages' };
}
