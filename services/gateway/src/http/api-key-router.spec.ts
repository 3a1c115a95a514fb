import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defineRoute, defineRpc, memberAccessRpc, type ApiKeyGrant, type MemberAccess, type RpcContract } from '@pawline/contracts';
import { RawJson } from '@pawline/nest-kit';
import { z } from 'zod';
import { AccessGuard } from '../auth/access.guard';
import { Authenticator } from '../auth/authenticator';
import { MembershipCache } from '../auth/membership-cache';
import { MemorySessionRevocationStore } from '../auth/session-revocation.store';
import { MemoryRateLimitStore, RATE_LIMITS, RateLimiter } from '../rate-limit/rate-limiter';
import { userRoutes } from '../routes/user.routes';
import { ApiError } from './api-error';
import { buildApiHandler } from './api-router';
import { rpcRoute } from './route-definition';
import type { PassThroughRpcCaller } from './rpc-caller';

const orgaA = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const storeA1 = 'a1a1a1a1-a1a1-4a1a-8a1a-a1a1a1a1a1a1';
const keyOne = '11111111-1111-4111-8111-111111111111';
const keyTwo = '22222222-2222-4222-8222-222222222222';
const secretOf = (fill: string) => `pwk_${fill.repeat(43)}`;
const GRANTS: Record<string, ApiKeyGrant> = {
  [secretOf('a')]: { api_key_id: keyOne, orga_id: orgaA, scopes: ['calendar:read'], store_ids: null },
  [secretOf('b')]: { api_key_id: keyTwo, orga_id: orgaA, scopes: ['calendar:write'], store_ids: null },
};

const keyMember: MemberAccess = {
  member: true,
  active: true,
  orga_rank: 1,
  employee_status: 1,
  store_overrides: {},
  store_ids: [storeA1],
  min_ranks: { read_store: 4, write_store: 3, read_pets: 4, write_pets: 3 },
  tier: 1,
  share_pets: false,
  store_time_zones: { [storeA1]: 'Europe/Rome' },
};

const echoRpc = defineRpc('rpc.scheduling.echo.read', z.object({ store_id: z.string() }), z.object({ ok: z.boolean() }));
const STORE = '/api/v1/orga/:orga/store/:store';
const readRoute = defineRoute({ method: 'get', path: `${STORE}/echo`, summary: 'Echo', tag: 'scheduling', response: echoRpc.response });
const writeRoute = defineRoute({ method: 'post', path: `${STORE}/echo`, summary: 'Echo', tag: 'scheduling', response: echoRpc.response });

type Sent = { subject: string; auth: unknown; member: unknown };

describe('API keys in the router (issue 33)', () => {
  let server: Server;
  let base: string;
  let sent: Sent[];

  beforeEach(async () => {
    sent = [];
    const answer = (contract: RpcContract, options: { auth: unknown; member?: unknown }): unknown => {
      sent.push({ subject: contract.subject, auth: options.auth, member: options.member });
      if (contract.subject === memberAccessRpc.subject) return keyMember;
      if (contract.subject === echoRpc.subject) return { ok: true };
      throw new ApiError('service_unavailable');
    };
    const services: PassThroughRpcCaller = {
      call: async (contract, _data, options) => answer(contract, options) as never,
      callRaw: async (contract, _data, options) => new RawJson(JSON.stringify(answer(contract, options))) as never,
    };
    const revocations = new MemorySessionRevocationStore();
    const api = buildApiHandler(
      [
        rpcRoute(readRoute, { access: { orga: 'store_read' }, rpc: echoRpc, input: (ctx) => ({ store_id: ctx.params.store }) }),
        rpcRoute(writeRoute, { access: { orga: 'store_write' }, rpc: echoRpc, input: (ctx) => ({ store_id: ctx.params.store }) }),
        ...userRoutes,
      ],
      {
        rpc: services,
        authenticator: new Authenticator('unit-test-secret-0123456789', revocations, Date.now, async (secret) => GRANTS[secret] ?? null),
        guard: new AccessGuard(services, new MembershipCache()),
        rateLimiter: new RateLimiter(new MemoryRateLimitStore()),
        revocations,
        secureCookies: false,
        onUnexpectedError: () => undefined,
      },
    );
    server = createServer((req, res) => {
      if (!api.handle(req, res)) res.end();
    }).listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const echo = (secret: string, method = 'GET') =>
    fetch(`${base}/api/v1/orga/${orgaA}/store/${storeA1}/echo`, { method, headers: { authorization: `Bearer ${secret}` } });

  it('a key acts under its id with its scopes, and the service gets the membership the guard checked', async () => {
    expect((await echo(secretOf('a'))).status).toBe(200);
    const toService = sent.find((call) => call.subject === echoRpc.subject);
    expect(toService?.auth).toMatchObject({
      userId: keyOne,
      sessionId: keyOne,
      deviceId: null,
      apiKey: { orga_id: orgaA, scopes: ['calendar:read'] },
    });
    expect(toService?.member).toMatchObject({ user_id: keyOne, orga_id: orgaA, orga_rank: 1 });
  });

  it('a read key is refused a write before any service is asked; a write key writes', async () => {
    const refused = await echo(secretOf('a'), 'POST');
    expect(refused.status).toBe(403);
    expect(sent.filter((call) => call.subject === echoRpc.subject)).toEqual([]);
    expect((await echo(secretOf('b'), 'POST')).status).toBe(200);
  });

  it("an unknown key is 401; a key is no person: the user's own routes answer 403", async () => {
    expect((await echo(secretOf('c'))).status).toBe(401);
    expect((await fetch(`${base}/api/v1/user`, { headers: { authorization: `Bearer ${secretOf('a')}` } })).status).toBe(403);
  });

  it('R7.10 limits each key on its own: over RATE_LIMITS.apiKey a minute the key gets 429 with Retry-After, another key goes on', async () => {
    const limit = RATE_LIMITS.apiKey.limit;
    for (let sentCount = 0; sentCount < limit; sentCount += 50)
      await Promise.all(Array.from({ length: Math.min(50, limit - sentCount) }, () => echo(secretOf('a')).then((r) => r.arrayBuffer())));
    const over = await echo(secretOf('a'));
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await echo(secretOf('b'))).status).toBe(200);
  }, 30_000);
});
