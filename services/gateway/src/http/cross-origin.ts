import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MessageLanguage } from '@pawline/contracts';
import { ApiError } from './api-error';
import { isOwnOrigin } from './http-io';
import type { CrossOrigin } from './route-definition';
import type { RpcCaller } from './rpc-caller';

/** How long the gateway keeps a record's allowed origins: a preflight then costs no RPC, and a changed list counts within this. */
export const CROSS_ORIGIN_CACHE_MS = 30_000;
/** Records whose origins are kept at once: enough for every store, bounded against made-up public ids. */
const CACHE_ENTRIES = 10_000;
/** A browser may reuse a preflight this long (seconds). */
const PREFLIGHT_MAX_AGE = 600;

/** The origins of each CrossOrigin route's records, looked up once per CROSS_ORIGIN_CACHE_MS (concurrent lookups share one RPC). */
export class CrossOriginCache {
  private readonly kept = new Map<string, { origins: readonly string[]; until: number }>();
  private readonly pending = new Map<string, Promise<readonly string[]>>();

  constructor(
    private readonly rpc: RpcCaller,
    private readonly now: () => number = Date.now,
    private readonly ttlMs = CROSS_ORIGIN_CACHE_MS,
  ) {}

  async allows(policy: CrossOrigin, key: string, origin: string): Promise<boolean> {
    return (await this.origins(policy, key)).includes(origin);
  }

  private async origins(policy: CrossOrigin, key: string): Promise<readonly string[]> {
    const now = this.now();
    const kept = this.kept.get(key);
    if (kept && kept.until > now) return kept.origins;
    const running = this.pending.get(key);
    if (running) return running;
    const lookup = policy
      .origins(key, this.rpc)
      .then((origins) => {
        this.kept.delete(key);
        if (this.kept.size >= CACHE_ENTRIES) this.sweep();
        this.kept.set(key, { origins, until: this.now() + this.ttlMs });
        return origins;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, lookup);
    return lookup;
  }

  /** Drops the expired entries, and the oldest half when that is not enough. */
  private sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.kept) if (entry.until <= now) this.kept.delete(key);
    if (this.kept.size < CACHE_ENTRIES) return;
    let drop = Math.floor(CACHE_ENTRIES / 2);
    for (const key of this.kept.keys()) {
      if (drop-- <= 0) break;
      this.kept.delete(key);
    }
  }
}

/** The request's Origin when it is another site's (absent, or the product's own, is null: nothing to decide). */
function foreignOrigin(req: IncomingMessage, publicOrigin: string | undefined): string | null {
  const origin = req.headers.origin;
  if (origin === undefined || isOwnOrigin(origin, req, publicOrigin)) return null;
  return origin;
}

function allowOrigin(res: ServerResponse, origin: string): void {
  res.setHeader('Access-Control-Allow-Origin', origin);
  // the widget reads how long to wait after a 429
  res.setHeader('Access-Control-Expose-Headers', 'Retry-After');
}

/**
 * An actual request of a CrossOrigin route, before anything else is done: the answer varies by
 * Origin; an allowed site's origin is echoed (no credentials: the public routes use no cookie), any
 * other site gets no CORS headers, and a write of it is refused (403) before its body is read.
 */
export async function crossOriginRequest(
  policy: CrossOrigin,
  cache: CrossOriginCache,
  params: Record<string, string>,
  req: IncomingMessage,
  res: ServerResponse,
  publicOrigin: string | undefined,
  lang: MessageLanguage,
): Promise<void> {
  res.setHeader('Vary', 'Origin');
  const origin = foreignOrigin(req, publicOrigin);
  if (origin === null) return;
  const key = policy.key(params);
  if (key !== null && (await cache.allows(policy, key, origin))) {
    allowOrigin(res, origin);
    return;
  }
  const read = req.method === 'GET' || req.method === 'HEAD';
  if (!read) throw new ApiError('cross_site_request', { message: policy.refused(lang) });
}

/**
 * The CORS preflight (OPTIONS) of a CrossOrigin route: 204 with the allowed origin, methods and
 * headers for an allowed site; 403 without CORS headers for any other (the browser then sends nothing).
 */
export async function crossOriginPreflight(
  policy: CrossOrigin,
  cache: CrossOriginCache,
  params: Record<string, string>,
  req: IncomingMessage,
  res: ServerResponse,
  publicOrigin: string | undefined,
  lang: MessageLanguage,
): Promise<void> {
  res.setHeader('Vary', 'Origin');
  const origin = req.headers.origin;
  const own = origin === undefined || isOwnOrigin(origin, req, publicOrigin);
  const key = policy.key(params);
  if (!own) {
    if (key === null || !(await cache.allows(policy, key, origin)))
      throw new ApiError('cross_site_request', { message: policy.refused(lang) });
    allowOrigin(res, origin);
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST');
    res.setHeader('Access-Control-Allow-Headers', 'Content-Type, Accept-Language');
    res.setHeader('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE));
  }
  res.statusCode = 204;
  res.end();
}
