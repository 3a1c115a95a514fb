import sharp from 'sharp';

/** Thumbnails fit in this square, keeping the image's proportions; small images are not enlarged. */
export const THUMBNAIL_SIZE = 256;

const IMAGE_MIMES = new Set(['image/png', 'image/jpeg', 'image/gif']);

/** A JPEG thumbnail of an image file (EXIF orientation applied), or null for documents. */
export async function makeThumbnail(bytes: Buffer, mime: string): Promise<Buffer | null> {
  if (!IMAGE_MIMES.has(mime)) return null;
  return sharp(bytes, { failOn: 'error' })
    .rotate()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 80 })
    .toBuffer();
}
