import { qrCodeDataUrl } from './qr-code';

describe('qrCodeDataUrl', () => {
  it('R2.04 draws a PNG QR code from any link', async () => {
    const url = await qrCodeDataUrl('https://salon.example/autologin?u=greta&p=abc%2B1');
    expect(url.startsWith('data:image/png;base64,')).toBe(true);
    const other = await qrCodeDataUrl('https://salon.example/other');
    expect(other).not.toBe(url);
  });
});
