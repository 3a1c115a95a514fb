import sharp from 'sharp';
import { makeThumbnail, THUMBNAIL_SIZE } from './thumbnail';

async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#4c61b4' } })
    .png()
    .toBuffer();
}

describe('pet image thumbnails', () => {
  it('R9.04 shrinks a large image to fit the thumbnail square, keeping its proportions, as JPEG', async () => {
    const thumbnail = await makeThumbnail(await png(1200, 600), 'image/png');
    expect(thumbnail).not.toBeNull();
    const meta = await sharp(thumbnail ?? Buffer.alloc(0)).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([THUMBNAIL_SIZE, THUMBNAIL_SIZE / 2]);
  });

  it('does not enlarge a small image', async () => {
    const meta = await sharp((await makeThumbnail(await png(40, 30), 'image/png')) ?? Buffer.alloc(0)).metadata();
    expect([meta.width, meta.height]).toEqual([40, 30]);
  });

  it('makes none for documents', async () => {
    await expect(makeThumbnail(Buffer.from('%PDF-1.7\n'), 'application/pdf')).resolves.toBeNull();
  });
});
