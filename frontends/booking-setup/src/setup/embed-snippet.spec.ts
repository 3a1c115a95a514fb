import { embedSnippet, parseOrigins, previewDocument, PREVIEW_SANDBOX } from './embed-snippet';

describe('embed snippet', () => {
  it('loads the widget from the gateway and names the store public id, the mode and the language', () => {
    expect(embedSnippet({ origin: 'https://app.pawline.example/', publicId: 'abcd1234efgh5678', mode: 'popup', lang: 'it' })).toBe(
      '<script src="https://app.pawline.example/booking-widget/pawline-booking.js" defer></script>\n' +
        '<pawline-booking store="abcd1234efgh5678" mode="popup" lang="it"></pawline-booking>',
    );
  });

  it('escapes what it puts in attributes', () => {
    expect(embedSnippet({ origin: 'https://a.example', publicId: '"><script>', mode: 'inline', lang: 'en' })).toContain(
      'store="&quot;&gt;&lt;script&gt;"',
    );
  });

  it('previews in a sandbox that runs scripts with Pawline’s origin (the gateway refuses an opaque one)', () => {
    expect(PREVIEW_SANDBOX.split(' ')).toContain('allow-scripts');
    // the gateway serves the public booking routes to Pawline's own origin, not to an opaque one
    expect(PREVIEW_SANDBOX.split(' ')).toContain('allow-same-origin');
    expect(previewDocument('<b>x</b>', 'de')).toMatch(/^<!doctype html><html lang="de">.*<body><b>x<\/b><\/body><\/html>$/);
  });

  it('reads allowed origins one a line, drops a trailing slash and repeats, and names the lines that are not origins', () => {
    expect(parseOrigins('https://salon.it/\n\n http://localhost:8080 \nhttps://salon.it\nsalon.it\nhttps://x.it/path')).toEqual({
      origins: ['https://salon.it', 'http://localhost:8080'],
      invalid: ['salon.it', 'https://x.it/path'],
    });
  });
});
