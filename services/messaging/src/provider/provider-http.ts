import http from 'node:http';
import https from 'node:https';
import { ProviderSendError } from '../ports';

/** What a caller reads of an answer's headers (fetch's Headers has it, and so does postJson's answer). */
export type AnswerHeaders = { get(name: string): string | null };

export type HttpAnswer = { status: number; headers: AnswerHeaders; bytes: Buffer };

/**
 * One HTTP exchange with a provider, ended after `timeoutMs` (Node's fetch keeps connections alive).
 * A timeout, a refused or reset connection, or a body cut short is `transient`: the worker retries.
 */
export async function exchange(url: string, init: RequestInit, timeoutMs: number, cap = 32 * 1024 * 1024): Promise<HttpAnswer> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const length = Number(response.headers.get('content-length') ?? NaN);
    if (Number.isFinite(length) && length > cap) {
      await response.body?.cancel();
      throw new ProviderSendError('rejected', `the provider answered ${length} bytes, more than ${cap}`);
    }
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length > cap) throw new ProviderSendError('rejected', `the provider answered more than ${cap} bytes`);
    return { status: response.status, headers: response.headers, bytes };
  } catch (error) {
    if (error instanceof ProviderSendError) throw error;
    throw new ProviderSendError('transient', describeNetworkError(error, timeoutMs));
  }
}

/**
 * One keep-alive pool per provider host (issue 34), made on first use: every send of a worker to
 * graph.facebook.com goes over the same few hundred sockets. Bounded per host by the worker's sends
 * in flight; an idle socket is closed after 30 s (the Graph API closes its own after about a minute).
 */
const pools = new Map<string, http.Agent>();

function poolOf(url: URL): http.Agent {
  const key = `${url.protocol}//${url.host}`;
  let agent = pools.get(key);
  if (!agent) {
    const options = { keepAlive: true, maxSockets: 512, maxFreeSockets: 512, timeout: 30_000, scheduling: 'lifo' as const };
    agent = url.protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
    pools.set(key, agent);
  }
  return agent;
}

/**
 * A POST of a JSON body on node:http through the host's keep-alive pool, for the send path: the
 * worker sends each reminder once, and Node's fetch spent about a fifth of the worker's CPU on its
 * web streams, Headers and an AbortSignal per request (profile of issue 12). Same outcomes as
 * `exchange`: a timeout, a refused or reset connection, or a body cut short is `transient`.
 */
export function postJson(
  target: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  cap = 1024 * 1024,
): Promise<HttpAnswer> {
  return new Promise<HttpAnswer>((resolve, reject) => {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      reject(new ProviderSendError('rejected', 'the provider address is not a URL'));
      return;
    }
    const payload = Buffer.from(body, 'utf8');
    const client = url.protocol === 'https:' ? https : http;
    let settled = false;
    const fail = (error: ProviderSendError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      reject(error);
    };
    const request = client.request(
      url,
      { method: 'POST', agent: poolOf(url), headers: { ...headers, 'Content-Length': String(payload.length) } },
      (response) => {
        const chunks: Buffer[] = [];
        let length = 0;
        response.on('data', (chunk: Buffer) => {
          length += chunk.length;
          if (length > cap) fail(new ProviderSendError('rejected', `the provider answered more than ${cap} bytes`));
          else chunks.push(chunk);
        });
        response.on('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          const raw = response.headers;
          resolve({
            status: response.statusCode ?? 0,
            headers: {
              get: (name) => {
                const value = raw[name.toLowerCase()];
                return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
              },
            },
            bytes: chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks, length),
          });
        });
        // closed before its end: the connection went while the answer came
        response.on('close', () => fail(new ProviderSendError('transient', 'connection failed: the answer was cut short')));
        response.on('error', (error) => fail(new ProviderSendError('transient', describeNetworkError(error, timeoutMs))));
      },
    );
    // one timer for the whole exchange, as AbortSignal.timeout was
    const timer = setTimeout(() => fail(new ProviderSendError('transient', `no answer within ${timeoutMs} ms`)), timeoutMs);
    request.on('error', (error) => fail(new ProviderSendError('transient', describeNetworkError(error, timeoutMs))));
    request.end(payload);
  });
}

function describeNetworkError(error: unknown, timeoutMs: number): string {
  // a DOMException, not always an Error of this realm
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
  if (cause?.code) return `connection failed: ${cause.code}`;
  // node:http's own errors carry the code themselves
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return `connection failed: ${code}`;
  return `connection failed: ${error instanceof Error ? error.message : String(error)}`;
}

/** Retry-After in seconds or as an HTTP date, in milliseconds from now; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

export function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    return null;
  }
}
