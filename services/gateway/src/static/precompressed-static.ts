import { createReadStream, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** Encodings the frontend build writes beside each text asset (frontends/precompress.mjs). */
export type StaticEncoding = 'br' | 'gzip';

const SUFFIX: Record<StaticEncoding, string> = { br: '.br', gzip: '.gz' };
// brotli first: for the same quality it is 15–20 % smaller than gzip on our bundles
const PREFERENCE: readonly StaticEncoding[] = ['br', 'gzip'];

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.json', '.map', '.svg', '.txt']);

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/**
 * The encodings a request's Accept-Encoding allows, best first (by q, then brotli before gzip).
 * No header means identity only (RFC 9110 §12.5.3); `*` stands for any encoding not named.
 */
export function acceptedEncodings(header: string | undefined): StaticEncoding[] {
  if (!header) return [];
  const quality = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = q === undefined ? 1 : Number(q.slice(2));
    if (name) quality.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const q = (encoding: StaticEncoding) =>
    quality.get(encoding) ?? (encoding === 'gzip' ? quality.get('x-gzip') : undefined) ?? quality.get('*') ?? 0;
  return PREFERENCE.filter((encoding) => q(encoding) > 0).sort((a, b) => q(b) - q(a));
}

/**
 * Files whose name carries the build's content hash (`[name].[contenthash:8].js`) never change
 * under that name, so browsers keep them a year without asking. Everything else (index.html,
 * remoteEntry.js, which the shell asks for by a fixed name) is revalidated on each use.
 */
export function cacheControlFor(fileName: string): string {
  return /\.[0-9a-f]{8}\.[a-z0-9]+$/.test(path.basename(fileName)) ? IMMUTABLE : REVALIDATE;
}

export function contentTypeFor(fileName: string): string {
  return CONTENT_TYPES[path.extname(fileName).toLowerCase()] ?? 'application/octet-stream';
}

function etagOf(file: Stats, encoding: StaticEncoding | null): string {
  // one tag per representation: a cache must not answer a gzip request with brotli bytes
  return `"${file.size.toString(16)}-${Math.floor(file.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ''}"`;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

async function fileStats(file: string): Promise<Stats | null> {
  try {
    const stats = await stat(file);
    return stats.isFile() ? stats : null;
  } catch {
    return null;
  }
}

/** The file under `root` a URL path names, or null when it would leave `root` or names a dot file. */
export function resolveInside(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const segments = decoded.split('/').filter(Boolean);
  if (segments.some((segment) => segment === '..' || segment.startsWith('.') || segment.includes('\\'))) return null;
  const file = path.join(root, ...segments);
  return file.startsWith(root + path.sep) || file === root ? file : null;
}

export type PrecompressedStaticOptions = {
  index?: string;
  /** Cache-Control by file name instead of cacheControlFor's */
  cacheControl?: (fileName: string) => string;
  /** set on every file this serves (the booking widget's CORS header) */
  headers?: Readonly<Record<string, string>>;
};
export type SendFileOptions = Pick<PrecompressedStaticOptions, 'cacheControl' | 'headers'>;

/**
 * Serves the files of a frontend build: the .br or .gz copy beside a file when the request accepts
 * it (Content-Encoding, Vary: Accept-Encoding, the copy's Content-Length), hashed files as
 * immutable, the others with an ETag answered by 304 when unchanged. Unknown paths go to next().
 */
export function precompressedStatic(rootDir: string, options: PrecompressedStaticOptions = {}): RequestHandler {
  const root = path.resolve(rootDir);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      next();
      return;
    }
    const wanted = req.path.endsWith('/') && options.index ? `${req.path}${options.index}` : req.path;
    const file = resolveInside(root, wanted);
    if (!file) {
      next();
      return;
    }
    sendFile(req, res, file, options).then((sent) => {
      if (!sent) next();
    }, next);
  };
}

/** Sends one file of a build as precompressedStatic does; false when there is no such file. */
export async function sendFile(req: Request, res: Response, file: string, options: SendFileOptions = {}): Promise<boolean> {
  const original = await fileStats(file);
  if (!original) return false;
  const extension = path.extname(file).toLowerCase();
  const compressible = COMPRESSIBLE.has(extension);
  let encoding: StaticEncoding | null = null;
  let body = file;
  let size = original.size;
  if (compressible) {
    for (const candidate of acceptedEncodings(req.headers['accept-encoding'])) {
      const copy = await fileStats(file + SUFFIX[candidate]);
      // a copy older than its file is left from an earlier build
      if (copy && copy.mtimeMs >= original.mtimeMs) {
        encoding = candidate;
        body = file + SUFFIX[candidate];
        size = copy.size;
        break;
      }
    }
    res.setHeader('Vary', 'Accept-Encoding');
  }
  const etag = etagOf(original, encoding);
  res.setHeader('Cache-Control', (options.cacheControl ?? cacheControlFor)(file));
  for (const [name, value] of Object.entries(options.headers ?? {})) res.setHeader(name, value);
  res.setHeader('ETag', etag);
  res.setHeader('Last-Modified', original.mtime.toUTCString());
  if (matchesEtag(req.headers['if-none-match'], etag)) {
    res.status(304).end();
    return true;
  }
  res.setHeader('Content-Type', contentTypeFor(file));
  res.setHeader('Content-Length', String(size));
  if (encoding) res.setHeader('Content-Encoding', encoding);
  if (req.method === 'HEAD') {
    res.status(200).end();
    return true;
  }
  res.status(200);
  await new Promise<void>((resolve) => {
    const stream = createReadStream(body);
    stream.on('error', (error) => {
      // headers are out: all we can do is cut the answer short
      res.destroy(error);
      resolve();
    });
    res.on('close', () => {
      stream.destroy();
      resolve();
    });
    stream.pipe(res);
  });
  return true;
}
