import type { IncomingMessage, ServerResponse } from 'node:http';
import { BlockList, isIP } from 'node:net';
import { ApiError } from './api-error';

/** The largest JSON body an API route reads. */
export const JSON_BODY_LIMIT = 100 * 1024;

/**
 * The JSON body of an API request: undefined without one (no Content-Length, no chunked body),
 * `{}` for an empty one. Refuses more than JSON_BODY_LIMIT bytes (413, the connection is then
 * closed rather than read on), a charset or content coding other than UTF-8 text, and anything
 * that is not a JSON object or array (400).
 */
export function readJsonBody(req: IncomingMessage, res: ServerResponse): Promise<unknown> {
  const length = req.headers['content-length'];
  if (length === undefined && req.headers['transfer-encoding'] === undefined) return Promise.resolve(undefined);
  if (length !== undefined && Number(length) > JSON_BODY_LIMIT) return Promise.reject(tooLarge(req, res));
  const coding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
  const charset = /;\s*charset=("?)([^";\s]+)\1/i.exec(req.headers['content-type'] ?? '')?.[2]?.toLowerCase();
  if (coding !== 'identity' || (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8')) {
    return Promise.reject(new ApiError('bad_json'));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > JSON_BODY_LIMIT) {
        req.off('data', onData);
        req.off('end', onEnd);
        reject(tooLarge(req, res));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      const text = Buffer.concat(chunks, size).toString('utf8');
      try {
        resolve(parseJsonBody(text));
      } catch {
        reject(new ApiError('bad_json'));
      }
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', () => reject(new ApiError('bad_json')));
  });
}

/**
 * A JSON route's body must say it is JSON: a browser sends text/plain, form and multipart bodies
 * across sites without asking first, so reading JSON from them whatever the Content-Type let another
 * site post to the API (login CSRF, issue 11). A request without a body passes; what the body holds
 * is checked later (readJsonBody, the route's schema).
 */
export function requireJsonContentType(req: Pick<IncomingMessage, 'headers'>): void {
  const length = req.headers['content-length'];
  const hasBody = req.headers['transfer-encoding'] !== undefined || (length !== undefined && Number(length) !== 0);
  if (!hasBody) return;
  const mediaType = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json') throw new ApiError('unsupported_media_type');
}

/**
 * Refuses a request a browser sent from another site (the cookie routes: login, refresh, logout).
 * Sec-Fetch-Site, when sent, must be same-origin or none (typed by the user); an Origin, when sent,
 * must be the public URL's or the one of the Host asked. A caller that is not a browser sends
 * neither and passes: without the victim's cookies it forges nothing.
 */
export function refuseCrossSite(req: Pick<IncomingMessage, 'headers'>, publicOrigin: string | undefined): void {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') throw new ApiError('cross_site_request');
  const origin = req.headers.origin;
  if (origin === undefined) return;
  if (!isOwnOrigin(origin, req, publicOrigin)) throw new ApiError('cross_site_request');
}

/** An Origin that is the product's own: the public URL's, or the one of the Host asked. */
export function isOwnOrigin(origin: string, req: Pick<IncomingMessage, 'headers'>, publicOrigin: string | undefined): boolean {
  const host = req.headers.host;
  return origin === publicOrigin || (host !== undefined && (origin === `http://${host}` || origin === `https://${host}`));
}

/** `{}` for an empty body; a JSON object or array; anything else is bad_json. */
export function parseJsonBody(text: string): unknown {
  const start = text.trimStart();
  if (start === '') return {};
  if (start[0] !== '{' && start[0] !== '[') throw new ApiError('bad_json');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError('bad_json');
  }
}

function tooLarge(req: IncomingMessage, res: ServerResponse): ApiError {
  // the rest of the body is not read: this connection ends with the answer
  res.shouldKeepAlive = false;
  req.pause();
  return new ApiError('payload_too_large');
}

/** Answers JSON text (the body is left out for HEAD by node:http itself). */
export function sendJsonText(res: ServerResponse, status: number, text: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  sendJsonText(res, status, JSON.stringify(body) ?? 'null');
}

export type CookieAttributes = { path: string; httpOnly: boolean; secure: boolean; sameSite: 'Strict' | 'Lax'; maxAgeSeconds?: number };

/** Adds a Set-Cookie header; a value of '' with maxAgeSeconds 0 clears the cookie. */
export function appendCookie(res: ServerResponse, name: string, value: string, attributes: CookieAttributes): void {
  const parts = [`${name}=${encodeURIComponent(value)}`];
  if (attributes.maxAgeSeconds !== undefined) {
    parts.push(`Max-Age=${Math.floor(attributes.maxAgeSeconds)}`);
    parts.push(`Expires=${new Date(Date.now() + attributes.maxAgeSeconds * 1000).toUTCString()}`);
  }
  parts.push(`Path=${attributes.path}`);
  if (attributes.httpOnly) parts.push('HttpOnly');
  if (attributes.secure) parts.push('Secure');
  parts.push(`SameSite=${attributes.sameSite}`);
  const previous = res.getHeader('Set-Cookie');
  const cookies = previous === undefined ? [] : Array.isArray(previous) ? previous : [String(previous)];
  res.setHeader('Set-Cookie', [...cookies, parts.join('; ')]);
}

export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    const raw = part
      .slice(index + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    try {
      cookies[name] = decodeURIComponent(raw);
    } catch {
      cookies[name] = raw;
    }
  }
  return cookies;
}

/** The proxies whose X-Forwarded-For is believed (TRUSTED_PROXIES). */
export type TrustedProxies = { has(address: string): boolean };

/** IPv4 in IPv6 (::ffff:10.0.0.1) as the IPv4 address it is. */
function plainAddress(address: string): string {
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return isIP(v4) === 4 ? v4 : address;
}

/**
 * TRUSTED_PROXIES: comma separated addresses and CIDRs (`127.0.0.1, 10.0.0.0/8, ::1`); empty
 * trusts none. Throws on an entry that is neither, naming it.
 */
export function parseTrustedProxies(list: string): TrustedProxies {
  const blocks = new BlockList();
  for (const entry of list
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [address = '', bits, extra] = entry.split('/');
    const family = isIP(plainAddress(address));
    const prefix = bits === undefined ? null : /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (family === 0 || extra !== undefined || Number.isNaN(prefix) || (prefix !== null && prefix > (family === 4 ? 32 : 128))) {
      throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR (e.g. 10.0.0.0/8)`);
    }
    if (prefix === null) blocks.addAddress(plainAddress(address), type);
    else blocks.addSubnet(plainAddress(address), prefix, type);
  }
  return {
    has(address) {
      const plain = plainAddress(address);
      const family = isIP(plain);
      return family !== 0 && blocks.check(plain, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}

const NO_PROXIES: TrustedProxies = { has: () => false };

/**
 * The caller's address. X-Forwarded-For is read only when the socket is a configured proxy
 * (TRUSTED_PROXIES, none by default): from the right, the first hop that is not itself a trusted
 * proxy is the caller, so a client cannot choose its address by adding hops on the left.
 */
export function clientIp(req: Pick<IncomingMessage, 'socket' | 'headers'>, proxies: TrustedProxies = NO_PROXIES): string {
  const socketAddress = req.socket.remoteAddress ?? 'unknown';
  if (!proxies.has(socketAddress)) return socketAddress;
  const forwarded = req.headers['x-forwarded-for'];
  if (typeof forwarded !== 'string' || forwarded.trim() === '') return socketAddress;
  const hops = forwarded.split(',').map((hop) => hop.trim());
  for (let i = hops.length - 1; i >= 0; i -= 1) {
    const hop = hops[i] ?? '';
    if (i === 0 || !proxies.has(hop)) return hop;
  }
  return socketAddress;
}

/** Headers by which a proxy says it forwards another client. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host', 'client-ip', 'true-client-ip'];

/**
 * A request from this machine itself: its socket is loopback and no header claims it was
 * forwarded for someone else (a proxy on this machine passes the world's requests on loopback).
 */
export function isLocalRequest(req: Pick<IncomingMessage, 'socket' | 'headers'>): boolean {
  if (!isLoopback(req.socket.remoteAddress ?? '')) return false;
  return FORWARDING_HEADERS.every((name) => req.headers[name] === undefined);
}

function isLoopback(address: string): boolean {
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return address === '::1';
}
