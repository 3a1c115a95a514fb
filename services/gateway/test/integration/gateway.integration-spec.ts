import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { RunningService } from '@pawline/nest-kit';
import { createTestEnv, type TestEnv } from '@pawline/nest-kit/testing';
import { identityService } from '../../../identity/src/identity.service-definition';
import { gatewayService } from '../../src/gateway.service-definition';
import { orgaRoutes } from '../../src/routes/orga.routes';
import { declaredRoutes } from '../../src/routes/gateway.routes';
import { openApiPath } from '../../src/http/openapi';
import { Browser, GATEWAY_TEST_SECRET, REDIS_URL, registration, waitFor } from './gateway-test-helpers';

jest.setTimeout(60_000);

type Mail = { to: string; subject: string; text: string; html: string };
type Tokens = { access_token: string; expires_at: string };

describe('gateway over identity (real NATS, Postgres, Redis)', () => {
  let env: TestEnv;
  let gateway: RunningService;
  let base: string;
  let frontends: string;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    frontends = mkdtempSync(path.join(tmpdir(), 'pawline-frontends-'));
    mkdirSync(path.join(frontends, 'shell'));
    mkdirSync(path.join(frontends, 'calendar'));
    writeFileSync(path.join(frontends, 'shell', 'index.html'), '<!doctype html><title>Pawline shell</title>');
    writeFileSync(path.join(frontends, 'calendar', 'remoteEntry.js'), 'window.calendarRemote = true;');
    writeFileSync(path.join(frontends, 'calendar', 'remoteEntry.js.br'), brotliCompressSync('window.calendarRemote = true;'));
    writeFileSync(path.join(frontends, 'shell', 'main.0123abcd.js'), 'window.shellMain = true;');
    writeFileSync(path.join(frontends, 'shell', 'main.0123abcd.js.gz'), gzipSync('window.shellMain = true;'));
    process.env['AUTH_TOKEN_SECRET'] = GATEWAY_TEST_SECRET;
    process.env['MAIL_TRANSPORT'] = 'sandbox';
    // the tests' browsers reach the gateway on loopback and name their own addresses, as a proxy would
    process.env['TRUSTED_PROXIES'] = '127.0.0.1, ::1';
    process.env['FRONTENDS_DIR'] = frontends;
    process.env['PAWLINE_SERVICES'] = 'identity';
    env = await createTestEnv();
    await env.start(identityService);
    gateway = await env.start(gatewayService, { httpPort: 0, redisUrl: REDIS_URL });
    base = gateway.httpUrl ?? '';
  });

  afterAll(async () => {
    await env?.dispose();
    rmSync(frontends, { recursive: true, force: true });
    process.env = savedEnv;
  });

  async function verificationToken(browser: Browser, email: string): Promise<string> {
    const mails = await waitFor(async () => {
      const response = await browser.request('GET', `/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`);
      const list = response.body as Mail[];
      return response.status === 200 && list.length > 0 ? list : undefined;
    });
    const token = /token=([^\s"'&<]+)/.exec(mails[0]?.text ?? '')?.[1];
    if (!token) throw new Error('no verification link in the mail');
    return decodeURIComponent(token);
  }

  /** A verified, signed-in owner of a new organization. */
  async function newOwner(): Promise<{ browser: Browser; token: string; orgaId: string; userId: string; email: string }> {
    const browser = new Browser(base);
    const input = registration();
    const registered = await browser.request('POST', '/api/v1/auth/register', { body: input });
    expect(registered.status).toBe(201);
    const { orga_id: orgaId, user_id: userId } = registered.body as { orga_id: string; user_id: string };
    const email = String(input['email']);
    const token = await verificationToken(browser, email);
    expect((await browser.request('POST', '/api/v1/auth/verify-email', { body: { token } })).status).toBe(200);
    const login = await browser.request('POST', '/api/v1/auth/login', { body: { username: email, password: input['password'] } });
    expect(login.status).toBe(200);
    return { browser, token: (login.body as Tokens).access_token, orgaId, userId, email };
  }

  it('R8.01 R8.02 R8.03 R7.10 newcomer flow: register, unconfirmed login in Italian, verify from the mailbox, login, user, refresh rotation, replay, logout-all', async () => {
    const browser = new Browser(base);
    const input = registration();
    const email = String(input['email']);

    const registered = await browser.request('POST', '/api/v1/auth/register', { body: input });
    expect(registered.status).toBe(201);

    const unconfirmed = await browser.request('POST', '/api/v1/auth/login', {
      body: { username: email, password: input['password'] },
      headers: { 'accept-language': 'it-IT,it;q=0.9' },
    });
    expect(unconfirmed.status).toBe(403);
    expect(unconfirmed.body).toEqual({ code: 'server_701', message: "L'email non è confermata. Conferma prima la tua email." });

    const english = await browser.request('POST', '/api/v1/auth/login', { body: { username: email, password: input['password'] } });
    expect(english.body).toEqual({ code: 'server_701', message: 'Email is not confirmed. Please confirm your email first.' });

    const wrong = await browser.request('POST', '/api/v1/auth/login', { body: { username: email, password: 'not-the-password' } });
    expect(wrong.status).toBe(401);
    expect((wrong.body as { message: string }).message).toBe('Wrong username or password');
    // an address nobody registered gets the very same answer (no account enumeration, ADR 0013)
    const nobody = await browser.request('POST', '/api/v1/auth/login', {
      body: { username: `nobody.${email}`, password: 'not-the-password' },
    });
    expect({ status: nobody.status, body: nobody.body }).toEqual({ status: wrong.status, body: wrong.body });

    const again = await browser.request('POST', '/api/v1/auth/register', { body: { ...input, organization_name: 'Another' } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      code: 'server_101',
      message: 'Email already exists. If you have forgotten your password, try resetting the password.',
    });

    const page = await fetch(`${base}/dev/mailbox?to=${encodeURIComponent(email)}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/verify-email?token=');

    const token = await verificationToken(browser, email);
    expect((await browser.request('POST', '/api/v1/auth/verify-email', { body: { token } })).status).toBe(200);

    const login = await browser.request('POST', '/api/v1/auth/login', { body: { username: email, password: input['password'] } });
    expect(login.status).toBe(200);
    expect(Object.keys(login.body as object).sort()).toEqual(['access_token', 'expires_at']);
    expect(login.headers.get('set-cookie')).toMatch(/^pawline_refresh=[^;]+; .*Path=\/api\/v1\/auth; .*HttpOnly.*SameSite=Strict/);
    const firstAccess = (login.body as Tokens).access_token;

    const user = await browser.request('GET', '/api/v1/user', { token: firstAccess });
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({ email, first_name: 'Giulia', email_verified: true });

    const firstCookie = browser.cookie;
    const refreshed = await browser.request('POST', '/api/v1/auth/refresh');
    expect(refreshed.status).toBe(200);
    expect(browser.cookie).not.toEqual(firstCookie);
    const secondAccess = (refreshed.body as Tokens).access_token;
    expect((await browser.request('GET', '/api/v1/user', { token: secondAccess })).status).toBe(200);

    // replaying a cookie older than the one just rotated ends the whole session chain (the one just
    // rotated is answered again for a few seconds: two tabs, issue 11)
    expect((await browser.request('POST', '/api/v1/auth/refresh')).status).toBe(200);
    const replayer = new Browser(base);
    replayer.cookie = firstCookie;
    const replay = await replayer.request('POST', '/api/v1/auth/refresh');
    expect(replay.status).toBe(401);
    expect((replay.body as { code: string }).code).toBe('session_expired');
    expect((await browser.request('POST', '/api/v1/auth/refresh')).status).toBe(401);
    // the revocation event reaches the gateway: the chain's access token stops working
    await waitFor(async () => ((await browser.request('GET', '/api/v1/user', { token: secondAccess })).status === 401 ? true : undefined));

    // a fresh session, then logout-all rejects its access token at once
    const relogin = await browser.request('POST', '/api/v1/auth/login', { body: { username: email, password: input['password'] } });
    const access = (relogin.body as Tokens).access_token;
    const fresh = await browser.request('POST', '/api/v1/auth/refresh');
    expect(fresh.status).toBe(200);
    const freshAccess = (fresh.body as Tokens).access_token;
    expect((await browser.request('GET', '/api/v1/user', { token: freshAccess })).status).toBe(200);
    expect((await browser.request('POST', '/api/v1/auth/logout-all', { token: freshAccess })).status).toBe(204);
    expect((await browser.request('GET', '/api/v1/user', { token: freshAccess })).status).toBe(401);
    expect((await browser.request('GET', '/api/v1/user', { token: access })).status).toBe(401);
  });

  it('R7.01 user and organization routes answer the signed-in owner', async () => {
    const owner = await newOwner();
    const orgas = await owner.browser.request('GET', '/api/v1/orga', { token: owner.token });
    expect(orgas.status).toBe(200);
    expect((orgas.body as { id: string }[]).map((o) => o.id)).toEqual([owner.orgaId]);
    const orga = await owner.browser.request('GET', `/api/v1/orga/${owner.orgaId}`, { token: owner.token });
    expect(orga.status).toBe(200);
    // only identity runs here: the organization loads, the other services' lists are null until they answer
    expect(orga.body).toMatchObject({ id: owner.orgaId, treatments: null, tags: null, external_services: null });
    const stores = await owner.browser.request('GET', `/api/v1/orga/${owner.orgaId}/store`, { token: owner.token });
    const storeId = (stores.body as { id: string }[])[0]?.id ?? '';
    expect(
      (await owner.browser.request('GET', `/api/v1/orga/${owner.orgaId}/store/${storeId}`, { token: owner.token })).body,
    ).toMatchObject({ id: storeId });
    const updated = await owner.browser.request('PUT', '/api/v1/user', { token: owner.token, body: { first_name: 'Anna' } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ first_name: 'Anna' });
    const badPassword = await owner.browser.request('POST', '/api/v1/user/password', {
      token: owner.token,
      body: { current_password: 'wrong-one', password: 'another-password-2' },
    });
    expect((badPassword.body as { code: string }).code).toBe('server_112');
  });

  it('logout ends the session of the cookie and clears it; the access token of that session stops working', async () => {
    const owner = await newOwner();
    expect((await owner.browser.request('GET', '/api/v1/user', { token: owner.token })).status).toBe(200);
    const cookie = owner.browser.cookie;
    const logout = await owner.browser.request('POST', '/api/v1/auth/logout');
    expect(logout.status).toBe(204);
    expect(logout.headers.get('set-cookie')).toMatch(/^pawline_refresh=;/);
    expect(owner.browser.cookie).toBeNull();
    const stale = new Browser(base);
    stale.cookie = cookie;
    expect((await stale.request('POST', '/api/v1/auth/refresh')).status).toBe(401);
    await waitFor(async () =>
      (await owner.browser.request('GET', '/api/v1/user', { token: owner.token })).status === 401 ? true : undefined,
    );
  });

  it('every gateway refuses revoked tokens: one started after the revocation replays it, a later one reaches both', async () => {
    const owner = await newOwner();
    const second = await new Browser(base).request('POST', '/api/v1/auth/login', {
      body: { username: owner.email, password: registration()['password'] },
    });
    const secondToken = (second.body as Tokens).access_token;
    // logout of the first session, seen by this gateway through identity's event
    expect((await owner.browser.request('POST', '/api/v1/auth/logout')).status).toBe(204);
    await waitFor(async () =>
      (await new Browser(base).request('GET', '/api/v1/user', { token: owner.token })).status === 401 ? true : undefined,
    );

    const late = await env.start(gatewayService, { httpPort: 0, redisUrl: REDIS_URL });
    try {
      const lateBase = late.httpUrl ?? '';
      // replayed at start: refused at once, while the other session still works there
      expect((await new Browser(lateBase).request('GET', '/api/v1/user', { token: owner.token })).status).toBe(401);
      expect((await new Browser(lateBase).request('GET', '/api/v1/user', { token: secondToken })).status).toBe(200);
      // logout-all through the first gateway reaches the second
      expect((await new Browser(base).request('POST', '/api/v1/auth/logout-all', { token: secondToken })).status).toBe(204);
      await waitFor(async () =>
        (await new Browser(lateBase).request('GET', '/api/v1/user', { token: secondToken })).status === 401 ? true : undefined,
      );
    } finally {
      await late.close();
    }
  });

  it('R6.05 a member of organization A gets 403 on every route of organization B', async () => {
    const a = await newOwner();
    const b = await newOwner();
    const storesOfB = await b.browser.request('GET', `/api/v1/orga/${b.orgaId}/store`, { token: b.token });
    const storeOfB = (storesOfB.body as { id: string }[])[0]?.id ?? '';
    const storesOfA = await a.browser.request('GET', `/api/v1/orga/${a.orgaId}/store`, { token: a.token });
    const storeOfA = (storesOfA.body as { id: string }[])[0]?.id ?? '';
    const orgaRoutesOfB = orgaRoutes.filter((route) => route.path.includes(':orga'));
    expect(orgaRoutesOfB.length).toBeGreaterThanOrEqual(3);
    for (const route of orgaRoutesOfB) {
      for (const store of [storeOfB, storeOfA]) {
        const url = route.path.replace(':orga', b.orgaId).replace(':store', store);
        const response = await a.browser.request(route.method.toUpperCase(), url, { token: a.token });
        expect({ url, status: response.status, code: (response.body as { code: string }).code }).toEqual({
          url,
          status: 403,
          code: 'forbidden',
        });
      }
    }
    // and B's own store through A's organization path is not reachable either
    const crossed = await a.browser.request('GET', `/api/v1/orga/${a.orgaId}/store/${storeOfB}`, { token: a.token });
    expect(crossed.status).toBe(403);
    // not logged in → 401
    expect((await a.browser.request('GET', `/api/v1/orga/${b.orgaId}`)).status).toBe(401);
  });

  it('rejects wrong types, missing fields, unknown fields, oversized bodies and bad JSON with 4xx and writes nothing', async () => {
    const before = await env.query<{ n: string }>('SELECT count(*)::text AS n FROM identity.person_user');
    const browser = new Browser(base);
    const good = registration();
    const cases: { name: string; raw?: string; body?: unknown; status: number; code: string }[] = [
      { name: 'wrong type', body: { ...good, accept_terms: 'yes' }, status: 400, code: 'validation_failed' },
      { name: 'wrong type email', body: { ...good, email: 42 }, status: 400, code: 'validation_failed' },
      { name: 'missing field', body: { ...good, password: undefined }, status: 400, code: 'validation_failed' },
      { name: 'unknown field', body: { ...good, is_admin: true }, status: 400, code: 'validation_failed' },
      { name: 'array body', body: [good], status: 400, code: 'validation_failed' },
      { name: 'oversized', body: { ...good, first_name: 'x'.repeat(150_000) }, status: 413, code: 'payload_too_large' },
      { name: 'bad json', raw: '{"email": ', status: 400, code: 'bad_json' },
    ];
    for (const c of cases) {
      const response = await browser.request('POST', '/api/v1/auth/register', c.raw !== undefined ? { raw: c.raw } : { body: c.body });
      expect({ name: c.name, status: response.status, code: (response.body as { code: string }).code }).toEqual({
        name: c.name,
        status: c.status,
        code: c.code,
      });
    }
    const unknownField = await browser.request('POST', '/api/v1/auth/register', { body: { ...good, is_admin: true } });
    expect((unknownField.body as { fields: Record<string, string> }).fields).toHaveProperty('is_admin');
    const after = await env.query<{ n: string }>('SELECT count(*)::text AS n FROM identity.person_user');
    expect(after).toEqual(before);
  });

  it('holds a username back after 5 failed logins from any address with 429 and Retry-After', async () => {
    const browser = new Browser(base);
    const username = `nobody.${Date.now()}@example.com`;
    const statuses: number[] = [];
    let last = null as Awaited<ReturnType<Browser['request']>> | null;
    for (let i = 0; i < 6; i += 1) {
      last = await browser.request('POST', '/api/v1/auth/login', { body: { username, password: 'whatever-1' } });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last?.body).toEqual({ code: 'rate_limited', message: 'Too many attempts. Please try again later.' });
    // the hold is the account's, not the address's: another address gets it too
    expect((await new Browser(base).request('POST', '/api/v1/auth/login', { body: { username, password: 'whatever-1' } })).status).toBe(
      429,
    );
    // another username from the same address is still allowed
    expect(
      (await browser.request('POST', '/api/v1/auth/login', { body: { username: `other.${username}`, password: 'whatever-1' } })).status,
    ).toBe(401);
  });

  it('reports the health of identity, Postgres, NATS and Redis', async () => {
    const response = await new Browser(base).request('GET', '/api/v1/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'up', services: { identity: 'up' }, infra: { postgres: 'up', nats: 'up', redis: 'up' } });
  });

  it('publishes an OpenAPI 3.1 document listing every route, and Swagger UI', async () => {
    const doc = (await new Browser(base).request('GET', '/api/openapi.json')).body as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    // the route table itself: a new area's routes are expected without editing this test
    const expected = declaredRoutes().map((r) => `${r.method} ${openApiPath(r.path)}`);
    const listed = Object.entries(doc.paths).flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m} ${p}`));
    expect(listed.sort()).toEqual(expected.sort());
    const ui = await fetch(`${base}/api/docs`);
    expect(ui.status).toBe(200);
    expect(await ui.text()).toContain('swagger-ui-bundle.js');
    expect((await fetch(`${base}/api/docs/swagger-ui-bundle.js`)).status).toBe(200);
  });

  it('serves the shell with the SPA fallback and the remotes, and keeps /api answers JSON', async () => {
    const home = await fetch(`${base}/`, { headers: { accept: 'text/html' } });
    expect(await home.text()).toContain('Pawline shell');
    const deep = await fetch(`${base}/${'1'.repeat(8)}/store/abc`, { headers: { accept: 'text/html' } });
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('Pawline shell');
    const remote = await fetch(`${base}/remotes/calendar/remoteEntry.js`);
    expect(await remote.text()).toContain('calendarRemote');
    expect((await fetch(`${base}/remotes/calendar/missing.js`)).status).toBe(404);
    const api = await fetch(`${base}/api/v1/does-not-exist`, { headers: { accept: 'text/html' } });
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ code: 'not_found' });
  });

  it('serves the precompressed copies the browser accepts: hashed files immutable, remoteEntry.js and index.html revalidated', async () => {
    // fetch decodes the body it receives, so the text matches while the headers tell how it came
    const remote = await fetch(`${base}/remotes/calendar/remoteEntry.js`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(remote.headers.get('content-encoding')).toBe('br');
    expect(remote.headers.get('vary')).toBe('Accept-Encoding');
    expect(remote.headers.get('cache-control')).toBe('no-cache');
    expect(await remote.text()).toContain('calendarRemote');
    const etag = remote.headers.get('etag') ?? '';
    const unchanged = await fetch(`${base}/remotes/calendar/remoteEntry.js`, {
      headers: { 'accept-encoding': 'br', 'if-none-match': etag },
    });
    expect(unchanged.status).toBe(304);
    const main = await fetch(`${base}/main.0123abcd.js`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(main.headers.get('content-encoding')).toBe('gzip');
    expect(main.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(main.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await main.text()).toContain('shellMain');
    const deep = await fetch(`${base}/${'1'.repeat(8)}/store/abc`, { headers: { accept: 'text/html' } });
    expect(deep.headers.get('cache-control')).toBe('no-cache');
    const deepAgain = await fetch(`${base}/${'1'.repeat(8)}/store/abc`, {
      headers: { accept: 'text/html', 'if-none-match': deep.headers.get('etag') ?? '' },
    });
    expect(deepAgain.status).toBe(304);
  });
});
