import { createHash, createHmac } from 'node:crypto';

/** AWS Signature Version 4 for one HTTP request (header-based auth), with node:crypto only. */
export type SigV4Request = {
  method: string;
  url: URL;
  headers: Record<string, string>;
  /** hex sha256 of the body, or 'UNSIGNED-PAYLOAD' */
  payloadHash: string;
};

export type SigV4Credentials = { accessKeyId: string; secretAccessKey: string; region: string; service: string };

export function sha256Hex(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}

function hmac(key: Buffer | string, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

/** RFC 3986 encoding as SigV4 wants it (each path segment; '/' kept). */
function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function canonicalRequest(req: SigV4Request): { canonical: string; signedHeaders: string } {
  const path =
    req.url.pathname
      .split('/')
      .map((segment) => uriEncode(decodeURIComponent(segment)))
      .join('/') || '/';
  const query = [...req.url.searchParams.entries()]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const headers = Object.entries(req.headers)
    .map(([k, v]) => [k.toLowerCase(), v.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const signedHeaders = headers.map(([k]) => k).join(';');
  const canonical = [
    req.method.toUpperCase(),
    path,
    query,
    headers.map(([k, v]) => `${k}:${v}\n`).join(''),
    signedHeaders,
    req.payloadHash,
  ].join('\n');
  return { canonical, signedHeaders };
}

/** amzDate: YYYYMMDD'T'HHMMSS'Z'. Returns the Authorization header value. */
export function signRequest(req: SigV4Request, creds: SigV4Credentials, amzDate: string): string {
  const date = amzDate.slice(0, 8);
  const scope = `${date}/${creds.region}/${creds.service}/aws4_request`;
  const { canonical, signedHeaders } = canonicalRequest(req);
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${creds.secretAccessKey}`, date), creds.region), creds.service), 'aws4_request');
  const signature = createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

export function amzDateOf(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}
