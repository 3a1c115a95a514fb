import { crmService } from '../../../crm/src/crm.service-definition';
import { identityService } from '../../../identity/src/identity.service-definition';
import { schedulingService } from '../../../scheduling/src/scheduling.service-definition';
import { gatewayStackFor, newOwner, REDIS_URL, type JsonResponse, type Owner } from './gateway-test-helpers';

/**
 * API keys through the gateway (issue 33): an administrator creates, lists and revokes them in a
 * session; a key signs /api/v1 requests as its organization with its scopes, judged by the gateway's
 * one access layer and the services' guards (real NATS, Postgres, Redis; identity, scheduling, crm).
 */

jest.setTimeout(120_000);

type Key = { id: string; name: string; prefix: string; scopes: string[]; store_ids: string[] | null; last_used_at: string | null };
type Created = { key: Key; secret: string };

const codeOf = (response: JsonResponse) => (response.body as { code?: string } | null)?.code;

describe('API keys through the gateway (issue 33; identity, scheduling, crm over real NATS, Postgres, Redis)', () => {
  const stack = gatewayStackFor([identityService, schedulingService, crmService], {
    env: { TRUSTED_PROXIES: '127.0.0.1, ::1', PAWLINE_SERVICES: 'identity,scheduling,crm' },
    redisUrl: REDIS_URL,
  });
  let a: Owner;
  let b: Owner;
  let storeA1 = '';
  let storeA2 = '';
  let storeB = '';

  const keysOf = (owner: Owner) => `/api/v1/orga/${owner.orgaId}/api_key`;
  const storePath = (owner: Owner, store: string) => `/api/v1/orga/${owner.orgaId}/store/${store}`;
  const calendar = (owner: Owner, store: string) => `${storePath(owner, store)}/appointments/2027/3/1/2027/3/31`;

  async function createKey(owner: Owner, body: Record<string, unknown>): Promise<Created> {
    const created = await owner.browser.request('POST', keysOf(owner), { token: owner.token, body });
    expect({ status: created.status, body: created.body }).toMatchObject({ status: 201 });
    return created.body as Created;
  }
  const listKeys = async (owner: Owner) =>
    ((await owner.browser.request('GET', keysOf(owner), { token: owner.token })).body as { keys: Key[] }).keys;
  /** A request signed with a key, from the owner's browser (its address; the key alone is the credential). */
  const withKey = (owner: Owner, secret: string, method: string, path: string, body?: unknown) =>
    owner.browser.request(method, path, { token: secret, ...(body !== undefined ? { body } : {}) });

  beforeAll(async () => {
    const base = stack.base();
    [a, b] = await Promise.all([newOwner(base), newOwner(base)]);
    const firstStore = async (owner: Owner) =>
      ((await owner.browser.request('GET', `/api/v1/orga/${owner.orgaId}/store`, { token: owner.token })).body as { id: string }[])[0]
        ?.id ?? '';
    [storeA1, storeB] = await Promise.all([firstStore(a), firstStore(b)]);
    const second = await a.browser.request('POST', `/api/v1/orga/${a.orgaId}/store`, {
      token: a.token,
      body: { name: 'Second', country: 'IT', address_from_orga: true },
    });
    expect(second.status).toBe(201);
    storeA2 = (second.body as { id: string }).id;
  });

  it('an administrator creates a key: the secret is answered once, the list shows name, scopes, prefix and never the secret', async () => {
    const created = await createKey(a, { name: 'Website', scopes: ['calendar:read'] });
    expect(created.secret).toMatch(/^pwk_[A-Za-z0-9_-]{43}$/);
    expect(created.key).toMatchObject({
      name: 'Website',
      scopes: ['calendar:read'],
      store_ids: null,
      expires_at: null,
      last_used_at: null,
    });
    expect(created.secret.startsWith(created.key.prefix)).toBe(true);
    const listed = await a.browser.request('GET', keysOf(a), { token: a.token });
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain(created.secret);
    expect((listed.body as { keys: Key[] }).keys.find((key) => key.id === created.key.id)).toMatchObject({
      name: 'Website',
      prefix: created.key.prefix,
    });
  });

  it('bad input is a 400 naming the field, in the caller language, and creates nothing', async () => {
    const before = (await listKeys(a)).length;
    const refused = async (body: Record<string, unknown>, field: string) => {
      const answer = await a.browser.request('POST', keysOf(a), { token: a.token, body, headers: { 'accept-language': 'it' } });
      expect({ status: answer.status, code: codeOf(answer) }).toEqual({ status: 400, code: 'validation_failed' });
      expect(Object.keys((answer.body as { fields: Record<string, string> }).fields)).toContain(field);
      expect((answer.body as { message: string }).message).not.toBe('');
    };
    await refused({ name: 'X', scopes: ['calendar:admin'] }, 'scopes.0');
    await refused({ name: 'X', scopes: [] }, 'scopes');
    await refused({ name: 'X', scopes: ['calendar:read', 'calendar:read'] }, 'scopes');
    await refused({ name: '  ', scopes: ['calendar:read'] }, 'name');
    await refused({ name: 'X', scopes: ['calendar:read'], expires_at: '2020-01-01T00:00:00Z' }, 'expires_at');
    await refused({ name: 'X', scopes: ['calendar:read'], store_ids: [storeB] }, 'store_ids');
    expect(await listKeys(a)).toHaveLength(before);
  });

  it('R7.10 R6.05 a read key as bearer token reads appointments and customers and is refused every write, other areas and the routes of people', async () => {
    const { key, secret } = await createKey(a, { name: 'Reader', scopes: ['calendar:read', 'customers:read'] });
    expect((await withKey(a, secret, 'GET', calendar(a, storeA1))).status).toBe(200);
    expect((await withKey(a, secret, 'GET', `${storePath(a, storeA1)}/customers`)).status).toBe(200);
    // a write of its own areas
    const write = await withKey(a, secret, 'POST', `${storePath(a, storeA1)}/customer`, { first_name: 'Nope' });
    expect({ status: write.status, code: codeOf(write) }).toEqual({ status: 403, code: 'forbidden' });
    // another area, the organization, the account, and the keys themselves
    for (const [method, path] of [
      ['GET', `${storePath(a, storeA1)}/notification/0/none`],
      ['GET', `/api/v1/orga/${a.orgaId}`],
      ['GET', `/api/v1/orga/${a.orgaId}/users`],
      ['GET', '/api/v1/user'],
      ['GET', keysOf(a)],
    ] as const)
      expect({ path, status: (await withKey(a, secret, method, path)).status }).toEqual({ path, status: 403 });
    // nothing was written: the customer list holds no 'Nope'
    const customers = await a.browser.request('GET', `${storePath(a, storeA1)}/customers`, { token: a.token });
    expect(JSON.stringify(customers.body)).not.toContain('Nope');
    // its use shows in the list
    expect((await listKeys(a)).find((listed) => listed.id === key.id)?.last_used_at).not.toBeNull();
  });

  it('R6.05 a write key writes its area; a store-limited key never reaches another store; a key of A never reaches B', async () => {
    const { secret } = await createKey(a, { name: 'Front desk', scopes: ['customers:write', 'calendar:read'], store_ids: [storeA1] });
    const created = await withKey(a, secret, 'POST', `${storePath(a, storeA1)}/customer`, { first_name: 'Keyed' });
    expect(created.status).toBe(201);
    expect((await withKey(a, secret, 'POST', `${storePath(a, storeA2)}/customer`, { first_name: 'Elsewhere' })).status).toBe(403);
    expect((await withKey(a, secret, 'GET', calendar(a, storeA2))).status).toBe(403);
    expect((await withKey(a, secret, 'GET', calendar(a, storeA1))).status).toBe(200);
    // B's organization, with B's own store, and with A's store in B's path
    for (const path of [calendar(b, storeB), `${storePath(b, storeB)}/customers`, calendar(b, storeA1)])
      expect({ path, status: (await withKey(a, secret, 'GET', path)).status }).toEqual({ path, status: 403 });
    const everything = await createKey(a, {
      name: 'All',
      scopes: ['calendar:write', 'customers:write', 'booking:write', 'messaging:write'],
    });
    expect((await withKey(a, everything.secret, 'GET', `${storePath(b, storeB)}/customers`)).status).toBe(403);
    expect((await withKey(a, everything.secret, 'GET', `${storePath(a, storeA2)}/customers`)).status).toBe(200);
  });

  it('R7.10 a revoked key is refused on its very next request; two revocations at once both answer the first one', async () => {
    const { key, secret } = await createKey(a, { name: 'Accounting', scopes: ['calendar:read'] });
    expect((await withKey(a, secret, 'GET', calendar(a, storeA1))).status).toBe(200);
    const revoked = await a.browser.request('DELETE', `${keysOf(a)}/${key.id}`, { token: a.token });
    expect(revoked.status).toBe(200);
    const next = await withKey(a, secret, 'GET', calendar(a, storeA1));
    expect({ status: next.status, code: codeOf(next) }).toEqual({ status: 401, code: 'unauthorized' });
    expect((await listKeys(a)).map((listed) => listed.id)).not.toContain(key.id);

    const twice = await createKey(a, { name: 'Twice', scopes: ['customers:read'] });
    const path = `${keysOf(a)}/${twice.key.id}`;
    const [first, second] = await Promise.all([
      a.browser.request('DELETE', path, { token: a.token }),
      a.browser.request('DELETE', path, { token: a.token }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((first.body as { revoked_at: string }).revoked_at).toBe((second.body as { revoked_at: string }).revoked_at);
    expect((await withKey(a, twice.secret, 'GET', `${storePath(a, storeA1)}/customers`)).status).toBe(401);
  });

  it("only the organization's administrators manage its keys; B's owner neither lists nor revokes A's", async () => {
    const { key, secret } = await createKey(a, { name: 'Kept', scopes: ['calendar:read'] });
    expect((await b.browser.request('GET', keysOf(a), { token: b.token })).status).toBe(403);
    expect((await b.browser.request('DELETE', `${keysOf(a)}/${key.id}`, { token: b.token })).status).toBe(403);
    // B revoking A's key id in B's own path finds nothing, and the key still works
    expect((await b.browser.request('DELETE', `${keysOf(b)}/${key.id}`, { token: b.token })).status).toBe(404);
    expect((await withKey(a, secret, 'GET', calendar(a, storeA1))).status).toBe(200);
  });

  it('an expired key is refused, a malformed one too', async () => {
    const soon = new Date(Date.now() + 1_500).toISOString();
    const { secret } = await createKey(a, { name: 'Short', scopes: ['calendar:read'], expires_at: soon });
    expect((await withKey(a, secret, 'GET', calendar(a, storeA1))).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    expect((await withKey(a, secret, 'GET', calendar(a, storeA1))).status).toBe(401);
    expect((await withKey(a, 'pwk_short', 'GET', calendar(a, storeA1))).status).toBe(401);
    expect((await withKey(a, `pwk_${'A'.repeat(43)}`, 'GET', calendar(a, storeA1))).status).toBe(401);
  });
});
