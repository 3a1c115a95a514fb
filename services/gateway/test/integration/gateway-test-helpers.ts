import type { ServiceDefinition } from '@pawline/nest-kit';
import { createTestEnv, until, type TestEnv } from '@pawline/nest-kit/testing';
import { gatewayService } from '../../src/gateway.service-definition';

export const GATEWAY_TEST_SECRET = 'gateway-integration-secret-0123456789abcdef';
export const REDIS_URL =
  process.env['REDIS_URL'] && process.env['REDIS_URL'] !== 'off' ? process.env['REDIS_URL'] : 'redis://127.0.0.1:6379';

/** The first answer of `probe` other than undefined (null, 0 and false count), asked every 50 ms through the kit's until. */
export async function waitFor<T>(probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 8_000): Promise<T> {
  const found = await until(
    async () => {
      const value = await probe();
      return value === undefined ? undefined : { value };
    },
    { timeoutMs, intervalMs: 50 },
  );
  return found.value;
}

export type JsonResponse = { status: number; body: unknown; headers: Headers };

/** A tiny HTTP client for one gateway that keeps the refresh cookie like a browser would. */
export class Browser {
  cookie: string | null = null;

  private readonly defaults: Record<string, string>;

  /** Each browser comes from its own address (X-Forwarded-For, trusted from loopback by the tests' TRUSTED_PROXIES), so rate limits stay apart. */
  constructor(
    readonly base: string,
    defaults: Record<string, string> = {},
  ) {
    const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
    this.defaults = { 'x-forwarded-for': address, ...defaults };
  }

  async request(
    method: string,
    path: string,
    options: { body?: unknown; raw?: string; token?: string; headers?: Record<string, string> } = {},
  ): Promise<JsonResponse> {
    const headers: Record<string, string> = { ...this.defaults, ...(options.headers ?? {}) };
    if (!forwardsFor(path)) delete headers['x-forwarded-for'];
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

type Mail = { to: string; subject: string; text: string; html: string };

/** The token of the newest mail to `email` whose link goes to `path` (waits for the mail dispatcher). */
export async function mailedToken(
  base: string,
  email: string,
  path: '/verify-email' | '/reset-password',
  skip: string[] = [],
): Promise<string> {
  const browser = new Browser(base);
  return waitFor(async () => {
    const response = await browser.request('GET', `/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`);
    if (response.status !== 200) return undefined;
    for (const mail of response.body as Mail[]) {
      const match = new RegExp(`${path}\\?token=([^\\s"'&<]+)`).exec(mail.text);
      const token = match?.[1] ? decodeURIComponent(match[1]) : undefined;
      if (token && !skip.includes(token)) return token;
    }
    return undefined;
  });
}

export type Owner = { browser: Browser; token: string; orgaId: string; userId: string; email: string; password: string; orgaName: string };

/** A verified, signed-in owner of a new organization, registered through the gateway. */
export async function newOwner(base: string): Promise<Owner> {
  const browser = new Browser(base);
  const input = registration();
  const registered = await browser.request('POST', '/api/v1/auth/register', { body: input });
  if (registered.status !== 201) throw new Error(`registration answered ${registered.status}`);
  const { orga_id: orgaId, user_id: userId } = registered.body as { orga_id: string; user_id: string };
  const email = String(input['email']);
  const password = String(input['password']);
  const token = await mailedToken(base, email, '/verify-email');
  const verified = await browser.request('POST', '/api/v1/auth/verify-email', { body: { token } });
  if (verified.status !== 200) throw new Error(`verification answered ${verified.status}`);
  const signedIn = await browser.request('POST', '/api/v1/auth/login', { body: { username: email, password } });
  if (signedIn.status !== 200) throw new Error(`login answered ${signedIn.status}`);
  return {
    browser,
    token: (signedIn.body as { access_token: string }).access_token,
    orgaId,
    userId,
    email,
    password,
    orgaName: String(input['organization_name']),
  };
}

/**
 * Starts the services and the gateway in this process around a describe block (real NATS and
 * Postgres; Redis when `redisUrl` is given), with `env` set for the block; `base()` is the
 * gateway's address once started.
 */
export function gatewayStackFor(
  services: ServiceDefinition[],
  options: { env?: Record<string, string>; redisUrl?: string } = {},
): { base(): string } {
  let env: TestEnv | undefined;
  let base = '';
  const savedEnv = { ...process.env };
  beforeAll(async () => {
    Object.assign(process.env, { AUTH_TOKEN_SECRET: GATEWAY_TEST_SECRET, MAIL_TRANSPORT: 'sandbox' }, options.env);
    env = await createTestEnv();
    for (const service of services) await env.start(service);
    const gateway = await env.start(gatewayService, { httpPort: 0, ...(options.redisUrl ? { redisUrl: options.redisUrl } : {}) });
    base = gateway.httpUrl ?? '';
  });
  afterAll(async () => {
    await env?.dispose();
    process.env = savedEnv;
  });
  return { base: () => base };
}

/** The sandbox mailbox answers only this machine: it is read as the machine, never as a forwarded browser. */
export function forwardsFor(path: string): boolean {
  return !path.startsWith('/api/v1/dev/mailbox');
}
