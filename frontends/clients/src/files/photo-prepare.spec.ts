import fc from 'fast-check';
import { PHOTO_LONG_SIDE, preparePhoto, scaledSize, sendsAsItIs, type DecodedPhoto, type PhotoCodec } from './photo-prepare';

const MB = 1_048_576;

/** A codec whose JPEG weighs `bytesPerPixel(quality)` per pixel; it records what it was asked to write. */
function fakeCodec(width: number, height: number, bytesPerPixel: (quality: number) => number) {
  const written: { width: number; height: number; quality: number }[] = [];
  let closed = 0;
  const codec: PhotoCodec = {
    decode: async () => ({ width, height, close: () => void (closed += 1) }),
    encodeJpeg: async (_photo: DecodedPhoto, w: number, h: number, quality: number) => {
      written.push({ width: w, height: h, quality });
      return new Blob([new Uint8Array(Math.round(w * h * bytesPerPixel(quality)))]);
    },
  };
  return { codec, written, closed: () => closed };
}

const photo = (name: string, type: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type });

describe('photos prepared before upload (issue 29)', () => {
  it('R9.04 scales an 8 MB phone photo to a long side of 2,048 px as a JPEG under 1 MB', async () => {
    const { codec, written, closed } = fakeCodec(4032, 3024, (q) => q * 0.3);
    const prepared = await preparePhoto(photo('IMG_0042.HEIC', 'image/heic', 8 * MB), codec);
    expect(written[0]).toEqual({ width: 2048, height: 1536, quality: 0.85 });
    expect(prepared.name).toBe('IMG_0042.jpg');
    expect(prepared.type).toBe('image/jpeg');
    expect(prepared.size).toBeLessThanOrEqual(MB);
    expect(closed()).toBe(1);
  });

  it('lowers the quality first, then the size, until the photo fits', async () => {
    // a noisy photo: even quality 0.55 at 2048 px weighs more than 1 MB
    const { codec, written } = fakeCodec(3000, 4000, (q) => q * 0.8);
    const prepared = await preparePhoto(photo('noisy.jpg', 'image/jpeg', 9 * MB), codec);
    expect(written.slice(0, 4).map((w) => w.quality)).toEqual([0.85, 0.75, 0.65, 0.55]);
    expect(written[0]).toMatchObject({ width: 1536, height: 2048 });
    expect(written[4]).toMatchObject({ width: 1229, height: 1638, quality: 0.85 });
    expect(prepared.size).toBeLessThanOrEqual(MB);
  });

  it('sends a small jpg or png as it is, and a file the browser cannot read as it is too', async () => {
    const small = photo('rex.png', 'image/png', 200_000);
    expect(await preparePhoto(small, fakeCodec(800, 600, () => 1).codec)).toBe(small);
    const text = photo('fake.png', 'image/png', 20);
    const unreadable: PhotoCodec = { decode: async () => null, encodeJpeg: async () => new Blob() };
    expect(await preparePhoto(text, unreadable)).toBe(text);
    // small in bytes but wider than 2,048 px: scaled all the same
    const { codec, written } = fakeCodec(4000, 100, () => 0.1);
    expect((await preparePhoto(photo('panorama.jpg', 'image/jpeg', 500_000), codec)).name).toBe('panorama.jpg');
    expect(written[0]).toMatchObject({ width: 2048, height: 51 });
  });

  it('keeps proportions and never goes over 2,048 px or below 1 px', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20_000 }), fc.integer({ min: 1, max: 20_000 }), (width, height) => {
        const size = scaledSize(width, height);
        expect(Math.max(size.width, size.height)).toBeLessThanOrEqual(PHOTO_LONG_SIDE);
        expect(Math.min(size.width, size.height)).toBeGreaterThanOrEqual(1);
        // each side is the exact scale rounded (a side under half a pixel stays 1 px)
        const factor = Math.min(1, PHOTO_LONG_SIDE / Math.max(width, height));
        expect(Math.abs(size.width - width * factor)).toBeLessThan(1);
        expect(Math.abs(size.height - height * factor)).toBeLessThan(1);
      }),
    );
  });

  it('tells which files go as they are: jpg or png, within the bytes and the long side', () => {
    expect(sendsAsItIs({ name: 'a.jpeg', type: 'image/jpeg', size: MB }, 2048, 1000, MB)).toBe(true);
    expect(sendsAsItIs({ name: 'a.jpg', type: 'image/jpeg', size: MB + 1 }, 100, 100, MB)).toBe(false);
    expect(sendsAsItIs({ name: 'a.webp', type: 'image/webp', size: 10 }, 100, 100, MB)).toBe(false);
    expect(sendsAsItIs({ name: 'a.png', type: 'image/png', size: 10 }, 2049, 100, MB)).toBe(false);
  });
});
