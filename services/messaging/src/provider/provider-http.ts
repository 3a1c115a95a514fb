import { ProviderSendError } from '../ports';

export type HttpAnswer = { status: number; headers: Headers; bytes: Buffer };

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

function describeNetworkError(error: unknown, timeoutMs: number): string {
  // a DOMException, not always an Error of this realm
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
  if (cause?.code) return `connection failed: ${cause.code}`;
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
