import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** An error as the Graph API writes it: `{ error: { message, type, code, error_subcode, error_data, fbtrace_id } }`. */
export type GraphRefusal = { status: number; code: number; message: string; details?: string; subcode?: number };

export function graphError(res: ServerResponse, refusal: GraphRefusal, headers: Record<string, string> = {}): void {
  const body = JSON.stringify({
    error: {
      message: `(#${refusal.code}) ${refusal.message}`,
      type: 'OAuthException',
      code: refusal.code,
      error_data: { messaging_product: 'whatsapp', details: refusal.details ?? refusal.message },
      ...(refusal.subcode === undefined ? {} : { error_subcode: refusal.subcode }),
      fbtrace_id: randomBytes(9).toString('base64url'),
    },
  });
  if (res.writableEnded || res.destroyed) return;
  res.writeHead(refusal.status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

export function json(res: ServerResponse, status: number, value: unknown): void {
  if (res.writableEnded || res.destroyed) return;
  const body = JSON.stringify(value);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

export function readBody(req: IncomingMessage, cap: number): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= cap) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > cap ? null : Buffer.concat(chunks)));
    req.on('error', () => resolve(null));
  });
}

/** A JSON body as an object, or null when it is none. */
export async function readJson(req: IncomingMessage, cap = 1024 * 1024): Promise<Record<string, unknown> | null> {
  const raw = await readBody(req, cap);
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw.length > 0 ? raw.toString('utf8') : '{}') as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The bearer of a request: the Authorization header, or Graph's access_token query parameter. */
export function bearerOf(req: IncomingMessage, url: URL): string {
  const header = req.headers.authorization ?? '';
  if (header.startsWith('Bearer ')) return header.slice('Bearer '.length);
  return url.searchParams.get('access_token') ?? '';
}

export function signWebhook(appSecret: string, rawBody: string | Buffer): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/** The most accepted sends of any one sender's log in any window of `windowMs` (sorted timestamps). */
export function maxInWindow(times: readonly number[], windowMs = 1000): number {
  let best = 0;
  let start = 0;
  for (let end = 0; end < times.length; end += 1) {
    while ((times[end] ?? 0) - (times[start] ?? 0) >= windowMs) start += 1;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

/** Graph's numeric ids (15–16 digits). */
export function graphId(random: () => number = Math.random): string {
  return String(10 ** 15 + Math.floor(random() * 9 * 10 ** 15));
}
