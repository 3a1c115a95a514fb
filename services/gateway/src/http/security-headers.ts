import type { ServerResponse } from 'node:http';

/**
 * The content security policy of every answer. Scripts only from this origin, never inline (the
 * built shell's index.html loads its bundle with <script src>; the docs page too). Styles may be
 * inline: Emotion (Chakra) writes <style> tags at run time. Images may be data: and blob: URLs
 * (pet images are shown from fetched blobs). Nobody may frame the app (clickjacking).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** A year, subdomains included: sent only when PUBLIC_URL is https (a browser ignores it over http anyway). */
const HSTS = 'max-age=31536000; includeSubDomains';

/** Sets the security headers on an answer before anyone writes it (API, pages, static files). */
export function securityHeaders(publicUrl: string): (res: ServerResponse) => void {
  const https = publicUrl.startsWith('https:');
  return (res) => {
    res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (https) res.setHeader('Strict-Transport-Security', HSTS);
  };
}
