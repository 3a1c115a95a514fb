import { UPLOAD_LIMITS } from '@pawline/domain';

/** Issue 29: a photo's long side after scaling, before it is sent. */
export const PHOTO_LONG_SIDE = 2048;
/** JPEG qualities tried in turn; when none fits the byte limit the photo is scaled down by SHRINK and tried again. */
export const PHOTO_QUALITIES = [0.85, 0.75, 0.65, 0.55] as const;
const SHRINK = 0.8;
const SHRINK_ROUNDS = 5;

/** A decoded picture the codec can draw at any size. */
export type DecodedPhoto = { width: number; height: number; close: () => void };

/** How the browser reads and writes a picture (canvas); tests give their own. */
export type PhotoCodec<P extends DecodedPhoto = DecodedPhoto> = {
  /** null when this browser cannot read the file as a picture (not an image, or a format it does not know) */
  decode(file: Blob): Promise<P | null>;
  encodeJpeg(photo: P, width: number, height: number, quality: number): Promise<Blob>;
};

/** The size of a `width`×`height` picture with its long side at most `longSide`, proportions kept. */
export function scaledSize(width: number, height: number, longSide = PHOTO_LONG_SIDE): { width: number; height: number } {
  const factor = Math.min(1, longSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * factor)), height: Math.max(1, Math.round(height * factor)) };
}

/** A jpg or png within the byte limit and the long side goes as it is: re-encoding would only lose quality. */
export function sendsAsItIs(file: { name: string; type: string; size: number }, width: number, height: number, maxBytes: number): boolean {
  const format = /\.(jpe?g|png)$/i.test(file.name) && (file.type === '' || file.type === 'image/jpeg' || file.type === 'image/png');
  return format && file.size <= maxBytes && Math.max(width, height) <= PHOTO_LONG_SIDE;
}

function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]+$/, '') || 'photo';
  return `${base}.jpg`;
}

/**
 * Issue 29 any photo a phone takes fits the pet image limit (R9.04, 1 MB): the picture is scaled to a long side
 * of 2,048 px and written as JPEG, at lower qualities and then smaller sizes until it fits. A picture already
 * small enough goes as it is; a file the browser cannot read goes as it is too, for the checks (R5.10) and the
 * server, which decides by content, to answer.
 */
export async function preparePhoto<P extends DecodedPhoto>(
  file: File,
  codec: PhotoCodec<P>,
  maxBytes: number = UPLOAD_LIMITS.pet_image.maxBytes,
): Promise<File> {
  const photo = await codec.decode(file);
  if (!photo) return file;
  try {
    if (sendsAsItIs(file, photo.width, photo.height, maxBytes)) return file;
    let size = scaledSize(photo.width, photo.height);
    let smallest: Blob | null = null;
    for (let round = 0; round < SHRINK_ROUNDS; round += 1) {
      for (const quality of PHOTO_QUALITIES) {
        const blob = await codec.encodeJpeg(photo, size.width, size.height, quality);
        if (blob.size <= maxBytes) return new File([blob], jpegName(file.name), { type: 'image/jpeg' });
        if (!smallest || blob.size < smallest.size) smallest = blob;
      }
      size = { width: Math.max(1, Math.round(size.width * SHRINK)), height: Math.max(1, Math.round(size.height * SHRINK)) };
    }
    // never reached by a photo; the limit check then says it is too big
    return smallest ? new File([smallest], jpegName(file.name), { type: 'image/jpeg' }) : file;
  } finally {
    photo.close();
  }
}

type CanvasPhoto = DecodedPhoto & { bitmap: ImageBitmap };

/** The browser's own decoder and a canvas (EXIF orientation applied, metadata such as the place left behind). */
export const canvasCodec: PhotoCodec<CanvasPhoto> = {
  async decode(file) {
    if (typeof createImageBitmap !== 'function') return null;
    try {
      const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
      return { width: bitmap.width, height: bitmap.height, bitmap, close: () => bitmap.close() };
    } catch {
      return null;
    }
  },
  encodeJpeg(photo, width, height, quality) {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return Promise.reject(new Error('no 2d canvas'));
    // a transparent png turns white, not black, as JPEG has no transparency
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(photo.bitmap, 0, 0, width, height);
    return new Promise((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the photo could not be written'))), 'image/jpeg', quality),
    );
  },
};
