export const GATEWAY_TEST_SECRET = 'gateway-integration-secret-0123456789abcdef';
export const REDIS_URL = process.env['REDIS_URL'] && process.env['REDIS_URL'] !== 'off' ? process.env['REDIS_URL'] : 'redis://127.0.0.1:6379';

export async function waitFor<T>(probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 8_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export type JsonResponse = { status: number; body: unknown; headers: Headers };

/** A tiny HTTP client for one gateway that keeps the refresh cookie like a browser would. */
export class Browser {
  cookie: string | null = null;

  private readonly defaults: Record<string, string>;

  /** Each browser comes from its own address (X-Forwarded-For, trusted from loopback), so rate limits stay apart. */
  constructor(
    readonly base: string,
    defaults: Record<string, string> = {},
  ) {
    const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
    this.defaults = { 'x-forwarded-for': address, ...defaults };
  }

  async request(method: string, path: string, options: { body?: unknown; raw?: string; token?: string; headers?: Record<string, string> } = {}): Promise<JsonResponse> {
    const headers: Record<string, string> = { ...this.defaults, ...(options.headers ?? {}) };
    if (options.token) headers['authorization'] = `Bearer ${options.token}`;
    if (this.cookie) headers['cookie'] = this.cookie;
    let body: string | undefined;
    if (options.raw !== undefined) body = options.raw;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.base}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) {
      const [pair = ''] = setCookie.split(';');
      this.cookie = pair.endsWith('=') ? null : pair;
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      parsed = text;
    }
    return { status: response.status, body: parsed, headers: response.headers };
  }
}

let counter = 0;

export function registration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  const unique = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return {
    email: `groomer.${unique}@example.com`,
    password: 'a-long-password-1',
    first_name: 'Giulia',
    last_name: 'Rossi',
    organization_name: `Salone ${unique}`,
    country: 'IT',
    language: 'it',
    accept_terms: true,
    accept_privacy: true,
    ...overrides,
  };
}
