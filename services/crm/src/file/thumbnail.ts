import type sharpModule from 'sharp';

/** Thumbnails fit in this square, keeping the image's proportions; small images are not enlarged. */
export const THUMBNAIL_SIZE = 256;

const IMAGE_MIMES = new Set(['image/png', 'image/jpeg', 'image/gif']);

let sharp: typeof sharpModule | null = null;

/** A JPEG thumbnail of an image file (EXIF orientation applied), or null for documents. */
export async function makeThumbnail(bytes: Buffer, mime: string): Promise<Buffer | null> {
  if (!IMAGE_MIMES.has(mime)) return null;
  // loaded at the first image, not at start: libvips holds about 20 MB resident (deploy/README.md, "Memory")
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  sharp ??= require('sharp') as typeof sharpModule;
  return sharp(bytes, { failOn: 'error' })
    .rotate()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 80 })
    .toBuffer();
}
