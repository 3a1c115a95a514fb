import { toDataURL } from 'qrcode';

/** R2.04: a QR code (PNG data URL) for any link, e.g. the /autologin?u=&p= address. */
export function qrCodeDataUrl(link: string, size = 240): Promise<string> {
  return toDataURL(link, { errorCorrectionLevel: 'M', margin: 2, width: size });
}
