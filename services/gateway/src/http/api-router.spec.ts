import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  defineRoute,
  defineRpc,
  getStoreRpc,
  listOrgasRpc,
  memberAccessRpc,
  type MemberAccess,
  type RpcContract,
} from '@pawline/contracts';
import { z } from 'zod';
import { RawJson, signAccessToken } from '@pawline/nest-kit';
import { AccessGuard } from '../auth/access.guard';
import { Authenticator } from '../auth/authenticator';
import { MembershipCache } from '../auth/membership-cache';
import { MemorySessionRevocationStore } from '../auth/session-revocation.store';
import { MemoryRateLimitStore, RateLimiter } from '../rate-limit/rate-limiter';
import { authRoutes, REFRESH_COOKIE } from '../routes/auth.routes';
import { devRoutes } from '../routes/dev.routes';
import { orgaRoutes } from '../routes/orga.routes';
import { userRoutes } from '../routes/user.routes';
import { ApiError } from './api-error';
import { buildApiHandler } from './api-router';
import { pathParam, rpcRoute } from './route-definition';
import type { PassThroughRpcCaller } from './rpc-caller';

const secret = 'unit-test-secret-0123456789';
const userId = '11111111-1111-4111-8111-111111111111';
const sessionId = '22222222-2222-4222-8222-222222222222';
const orgaA = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const orgaB = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const storeA1 = 'a1a1a1a1-a1a1-4a1a-8a1a-a1a1a1a1a1a1';

type Call = { subject: string; data: unknown; auth: unknown; lang: string };

/** A service stand-in answering by subject; records what the gateway sent. */
class ScriptedServices implements PassThroughRpcCaller {
  readonly calls: Call[] = [];
  /** The membership each call carried to its service (undefined: none). */
  readonly members: unknown[] = [];
  constructor(private readonly answers: Record<string, (data: unknown) => unknown>) {}
  async call<C extends RpcContract>(
    contract: C,
    data: unknown,
    options: { auth: unknown; lang: string; member?: unknown },
  ): Promise<never> {
    this.calls.push({ subject: contract.subject, data, auth: options.auth, lang: options.lang });
    this.members.push(options.member);
    const answer = this.answers[contract.subject];
    if (!answer) throw new ApiError('service_unavailable');
    return answer(data) as never;
  }
  async callRaw<C extends RpcContract>(
    contract: C,
    data: unknown,
    options: { auth: unknown; lang: string; member?: unknown },
  ): Promise<never> {
    return new RawJson(JSON.stringify(await this.call(contract, data, options))) as never;
  }
}

const memberOfA: MemberAccess = {
  member: true,
  active: true,
  orga_rank: 3,
  employee_status: 1,
  store_overrides: {},
  store_ids: [storeA1],
  min_ranks: { read_store: 4, write_store: 3, read_pets: 4, write_pets: 3 },
  tier: 1,
  share_pets: false,
  store_time_zones: { [storeA1]: 'Europe/Rome' },
};

describe('API router', () => {
  let server: Server;
  let base: string;
  let services: ScriptedServices;
  let revocations: MemorySessionRevocationStore;
  let token: string;

  beforeAll(async () => {
    token = (await signAccessToken(secret, { sub: userId, sid: sessionId })).token;
  });

  beforeEach(async () => {
    services = new ScriptedServices({
      [memberAccessRpc.subject]: (data) => {
        const { orga_id } = data as { orga_id: string };
        if (orga_id === orgaA) return memberOfA;
        throw new ApiError('not_found');
      },
      [listOrgasRpc.subject]: () => [],
      [getStoreRpc.subject]: (data) => ({ id: (data as { store_id: string }).store_id }),
      'rpc.identity.auth.login': (data) => {
        if ((data as { password: string }).password === 'wrong-pass') throw new ApiError('server_112');
        return {
          access_token: 'at',
          expires_at: '2026-11-22T10:15:00.000Z',
          refresh_token: 'rt-1',
          user_id: userId,
        };
      },
      'rpc.identity.auth.refresh': () => ({
        access_token: 'at2',
        expires_at: '2026-11-22T10:30:00.000Z',
        refresh_token: 'rt-2',
        user_id: userId,
      }),
      'rpc.identity.auth.register': () => ({ user_id: userId, orga_id: orgaA }),
      'rpc.identity.mailbox.list': () => [],
    });
    revocations = new MemorySessionRevocationStore();
    const api = buildApiHandler([...authRoutes, ...userRoutes, ...orgaRoutes, ...devRoutes], {
      rpc: services,
      authenticator: new Authenticator(secret, revocations),
      guard: new AccessGuard(services, new MembershipCache()),
      rateLimiter: new RateLimiter(new MemoryRateLimitStore()),
      revocations,
      secureCookies: false,
      onUnexpectedError: () => undefined,
    });
    server = createServer((req, res) => {
      if (api.handle(req, res)) return;
      res.statusCode = 418;
      res.end();
    }).listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const authed = (extra: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...extra });

  it('R7.10 refuses a route that needs a user without a bearer token, with a bad one and with a revoked session', async () => {
    expect((await fetch(`${base}/api/v1/orga`)).status).toBe(401);
    expect((await fetch(`${base}/api/v1/orga`, { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
    const expired = (await signAccessToken(secret, { sub: userId, sid: sessionId }, new Date(Date.now() - 3_600_000))).token;
    expect((await fetch(`${base}/api/v1/orga`, { headers: { authorization: `Bearer ${expired}` } })).status).toBe(401);
    expect((await fetch(`${base}/api/v1/orga`, { headers: authed() })).status).toBe(200);
    await revocations.revoke(userId, [sessionId], new Date());
    const refused = await fetch(`${base}/api/v1/orga`, { headers: authed() });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ code: 'session_expired', message: 'Your session has expired. Please sign in again.' });
  });

  it('R7.01 matches parameterised routes and passes the ids and the caller to the service', async () => {
    const response = await fetch(`${base}/api/v1/orga/${orgaA}/store/${storeA1}`, {
      headers: authed({ 'accept-language': 'de', 'x-device-id': 'dev-1' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: storeA1 });
    const call = services.calls.find((c) => c.subject === getStoreRpc.subject);
    expect(call).toEqual({
      subject: getStoreRpc.subject,
      data: { orga_id: orgaA, store_id: storeA1 },
      auth: { userId, sessionId, deviceId: 'dev-1' },
      lang: 'de',
    });
  });

  it('R6.05 answers 403 forbidden for an organization the user does not belong to, in the caller language', async () => {
    const response = await fetch(`${base}/api/v1/orga/${orgaB}/store`, { headers: authed({ 'accept-language': 'it' }) });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ code: 'forbidden', message: 'Non hai il permesso di farlo.' });
    expect(services.calls.map((c) => c.subject)).toEqual([memberAccessRpc.subject]);
  });

  it('R6.04 refuses a store that is not one of the organization', async () => {
    const otherStore = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
    expect((await fetch(`${base}/api/v1/orga/${orgaA}/store/${otherStore}`, { headers: authed() })).status).toBe(403);
  });

  it('rejects malformed ids, unknown fields, wrong types, bad JSON, oversized bodies and unknown paths without calling a service', async () => {
    const post = (path: string, body: string, headers: Record<string, string> = {}) =>
      fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    const cases: [Promise<Response>, number, string][] = [
      [fetch(`${base}/api/v1/orga/not-a-uuid`, { headers: authed() }), 400, 'validation_failed'],
      [post('/api/v1/auth/login', JSON.stringify({ username: 'a', password: 'b', admin: true })), 400, 'validation_failed'],
      [post('/api/v1/auth/login', JSON.stringify({ username: 5, password: 'b' })), 400, 'validation_failed'],
      [post('/api/v1/auth/login', JSON.stringify({ username: 'a' })), 400, 'validation_failed'],
      [post('/api/v1/auth/login', '{"username": "a",'), 400, 'bad_json'],
      [post('/api/v1/auth/login', JSON.stringify({ username: 'a', password: 'x'.repeat(200_000) })), 413, 'payload_too_large'],
      [fetch(`${base}/api/v1/nothing-here`), 404, 'not_found'],
    ];
    for (const [pending, status, code] of cases) {
      const response = await pending;
      expect({ status: response.status, code: ((await response.json()) as { code: string }).code }).toEqual({ status, code });
    }
    const unknown = await post('/api/v1/auth/login', JSON.stringify({ username: 'a', password: 'b', admin: true }));
    expect(((await unknown.json()) as { fields: Record<string, string> }).fields).toEqual({ admin: 'This field is not accepted.' });
    expect(services.calls).toEqual([]);
  });

  it('refuses a NUL character or an unpaired surrogate in any string of a body or query with validation_failed in the caller language, without calling a service', async () => {
    const post = (path: string, body: string) =>
      fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'de' }, body });
    const bad = [
      post('/api/v1/auth/login', '{"username":"a\\u0000b","password":"a-long-password-1"}'),
      post('/api/v1/auth/login', '{"username":"a","password":"x\\ud800y"}'),
      post('/api/v1/auth/login', '{"username":"a","password":"\\udc00"}'),
      post('/api/v1/auth/register', JSON.stringify({ email: 'a@example.com', organization_name: 'Salone\u0000' })),
      post('/api/v1/auth/login', '{"username":"a","password":"b","n\\u0000":1}'),
    ];
    const answers = await Promise.all(
      bad.map(async (pending) => {
        const response = await pending;
        const body = (await response.json()) as { code: string; message: string; fields?: Record<string, string> };
        return { status: response.status, code: body.code, message: body.message, fields: Object.keys(body.fields ?? {}) };
      }),
    );
    const refused = (fields: string[]) => ({ status: 400, code: 'validation_failed', message: 'Einige Felder sind ungültig.', fields });
    expect(answers).toEqual([
      refused(['username']),
      refused(['password']),
      refused(['password']),
      refused(['organization_name']),
      refused(['n\u0000']),
    ]);
    expect(services.calls).toEqual([]);
    // a paired surrogate (an emoji) is text like any other
    const emoji = await post('/api/v1/auth/login', JSON.stringify({ username: 'a🐕', password: 'b' }));
    expect(emoji.status).not.toBe(400);
  });

  it('claims every path under /api/v1 and nothing else; HEAD is answered by GET without a body', async () => {
    expect((await fetch(`${base}/somewhere/else`)).status).toBe(418);
    expect((await fetch(`${base}/api/openapi.json`)).status).toBe(418);
    const missing = await fetch(`${base}/api/v1/orga/${orgaA}/nothing`, { headers: authed({ 'accept-language': 'it' }) });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { code: string }).code).toBe('not_found');
    expect((await fetch(`${base}/API/V1/orga`, { headers: authed() })).status).toBe(200);
    const head = await fetch(`${base}/api/v1/orga`, { method: 'HEAD', headers: authed() });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await head.text()).toBe('');
  });

  it('sets the refresh cookie on login and answers only the access token; refresh reads and rotates it', async () => {
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-device-id': 'dev-9' },
      body: JSON.stringify({ username: 'anna', password: 'secret-pass' }),
    });
    expect(login.status).toBe(200);
    expect(await login.json()).toEqual({ access_token: 'at', expires_at: '2026-11-22T10:15:00.000Z' });
    const cookie = login.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(new RegExp(`^${REFRESH_COOKIE}=rt-1;`));
    expect(cookie).toMatch(/Path=\/api\/v1\/auth/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(services.calls[0]?.data).toEqual({ username: 'anna', password: 'secret-pass', device_id: 'dev-9' });

    expect((await fetch(`${base}/api/v1/auth/refresh`, { method: 'POST' })).status).toBe(401);
    const refresh = await fetch(`${base}/api/v1/auth/refresh`, { method: 'POST', headers: { cookie: `${REFRESH_COOKIE}=rt-1` } });
    expect(refresh.status).toBe(200);
    expect(refresh.headers.get('set-cookie')).toMatch(new RegExp(`^${REFRESH_COOKIE}=rt-2;`));
    expect(services.calls.at(-1)?.data).toEqual({ refresh_token: 'rt-1' });
  });

  it('answers 201 on register and 429 with Retry-After after 5 registrations a minute from one address', async () => {
    const body = JSON.stringify({
      email: 'a@example.com',
      password: 'long-enough-1',
      first_name: 'A',
      last_name: 'B',
      organization_name: 'Salon',
      country: 'IT',
      language: 'it',
      accept_terms: true,
      accept_privacy: true,
    });
    const statuses: number[] = [];
    let last: Response | null = null;
    for (let i = 0; i < 6; i += 1) {
      last = await fetch(`${base}/api/v1/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await last?.json()) as { code: string }).code).toBe('rate_limited');
  });

  it('answers the sandbox mailbox only to this machine and only for one recipient', async () => {
    const mailbox = (query: string, headers: Record<string, string> = {}) => fetch(`${base}/api/v1/dev/mailbox${query}`, { headers });
    expect((await mailbox('?to=anna%40example.com')).status).toBe(200);
    expect(services.calls.at(-1)?.data).toEqual({ to: 'anna@example.com' });
    const all = await mailbox('');
    expect(all.status).toBe(400);
    expect(((await all.json()) as { code: string }).code).toBe('validation_failed');
    for (const forged of <Record<string, string>[]>[
      { 'x-forwarded-for': '203.0.113.5' },
      { forwarded: 'for=203.0.113.5' },
      { 'x-real-ip': '203.0.113.5' },
    ]) {
      const answer = await mailbox('?to=anna%40example.com', forged);
      expect(answer.status).toBe(404);
      expect(((await answer.json()) as { code: string }).code).toBe('not_found');
    }
    expect(services.calls.filter((c) => c.subject === 'rpc.identity.mailbox.list')).toHaveLength(1);
  });

  it('refuses a JSON body sent as another Content-Type with a localized 415, so a cross-site form cannot post one', async () => {
    const body = JSON.stringify({ username: 'anna', password: 'secret-pass' });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', undefined]) {
      const headers: Record<string, string> = { 'accept-language': 'it' };
      if (type) headers['content-type'] = type;
      const answer = await fetch(`${base}/api/v1/auth/login`, { method: 'POST', headers, body: type ? body : Buffer.from(body) });
      expect(answer.status).toBe(415);
      expect(await answer.json()).toEqual({
        code: 'unsupported_media_type',
        message: 'Il corpo della richiesta deve essere JSON (Content-Type: application/json).',
      });
    }
    expect(services.calls).toEqual([]);
    const json = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'Application/JSON; charset=utf-8' },
      body,
    });
    expect(json.status).toBe(200);
  });

  it('refuses a cross-site login, refresh and logout with 403 and lets same-origin and non-browser calls through', async () => {
    const body = JSON.stringify({ username: 'anna', password: 'secret-pass' });
    const json = { 'content-type': 'application/json' };
    const cookie = { cookie: `${REFRESH_COOKIE}=rt-1` };
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', origin: base.replace('127.0.0.1', 'localhost') },
    ];
    for (const headers of crossSite) {
      for (const [path, extra, sent] of [
        ['login', json, body],
        ['refresh', cookie, undefined],
        ['logout', cookie, undefined],
      ] as const) {
        const answer = await fetch(`${base}/api/v1/auth/${path}`, { method: 'POST', headers: { ...extra, ...headers }, body: sent });
        expect({ path, headers, status: answer.status }).toEqual({ path, headers, status: 403 });
        expect(((await answer.json()) as { code: string }).code).toBe('cross_site_request');
      }
    }
    expect(services.calls).toEqual([]);
    const sameOrigin = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { ...json, origin: base, 'sec-fetch-site': 'same-origin' },
      body,
    });
    expect(sameOrigin.status).toBe(200);
    expect((await fetch(`${base}/api/v1/auth/refresh`, { method: 'POST', headers: cookie })).status).toBe(200);
  });

  it('does not let a loopback caller dodge the register limit by rotating X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const answer = await fetch(`${base}/api/v1/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i + 1}` },
        body: JSON.stringify({
          email: `a${i}@example.com`,
          password: 'long-enough-1',
          first_name: 'A',
          last_name: 'B',
          organization_name: 'Salon',
          country: 'IT',
          language: 'it',
          accept_terms: true,
          accept_privacy: true,
        }),
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('holds back an account after 5 failed logins, whatever the address, with Retry-After, and leaves other accounts alone', async () => {
    const login = (username: string, password: string, ip: string) =>
      fetch(`${base}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ username, password }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await login('Anna', 'wrong-pass', `198.51.100.${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const held = await login('anna', 'secret-pass', '203.0.113.77');
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(((await held.json()) as { code: string }).code).toBe('rate_limited');
    expect(services.calls.filter((c) => c.subject === 'rpc.identity.auth.login')).toHaveLength(5);
    expect((await login('bruno', 'secret-pass', '198.51.100.9')).status).toBe(200);
  });

  it('passes the membership its guard checked on to the service, for the caller and the organization of the route', async () => {
    expect((await fetch(`${base}/api/v1/orga/${orgaA}/store/${storeA1}`, { headers: authed() })).status).toBe(200);
    const index = services.calls.findIndex((c) => c.subject === getStoreRpc.subject);
    expect(services.members[index]).toEqual({ ...memberOfA, user_id: userId, orga_id: orgaA });
    expect(services.members[services.calls.findIndex((c) => c.subject === memberAccessRpc.subject)]).toBeUndefined();
  });

  it("drops the organization's kept memberships once a changing identity route is answered, so the next request asks again", async () => {
    const renameRpc = defineRpc('rpc.identity.orga.rename', z.object({ orga_id: z.string() }), z.object({ ok: z.boolean() }));
    const cache = new MembershipCache();
    const scripted = new ScriptedServices({ [memberAccessRpc.subject]: () => memberOfA, [renameRpc.subject]: () => ({ ok: true }) });
    const renameRoute = defineRoute({
      method: 'put',
      path: '/api/v1/orga/:orga/name',
      summary: 'test',
      tag: 'test',
      response: renameRpc.response,
    });
    const changeRoute = rpcRoute(renameRoute, {
      access: { orga: 'member' },
      rpc: renameRpc,
      input: (ctx) => ({ orga_id: pathParam(ctx, 'orga') }),
    });
    const readRoute = orgaRoutes.find((r) => r.path === '/api/v1/orga/:orga/store/:store' && r.method === 'get');
    if (!readRoute) throw new Error('the store route is gone');
    const api = buildApiHandler([changeRoute, readRoute], {
      rpc: scripted,
      onIdentityChange: (orgaId) => {
        if (orgaId) cache.dropOrganization(orgaId);
      },
      authenticator: new Authenticator(secret, revocations),
      guard: new AccessGuard(scripted, cache),
      rateLimiter: new RateLimiter(new MemoryRateLimitStore()),
      revocations,
      secureCookies: false,
      onUnexpectedError: () => undefined,
    });
    const own = createServer((req, res) => void api.handle(req, res)).listen(0);
    await new Promise((resolve) => own.once('listening', resolve));
    const url = `http://127.0.0.1:${(own.address() as AddressInfo).port}/api/v1/orga/${orgaA}`;
    try {
      const lookups = () => scripted.calls.filter((c) => c.subject === memberAccessRpc.subject).length;
      await fetch(`${url}/store/${storeA1}`, { headers: authed() });
      await fetch(`${url}/store/${storeA1}`, { headers: authed() });
      expect(lookups()).toBe(1);
      expect((await fetch(`${url}/name`, { method: 'PUT', headers: authed() })).status).toBe(200);
      expect(lookups()).toBe(1);
      await fetch(`${url}/store/${storeA1}`, { headers: authed() });
      expect(lookups()).toBe(2);
    } finally {
      await new Promise((resolve) => own.close(resolve));
    }
  });
});
