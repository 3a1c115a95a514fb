import { identityService } from '../../../identity/src/identity.service-definition';
import { identityAdminRoutes } from '../../src/routes/identity-admin.routes';
import {
  Browser,
  gatewayStackFor,
  REDIS_URL,
  mailedToken as mailedTokenOf,
  newOwner as newOwnerOf,
  registration,
  waitFor,
  type JsonResponse,
  type Owner,
} from './gateway-test-helpers';

jest.setTimeout(90_000);

type Tokens = { access_token: string; expires_at: string };
type Store = { id: string; name: string };
type Member = {
  user_id: string;
  username: string;
  orga_rank: number;
  store_override: Record<string, number>;
  active: boolean;
  first_password?: string;
};

/** Membership changes must reach the guards through the events, well before the cache's 5 s expiry. */
const PROMPT_MS = 3_000;

const codeOf = (response: JsonResponse): string | undefined => (response.body as { code?: string } | null)?.code;

describe('gateway identity administration routes over identity (real NATS, Postgres, Redis)', () => {
  // the tests' browsers reach the gateway on loopback and name their own addresses, as a proxy would
  const stack = gatewayStackFor([identityService], {
    env: { TRUSTED_PROXIES: '127.0.0.1, ::1', PAWLINE_SERVICES: 'identity' },
    redisUrl: REDIS_URL,
  });
  let base = '';
  beforeAll(() => {
    base = stack.base();
  });

  const mailedToken = (email: string, path: '/verify-email' | '/reset-password', skip: string[] = []) =>
    mailedTokenOf(base, email, path, skip);

  async function login(browser: Browser, username: string, password: string): Promise<JsonResponse> {
    return browser.request('POST', '/api/v1/auth/login', { body: { username, password } });
  }

  const newOwner = () => newOwnerOf(base);

  async function firstStore(owner: Owner): Promise<string> {
    const stores = await owner.browser.request('GET', `/api/v1/orga/${owner.orgaId}/store`, { token: owner.token });
    expect(stores.status).toBe(200);
    return (stores.body as Store[])[0]?.id ?? '';
  }

  function memberInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
    const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    return {
      first_name: 'Marco',
      last_name: `Bianchi${unique.replace(/[0-9]/g, '')}`,
      email: `team.${unique}@example.com`,
      orga_rank: 3,
      ...overrides,
    };
  }

  /** Polls `probe` until it answers `status`; fails when that takes longer than PROMPT_MS. */
  async function promptly(probe: () => Promise<JsonResponse>, status: number): Promise<void> {
    const started = Date.now();
    await waitFor(async () => ((await probe()).status === status ? true : undefined), PROMPT_MS);
    expect(Date.now() - started).toBeLessThan(PROMPT_MS + 500);
  }

  it('R6.04 R6.05 R3.02 R3.03 R3.04 R6.02 stores, team, overrides, settings, deactivation and rank ceiling through HTTP', async () => {
    const owner = await newOwner();
    const mainStore = await firstStore(owner);
    const orga = `/api/v1/orga/${owner.orgaId}`;
    const as = (token: string) => ({ token });

    // R3.04 a second store; the owner's cached membership learns it from evt.identity.store.created.v1
    const created = await owner.browser.request('POST', `${orga}/store`, {
      ...as(owner.token),
      body: { name: 'Filiale Nord', country: 'IT', address_from_orga: false, city: 'Milano', phone: null },
    });
    expect(created.status).toBe(201);
    const second = created.body as Store & { time_zone: string; address_from_orga: boolean };
    expect(second).toMatchObject({ name: 'Filiale Nord', city: 'Milano', address_from_orga: false, time_zone: 'Europe/Rome' });
    await promptly(() => owner.browser.request('GET', `${orga}/store/${second.id}`, as(owner.token)), 200);
    const renamed = await owner.browser.request('PUT', `${orga}/store/${second.id}`, {
      ...as(owner.token),
      body: { name: 'Filiale Nord 2' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: second.id, name: 'Filiale Nord 2', city: 'Milano' });

    // R3.03 an employee (rank 3) with an override on the second store only; the first password is answered once
    const hired = await owner.browser.request('POST', `${orga}/users`, {
      ...as(owner.token),
      body: memberInput({ store_override: { [second.id]: 3 } }),
    });
    expect(hired.status).toBe(201);
    const employee = hired.body as Member;
    expect(employee).toMatchObject({ orga_rank: 3, store_override: { [second.id]: 3 }, active: true });
    expect(typeof employee.first_password).toBe('string');
    const staff = new Browser(base);
    const staffLogin = await login(staff, employee.username, employee.first_password ?? '');
    expect(staffLogin.status).toBe(200);
    const staffToken = (staffLogin.body as Tokens).access_token;

    // R6.04 only the store of the override; R6.05 no organization writes
    expect((await staff.request('GET', `${orga}/store/${second.id}`, as(staffToken))).status).toBe(200);
    const other = await staff.request('GET', `${orga}/store/${mainStore}`, as(staffToken));
    expect({ status: other.status, code: codeOf(other) }).toEqual({ status: 403, code: 'forbidden' });
    for (const [method, path, body] of [
      ['PUT', `${orga}/settings`, { share_pets: true }],
      ['PUT', orga, { name: 'Taken over' }],
      ['POST', `${orga}/store`, { name: 'Mine', country: 'IT', address_from_orga: true }],
      ['GET', `${orga}/users`, undefined],
      ['POST', `${orga}/cancel`, { confirm_name: owner.orgaName }],
    ] as const) {
      const refused = await staff.request(method, path, { ...as(staffToken), ...(body ? { body } : {}) });
      expect({ method, path, status: refused.status }).toEqual({ method, path, status: 403 });
    }

    // R3.02 minimum ranks and share_pets; the employee's access follows at once (evt.identity.orga.updated.v1)
    const tightened = await owner.browser.request('PUT', `${orga}/settings`, {
      ...as(owner.token),
      body: { min_rank_read_store: 2, min_rank_write_store: 2, share_pets: true },
    });
    expect(tightened.status).toBe(200);
    expect(tightened.body).toMatchObject({ min_rank_read_store: 2, min_rank_write_store: 2, share_pets: true });
    await promptly(() => staff.request('GET', `${orga}/store/${second.id}`, as(staffToken)), 403);
    const loosened = await owner.browser.request('PUT', `${orga}/settings`, {
      ...as(owner.token),
      body: { min_rank_read_store: 4, min_rank_write_store: 4 },
    });
    expect(loosened.body).toMatchObject({ min_rank_read_store: 4, share_pets: true });
    await promptly(() => staff.request('GET', `${orga}/store/${second.id}`, as(staffToken)), 200);
    const orgaData = await owner.browser.request('PUT', orga, { ...as(owner.token), body: { city: 'Torino', zip_code: '10121' } });
    expect(orgaData.status).toBe(200);
    expect(orgaData.body).toMatchObject({ city: 'Torino', zip_code: '10121', share_pets: true });

    // a store-override change reaches the guards through evt.identity.member.changed.v1, not the 5 s expiry
    const moved = await owner.browser.request('PUT', `${orga}/users/${employee.user_id}`, {
      ...as(owner.token),
      body: { store_override: { [mainStore]: 3 } },
    });
    expect(moved.status).toBe(200);
    expect((moved.body as Member).store_override).toEqual({ [mainStore]: 3 });
    await promptly(() => staff.request('GET', `${orga}/store/${mainStore}`, as(staffToken)), 200);
    expect((await staff.request('GET', `${orga}/store/${second.id}`, as(staffToken))).status).toBe(403);

    const team = await owner.browser.request('GET', `${orga}/users`, as(owner.token));
    expect(team.status).toBe(200);
    expect((team.body as Member[]).map((m) => m.user_id).sort()).toEqual([owner.userId, employee.user_id].sort());
    const one = await owner.browser.request('GET', `${orga}/users/${employee.user_id}`, as(owner.token));
    expect(one.body).toMatchObject({ user_id: employee.user_id, orga_rank: 3, store_override: { [mainStore]: 3 } });

    // R6.02 an admin (rank 1) cannot raise anyone above their own rank
    const adminHired = await owner.browser.request('POST', `${orga}/users`, {
      ...as(owner.token),
      body: memberInput({ first_name: 'Sara', orga_rank: 1 }),
    });
    expect(adminHired.status).toBe(201);
    const admin = adminHired.body as Member;
    const adminBrowser = new Browser(base);
    const adminToken = ((await login(adminBrowser, admin.username, admin.first_password ?? '')).body as Tokens).access_token;
    const toOwner = await adminBrowser.request('PUT', `${orga}/users/${employee.user_id}`, { ...as(adminToken), body: { orga_rank: 0 } });
    expect(toOwner.status).toBeGreaterThanOrEqual(400);
    expect(toOwner.status).toBeLessThan(500);
    const overrideToOwner = await adminBrowser.request('PUT', `${orga}/users/${employee.user_id}`, {
      ...as(adminToken),
      body: { store_override: { [mainStore]: 0 } },
    });
    expect(overrideToOwner.status).toBeGreaterThanOrEqual(400);
    expect(overrideToOwner.status).toBeLessThan(500);
    const newOwnerByAdmin = await adminBrowser.request('POST', `${orga}/users`, { ...as(adminToken), body: memberInput({ orga_rank: 0 }) });
    expect(newOwnerByAdmin.status).toBeGreaterThanOrEqual(400);
    expect(newOwnerByAdmin.status).toBeLessThan(500);
    const unchanged = await owner.browser.request('GET', `${orga}/users/${employee.user_id}`, as(owner.token));
    expect(unchanged.body).toMatchObject({ orga_rank: 3, store_override: { [mainStore]: 3 } });
    expect(((await owner.browser.request('GET', `${orga}/users`, as(owner.token))).body as Member[]).length).toBe(3);
    // within the ceiling the admin may change the employee
    const byAdmin = await adminBrowser.request('PUT', `${orga}/users/${employee.user_id}`, { ...as(adminToken), body: { orga_rank: 2 } });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ orga_rank: 2 });

    // R3.03 deactivation: the live access token fails, then login answers server_1010
    expect((await staff.request('GET', '/api/v1/user', as(staffToken))).status).toBe(200);
    const deactivated = await owner.browser.request('POST', `${orga}/users/${employee.user_id}/deactivate`, as(owner.token));
    expect(deactivated.status).toBe(200);
    expect(deactivated.body).toMatchObject({ active: false });
    await promptly(() => staff.request('GET', '/api/v1/user', as(staffToken)), 401);
    expect((await staff.request('GET', `${orga}/store/${mainStore}`, as(staffToken))).status).toBe(401);
    const refusedLogin = await login(new Browser(base), employee.username, employee.first_password ?? '');
    expect({ status: refusedLogin.status, code: codeOf(refusedLogin) }).toEqual({ status: 403, code: 'server_1010' });

    const reactivated = await owner.browser.request('POST', `${orga}/users/${employee.user_id}/reactivate`, as(owner.token));
    expect(reactivated.status).toBe(200);
    expect(reactivated.body).toMatchObject({ active: true });
    const returning = new Browser(base);
    const back = await login(returning, employee.username, employee.first_password ?? '');
    expect(back.status).toBe(200);
    // a token issued in the very second of the deactivation's user-wide revocation is refused
    // (JWT times are whole seconds, README "Sessions"); the client refreshes with its cookie
    await waitFor(async () => {
      const refreshed = await returning.request('POST', '/api/v1/auth/refresh');
      expect(refreshed.status).toBe(200);
      const status = (await returning.request('GET', `${orga}/store/${mainStore}`, as((refreshed.body as Tokens).access_token))).status;
      return status === 200 ? true : undefined;
    }, PROMPT_MS);

    // R3.04 a store is deleted (the last one stays)
    expect((await owner.browser.request('DELETE', `${orga}/store/${second.id}`, as(owner.token))).status).toBe(204);
    await promptly(() => owner.browser.request('GET', `${orga}/store/${second.id}`, as(owner.token)), 403);
    const stores = await owner.browser.request('GET', `${orga}/store`, as(owner.token));
    expect((stores.body as Store[]).map((s) => s.id)).toEqual([mainStore]);
    const last = await owner.browser.request('DELETE', `${orga}/store/${mainStore}`, as(owner.token));
    expect(last.status).toBe(409);
  });

  it('issue 11 refuses a common or all-whitespace password at registration with 400 on the password field, mailing nothing', async () => {
    const browser = new Browser(base);
    for (const [password, key] of [
      ['qwertyuiop', 'validation.passwordCommon'],
      [' \t'.repeat(5), 'validation.passwordBlank'],
    ] as const) {
      const input = registration({ password });
      const refused = await browser.request('POST', '/api/v1/auth/register', { headers: { 'accept-language': 'de' }, body: input });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'validation_failed', message: 'Einige Felder sind ungültig.', fields: { password: key } });
      const mails = await browser.request('GET', `/api/v1/dev/mailbox?to=${encodeURIComponent(String(input['email']))}`);
      expect(mails.body).toEqual([]);
    }
  });

  it('R1.13 password reset through the mailbox: same answer for an unknown address, single-use token, new password signs in', async () => {
    const owner = await newOwner();
    const stranger = new Browser(base);
    const known = await stranger.request('POST', '/api/v1/auth/password-reset', { body: { email: owner.email } });
    const unknown = await stranger.request('POST', '/api/v1/auth/password-reset', { body: { email: `nobody.${Date.now()}@example.com` } });
    expect(known.status).toBe(200);
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: known.status, body: known.body });
    expect(unknown.headers.get('content-length')).toBe(known.headers.get('content-length'));

    const token = await mailedToken(owner.email, '/reset-password');
    const short = await stranger.request('POST', '/api/v1/auth/password-reset/confirm', { body: { token, password: 'short' } });
    expect(short.status).toBe(400);
    // issue 11: a common password is refused on the password field; the token stays usable (below)
    const common = await stranger.request('POST', '/api/v1/auth/password-reset/confirm', { body: { token, password: 'Password1' } });
    expect(common.status).toBe(400);
    expect(common.body).toMatchObject({ code: 'validation_failed', fields: { password: 'validation.passwordCommon' } });
    const confirmed = await stranger.request('POST', '/api/v1/auth/password-reset/confirm', {
      body: { token, password: 'a-brand-new-password-2' },
    });
    expect(confirmed.status).toBe(200);
    // every session ends: the owner's access token stops working
    await waitFor(async () =>
      (await owner.browser.request('GET', '/api/v1/user', { token: owner.token })).status === 401 ? true : undefined,
    );

    expect((await login(new Browser(base), owner.email, owner.password)).status).toBe(401);
    expect((await login(new Browser(base), owner.email, 'a-brand-new-password-2')).status).toBe(200);
    const reused = await stranger.request('POST', '/api/v1/auth/password-reset/confirm', {
      body: { token, password: 'yet-another-password-3' },
    });
    expect({ status: reused.status, code: codeOf(reused) }).toEqual({ status: 400, code: 'token_invalid' });
    expect((await login(new Browser(base), owner.email, 'a-brand-new-password-2')).status).toBe(200);
  });

  it('R1.14 changing the e-mail address mails the new one and takes effect only after verification', async () => {
    const owner = await newOwner();
    const newEmail = `moved.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
    const bad = await owner.browser.request('POST', '/api/v1/user/email', {
      token: owner.token,
      body: { email: 'not-an-address', current_password: owner.password },
    });
    expect(bad.status).toBe(400);
    const changed = await owner.browser.request('POST', '/api/v1/user/email', {
      token: owner.token,
      body: { email: newEmail, current_password: owner.password },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ pending_email: newEmail });

    const before = await owner.browser.request('GET', '/api/v1/user', { token: owner.token });
    expect(before.body).toMatchObject({ email: owner.email, pending_email: newEmail });
    expect((await login(new Browser(base), newEmail, owner.password)).status).toBe(401);
    expect((await login(new Browser(base), owner.email, owner.password)).status).toBe(200);

    const token = await mailedToken(newEmail, '/verify-email');
    expect((await owner.browser.request('POST', '/api/v1/auth/verify-email', { body: { token } })).status).toBe(200);
    const after = await owner.browser.request('GET', '/api/v1/user', { token: owner.token });
    expect(after.body).toMatchObject({ email: newEmail, pending_email: null, email_verified: true });
    expect((await login(new Browser(base), newEmail, owner.password)).status).toBe(200);
    expect((await login(new Browser(base), owner.email, owner.password)).status).toBe(401);
  });

  it('R1.15 R2.04 the auto-login link signs in once with u and p', async () => {
    const owner = await newOwner();
    expect((await new Browser(base).request('GET', '/api/v1/user/autologin-link')).status).toBe(401);
    const link = await owner.browser.request('GET', '/api/v1/user/autologin-link', { token: owner.token });
    expect(link.status).toBe(200);
    const { url, expires_at: expiresAt } = link.body as { url: string; expires_at: string };
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now());
    const parsed = new URL(url);
    expect(parsed.pathname).toBe('/autologin');
    const u = parsed.searchParams.get('u') ?? '';
    const p = parsed.searchParams.get('p') ?? '';
    expect(p).not.toBe(owner.password);

    const device = new Browser(base);
    const signedIn = await device.request('POST', '/api/v1/auth/autologin', { body: { u, p } });
    expect(signedIn.status).toBe(200);
    expect(Object.keys(signedIn.body as object).sort()).toEqual(['access_token', 'expires_at']);
    expect(signedIn.headers.get('set-cookie')).toMatch(/^pawline_refresh=[^;]+;/);
    const me = await device.request('GET', '/api/v1/user', { token: (signedIn.body as Tokens).access_token });
    expect(me.body).toMatchObject({ id: owner.userId });
    expect((await device.request('POST', '/api/v1/auth/refresh')).status).toBe(200);

    const again = await new Browser(base).request('POST', '/api/v1/auth/autologin', { body: { u, p } });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
    expect(again.headers.get('set-cookie')).toBeNull();
    const forged = await new Browser(base).request('POST', '/api/v1/auth/autologin', { body: { u, p: `${p}x` } });
    expect(forged.status).toBeGreaterThanOrEqual(400);
    expect(forged.status).toBeLessThan(500);
  });

  it('R7.02 R1.18 rating: -1 for No Thanks and 4 stars move last_rating_time; out-of-range ratings are refused', async () => {
    const owner = await newOwner();
    const skipped = await owner.browser.request('PUT', '/api/v1/user/rating', { token: owner.token, body: { rating: -1 } });
    expect(skipped.status).toBe(200);
    const firstTime = (skipped.body as { last_rating_time: string | null }).last_rating_time;
    expect(firstTime).not.toBeNull();
    const rated = await owner.browser.request('PUT', '/api/v1/user/rating', {
      token: owner.token,
      body: { rating: 4, annotation: 'Molto comodo' },
    });
    expect(rated.status).toBe(200);
    const secondTime = (rated.body as { last_rating_time: string | null }).last_rating_time;
    expect(new Date(secondTime ?? 0).getTime()).toBeGreaterThanOrEqual(new Date(firstTime ?? 0).getTime());
    for (const rating of [0, 6, -2, 3.5]) {
      const refused = await owner.browser.request('PUT', '/api/v1/user/rating', { token: owner.token, body: { rating } });
      expect({ rating, status: refused.status, code: codeOf(refused) }).toEqual({ rating, status: 400, code: 'validation_failed' });
    }
    expect((await new Browser(base).request('PUT', '/api/v1/user/rating', { body: { rating: 5 } })).status).toBe(401);
  });

  it('R1.17 cancelling the organization needs its exact name; then it is gone for the owner', async () => {
    const owner = await newOwner();
    const orga = `/api/v1/orga/${owner.orgaId}`;
    const hired = await owner.browser.request('POST', `${orga}/users`, {
      token: owner.token,
      body: memberInput({ first_name: 'Luca', orga_rank: 1 }),
    });
    expect(hired.status).toBe(201);
    const admin = hired.body as Member;
    const adminBrowser = new Browser(base);
    const adminToken = ((await login(adminBrowser, admin.username, admin.first_password ?? '')).body as Tokens).access_token;

    const wrong = await owner.browser.request('POST', `${orga}/cancel`, {
      token: owner.token,
      body: { confirm_name: `${owner.orgaName} typo` },
    });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    expect(wrong.status).toBeLessThan(500);
    // only the owner cancels, even with the right name
    const byAdmin = await adminBrowser.request('POST', `${orga}/cancel`, { token: adminToken, body: { confirm_name: owner.orgaName } });
    expect(byAdmin.status).toBe(403);
    const still = await owner.browser.request('GET', orga, { token: owner.token });
    expect(still.status).toBe(200);
    expect((still.body as { stores: unknown[]; users: unknown[] }).stores).toHaveLength(1);
    expect((still.body as { users: unknown[] }).users).toHaveLength(2);

    const cancelled = await owner.browser.request('POST', `${orga}/cancel`, { token: owner.token, body: { confirm_name: owner.orgaName } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toEqual({ cancelled: true });
    // the organization is gone; its owner and admin belonged to no other organization, so identity
    // deleted them too (R1.17): their live sessions were revoked and their logins no longer exist
    await waitFor(async () => {
      const gone = await owner.browser.request('GET', orga, { token: owner.token });
      return [401, 403, 404].includes(gone.status) ? true : undefined;
    }, PROMPT_MS);
    expect([401, 403, 404]).toContain((await adminBrowser.request('GET', `${orga}/store`, { token: adminToken })).status);
    expect((await login(new Browser(base), owner.email, owner.password)).status).toBe(401);
    expect((await login(new Browser(base), admin.username, admin.first_password ?? '')).status).toBe(401);
  });

  it('R6.05 every identity administration route of organization B answers 403 to a member of organization A and changes nothing', async () => {
    const a = await newOwner();
    const b = await newOwner();
    const storeOfB = await firstStore(b);
    const storeOfA = await firstStore(a);
    const hired = await b.browser.request('POST', `/api/v1/orga/${b.orgaId}/users`, { token: b.token, body: memberInput() });
    expect(hired.status).toBe(201);
    const memberOfB = (hired.body as Member).user_id;
    const before = await b.browser.request('GET', `/api/v1/orga/${b.orgaId}`, { token: b.token });
    // B's API key (issue 33): A neither lists, creates nor revokes B's keys
    const keyOfB = await b.browser.request('POST', `/api/v1/orga/${b.orgaId}/api_key`, {
      token: b.token,
      body: { name: 'Site', scopes: ['calendar:read'] },
    });
    expect(keyOfB.status).toBe(201);
    const keyIdOfB = (keyOfB.body as { key: { id: string } }).key.id;

    const bodies: Record<string, unknown> = {
      'put /api/v1/orga/:orga': { name: 'Hijacked' },
      'put /api/v1/orga/:orga/settings': { min_rank_read_store: 0, share_pets: true },
      'post /api/v1/orga/:orga/cancel': { confirm_name: b.orgaName },
      'post /api/v1/orga/:orga/store': { name: 'Intruder', country: 'IT', address_from_orga: true },
      'put /api/v1/orga/:orga/store/:store': { name: 'Intruder' },
      'post /api/v1/orga/:orga/users': memberInput({ orga_rank: 1 }),
      'put /api/v1/orga/:orga/users/:user': { orga_rank: 0 },
      'post /api/v1/orga/:orga/api_key': { name: 'Intruder', scopes: ['calendar:write'] },
    };
    const routesOfB = identityAdminRoutes.filter((route) => route.path.includes(':orga'));
    expect(routesOfB).toHaveLength(15);
    for (const route of routesOfB) {
      for (const store of [storeOfB, storeOfA]) {
        const url = route.path
          .replace(':orga', b.orgaId)
          .replace(':store', store)
          .replace(':user', memberOfB)
          .replace(':api_key', keyIdOfB);
        const body = bodies[`${route.method} ${route.path}`];
        const response = await a.browser.request(route.method.toUpperCase(), url, {
          token: a.token,
          ...(body !== undefined ? { body } : {}),
        });
        expect({ method: route.method, url, status: response.status, code: codeOf(response) }).toEqual({
          method: route.method,
          url,
          status: 403,
          code: 'forbidden',
        });
      }
    }
    // B's own store through A's organization path is not reachable for A's writes either
    const crossed = await a.browser.request('PUT', `/api/v1/orga/${a.orgaId}/store/${storeOfB}`, {
      token: a.token,
      body: { name: 'Intruder' },
    });
    expect(crossed.status).toBe(403);
    const crossedMember = await a.browser.request('POST', `/api/v1/orga/${a.orgaId}/users/${memberOfB}/deactivate`, { token: a.token });
    expect([403, 404]).toContain(crossedMember.status);

    const after = await b.browser.request('GET', `/api/v1/orga/${b.orgaId}`, { token: b.token });
    expect(after.body).toEqual(before.body);
    const keysOfB = await b.browser.request('GET', `/api/v1/orga/${b.orgaId}/api_key`, { token: b.token });
    expect((keysOfB.body as { keys: { id: string; name: string }[] }).keys.map((key) => key.name)).toEqual(['Site']);
  });
});
