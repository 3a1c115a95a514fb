// The code a salon pastes into its website: the widget's script, served by the gateway
// (frontends/booking-widget at /booking-widget/pawline-booking.js), and its element.

export const EMBED_MODES = ['inline', 'popup', 'floating'] as const;
export type EmbedMode = (typeof EMBED_MODES)[number];
export const WIDGET_SCRIPT_PATH = '/booking-widget/pawline-booking.js';

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function embedSnippet(options: { origin: string; publicId: string; mode: EmbedMode; lang: string }): string {
  const src = `${options.origin.replace(/\/$/, '')}${WIDGET_SCRIPT_PATH}`;
  return (
    `<script src="${escapeAttribute(src)}" defer></script>\n` +
    `<pawline-booking store="${escapeAttribute(options.publicId)}" mode="${options.mode}" lang="${escapeAttribute(options.lang)}"></pawline-booking>`
  );
}

/** The page the preview iframe shows (srcdoc): the snippet in an otherwise empty page of the salon's site. */
export function previewDocument(snippet: string, lang: string): string {
  return (
    `<!doctype html><html lang="${escapeAttribute(lang)}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<style>body{font-family:system-ui,sans-serif;margin:16px;min-height:480px}</style></head>' +
    `<body>${snippet}</body></html>`
  );
}

/**
 * The preview's sandbox: scripts, forms and the popup work, and the frame keeps this page's origin. The
 * gateway answers the public booking routes only for the salon's origins and Pawline's own (ADR 0022): an
 * opaque origin (Origin: null) would be refused and the preview would show only the widget's error. The
 * document is ours (our script, an escaped id and language), so same origin gives it nothing it did not have.
 */
export const PREVIEW_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups';

const ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i;

/** The allowed origins as typed (one a line) and the lines that are not an origin (libs/contracts bookingSetupFieldsSchema). */
export function parseOrigins(text: string): { origins: string[]; invalid: string[] } {
  const lines = text
    .split(/[\n,]/)
    .map((line) => line.trim().replace(/\/$/, ''))
    .filter((line) => line !== '');
  const origins = [...new Set(lines.filter((line) => ORIGIN.test(line) && line.length <= 200))];
  return { origins, invalid: lines.filter((line) => !ORIGIN.test(line) || line.length > 200) };
}
