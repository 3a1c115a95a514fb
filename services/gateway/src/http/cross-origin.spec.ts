import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { memberAccessRpc, type MemberAccess, type RpcContract } from '@pawline/contracts';
import { RawJson, signAccessToken } from '@pawline/nest-kit';
import { AccessGuard } from '../auth/access.guard';
import { Authenticator } from '../auth/authenticator';
import { MembershipCache } from '../auth/membership-cache';
import { MemorySessionRevocationStore } from '../auth/session-revocation.store';
import { MemoryRateLimitStore, RateLimiter } from '../rate-limit/rate-limiter';
import { bookingPublicRoutes, storeSiteOrigins } from '../routes/booking-public.routes';
import { bookingRoutes } from '../routes/booking.routes';
import { ApiError } from './api-error';
import { buildApiHandler } from './api-router';
import { CrossOriginCache } from './cross-origin';
import { parseTrustedProxies } from './http-io';
import type { PassThroughRpcCaller } from './rpc-caller';

const secret = 'unit-test-secret-0123456789';
const userId = '11111111-1111-4111-8111-111111111111';
const orgaA = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const storeA = 'a1a1a1a1-a1a1-4a1a-8a1a-a1a1a1a1a1a1';
const PUBLIC_ID = 'salonrossi000001';
const OTHER_ID = 'salonbianchi0002';
const SALON_SITE = 'https://www.salone-rossi.it';
const PRODUCT = 'https://app.pawline.test';
const DAY = { date: '2027-03-08', slots: [] };

/** A booking service stand-in: answers by subject and records the subjects asked. */
class Booking implements PassThroughRpcCaller {
  readonly subjects: string[] = [];
  readonly sent: unknown[] = [];
  outcome: 'booked' | 'taken' = 'booked';
  async call<C extends RpcContract>(contract: C, data: unknown): Promise<never> {
    this.subjects.push(contract.subject);
    this.sent.push(data);
    const id = (data as { public_id?: string }).public_id;
    switch (contract.subject) {
      case 'rpc.booking.public.store':
        if (id !== PUBLIC_ID && id !== OTHER_ID) throw new ApiError('not_found');
        return {
          public_id: id,
          store_name: 'Salone Rossi',
          time_zone: 'Europe/Rome',
          enabled: true,
          treatments: [],
          staff: [],
          min_notice_minutes: 60,
          horizon_days: 30,
          allowed_origins: id === PUBLIC_ID ? [SALON_SITE] : [],
        } as never;
      case 'rpc.booking.public.challenge':
        return { challenge: 'c'.repeat(20), difficulty: 4, expires_at: '2027-03-08T10:10:00Z' } as never;
      case 'rpc.booking.public.customer-check':
        return { known: false, pets: [] } as never;
      case 'rpc.booking.public.request':
        return (
          this.outcome === 'booked'
            ? { outcome: 'booked', slot_id: userId, date: '2027-03-08', time: '10:00', duration: 60, groomer_first_name: 'Anna' }
            : { outcome: 'taken', availability: { duration: 60, days: [DAY] } }
        ) as never;
      case 'rpc.booking.rule.list':
      case 'rpc.booking.slot.list':
        return { v: [] } as never;
      case memberAccessRpc.subject:
        return memberOfA as never;
      default:
        throw new ApiError('service_unavailable');
    }
  }
  async callRaw<C extends RpcContract>(contract: C, data: unknown): Promise<never> {
    return new RawJson(JSON.stringify(await this.call(contract, data))) as never;
  }
}

const memberOfA: MemberAccess = {
  member: true,
  active: true,
  orga_rank: 0,
  employee_status: 1,
  store_overrides: {},
  store_ids: [storeA],
  min_ranks: { read_store: 4, write_store: 3, read_pets: 4, write_pets: 3 },
  tier: 1,
  share_pets: false,
  store_time_zones: { [storeA]: 'Europe/Rome' },
};

const REQUEST = {
  slot_token: 'slot-token-0123456789',
  starts_at: '2027-03-08T10:00:00+01:00',
  treatment_ids: [userId],
  pets: [{ name: 'Fido', pet_type: 1 }],
  first_name: 'Maria',
  last_name: 'Verdi',
  fon: '+39 333 1234567',
  accept_privacy: true,
  challenge: 'c'.repeat(20),
  nonce: '42',
};

describe('the public booking routes at the edge: CORS for the salon site, rate limits, slot_taken', () => {
  let server: Server;
  let base: string;
  let booking: Booking;
  let address = 0;

  beforeEach(async () => {
    booking = new Booking();
    const revocations = new MemorySessionRevocationStore();
    const api = buildApiHandler([...bookingRoutes, ...bookingPublicRoutes], {
      rpc: booking,
      authenticator: new Authenticator(secret, revocations),
      guard: new AccessGuard(booking, new MembershipCache()),
      rateLimiter: new RateLimiter(new MemoryRateLimitStore()),
      revocations,
      secureCookies: true,
      trustedProxies: parseTrustedProxies('127.0.0.1, ::1'),
      publicOrigin: PRODUCT,
      onUnexpectedError: () => undefined,
    });
    server = createServer((req, res) => {
      if (!api.handle(req, res)) res.writeHead(418).end();
    }).listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  /** One request from its own address unless `ip` is given. */
  async function send(method: string, path: string, options: { origin?: string; body?: unknown; ip?: string; lang?: string } = {}) {
    address += 1;
    const headers: Record<string, string> = { 'x-forwarded-for': options.ip ?? `10.9.${Math.floor(address / 250)}.${(address % 250) + 1}` };
    if (options.origin) headers['origin'] = options.origin;
    if (options.lang) headers['accept-language'] = options.lang;
    if (method === 'OPTIONS') headers['access-control-request-method'] = 'POST';
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
  }

  const store = `/api/v1/public/booking/${PUBLIC_ID}`;

  it("answers the preflight of the salon's own site with its exact origin, no credentials, and refuses any other site", async () => {
    const allowed = await send('OPTIONS', `${store}/request`, { origin: SALON_SITE });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(SALON_SITE);
    expect(allowed.headers.get('access-control-allow-methods')).toBe('GET, POST');
    expect(allowed.headers.get('access-control-allow-headers')).toContain('Content-Type');
    expect(allowed.headers.get('access-control-allow-credentials')).toBeNull();
    expect(allowed.headers.get('vary')).toBe('Origin');

    for (const origin of ['https://evil.example', 'http://www.salone-rossi.it', 'https://www.salone-rossi.it.evil.example']) {
      const refused = await send('OPTIONS', `${store}/request`, { origin, lang: 'it' });
      expect({ origin, status: refused.status, code: refused.body?.['code'] }).toEqual({ origin, status: 403, code: 'cross_site_request' });
      expect(refused.body?.['message']).toContain('Questo modulo di prenotazione');
      expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    }
    // another store's site is not this store's
    expect((await send('OPTIONS', `/api/v1/public/booking/${OTHER_ID}/request`, { origin: SALON_SITE })).status).toBe(403);
  });

  it("adds the salon site's origin to the actual answers, refusals included; another site reads nothing and may not write", async () => {
    const read = await send('GET', store, { origin: SALON_SITE });
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBe(SALON_SITE);
    expect(read.headers.get('access-control-expose-headers')).toBe('Retry-After');
    const invalid = await send('POST', `${store}/availability`, { origin: SALON_SITE, body: { pets: [] }, lang: 'de' });
    expect(invalid.status).toBe(400);
    expect(invalid.body?.['message']).toBe('Einige Felder sind ungültig.');
    expect(invalid.headers.get('access-control-allow-origin')).toBe(SALON_SITE);

    // another site: a read is answered without CORS headers (the browser keeps it from the page)
    const foreignRead = await send('GET', store, { origin: 'https://evil.example' });
    expect(foreignRead.status).toBe(200);
    expect(foreignRead.headers.get('access-control-allow-origin')).toBeNull();
    expect(foreignRead.headers.get('vary')).toBe('Origin');
    // and a write is refused before any booking call
    booking.subjects.length = 0;
    const foreignWrite = await send('POST', `${store}/request`, { origin: 'https://evil.example', body: REQUEST, lang: 'fr' });
    expect(foreignWrite.status).toBe(403);
    expect(foreignWrite.body?.['message']).toContain('Ce formulaire de réservation');
    expect(booking.subjects).not.toContain('rpc.booking.public.request');
  });

  it('lets the product itself and callers without an Origin through, without CORS headers', async () => {
    for (const origin of [undefined, PRODUCT]) {
      const answer = await send('POST', `${store}/challenge`, origin ? { origin } : {});
      expect(answer.status).toBe(200);
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it("asks booking for the store's origins once for many preflights", async () => {
    for (let i = 0; i < 20; i += 1) expect((await send('OPTIONS', `${store}/availability`, { origin: SALON_SITE })).status).toBe(204);
    expect(booking.subjects.filter((subject) => subject === 'rpc.booking.public.store')).toHaveLength(1);
  });

  it('keeps the admin routes closed to other sites: no preflight, no CORS headers', async () => {
    const admin = `/api/v1/orga/${orgaA}/store/${storeA}/booking/admin/setup`;
    expect((await send('OPTIONS', admin, { origin: SALON_SITE })).status).toBe(404);
    const token = (await signAccessToken(secret, { sub: userId, sid: '22222222-2222-4222-8222-222222222222' })).token;
    const answer = await fetch(`${base}${admin}`, { headers: { authorization: `Bearer ${token}`, origin: SALON_SITE } });
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('maps the admin paths to booking: six date parts to days (years 1970–2200, in order), the slot cursor to a number and none to null', async () => {
    const token = (await signAccessToken(secret, { sub: userId, sid: '22222222-2222-4222-8222-222222222222' })).token;
    const admin = `/api/v1/orga/${orgaA}/store/${storeA}/booking/admin`;
    const get = async (path: string) => {
      const response = await fetch(`${base}${admin}${path}`, { headers: { authorization: `Bearer ${token}`, 'accept-language': 'it' } });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    expect((await get('/rules/2027/3/1/2027/03/31')).status).toBe(200);
    expect(booking.sent.at(-1)).toEqual({ orga_id: orgaA, store_id: storeA, from: '2027-03-01', to: '2027-03-31' });
    expect((await get('/slots/1795520000000/NONE')).status).toBe(200);
    expect(booking.sent.at(-1)).toEqual({ orga_id: orgaA, store_id: storeA, created_time: 1795520000000, last_id: null });
    const asked = booking.sent.length;
    for (const [path, field] of [
      ['/rules/1969/12/31/2027/1/1', 'y'],
      ['/rules/2027/1/1/2201/1/1', 'y2'],
      ['/rules/2027/3/2/2027/3/1', 'd2'],
    ] as const) {
      const refused = await get(path);
      expect({
        path,
        status: refused.status,
        message: refused.body['message'],
        fields: Object.keys(refused.body['fields'] as object),
      }).toEqual({
        path,
        status: 400,
        message: 'Alcuni campi non sono validi.',
        fields: [field],
      });
    }
    expect(booking.sent).toHaveLength(asked);
  });

  it('answers a booked request 201 and a lost race 409 slot_taken with the fresh slots, in the caller language', async () => {
    const booked = await send('POST', `${store}/request`, { origin: SALON_SITE, body: REQUEST });
    expect(booked.status).toBe(201);
    expect(booked.body).toMatchObject({ outcome: 'booked', time: '10:00' });
    booking.outcome = 'taken';
    for (const [lang, text] of [
      ['en', 'This time has just been booked by someone else. Please choose another one.'],
      ['it', 'Questo orario è appena stato prenotato da qualcun altro. Scegline un altro.'],
    ] as const) {
      const taken = await send('POST', `${store}/request`, { origin: SALON_SITE, body: REQUEST, lang });
      expect(taken.status).toBe(409);
      expect(taken.body).toEqual({ code: 'slot_taken', message: text, availability: { duration: 60, days: [DAY] } });
      expect(taken.headers.get('access-control-allow-origin')).toBe(SALON_SITE);
    }
  });

  it('limits one address to 60 reads a minute and 10 writes in 10 minutes, with Retry-After and the localized 429', async () => {
    const ip = '10.8.0.1';
    for (let i = 0; i < 60; i += 1) expect((await send('GET', store, { ip })).status).toBe(200);
    const limited = await send('GET', store, { ip, lang: 'it', origin: SALON_SITE });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ code: 'rate_limited', message: 'Troppi tentativi. Riprova più tardi.' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('access-control-allow-origin')).toBe(SALON_SITE);
    // writes count apart from reads
    const writer = '10.8.0.2';
    for (let i = 0; i < 10; i += 1) expect((await send('POST', `${store}/challenge`, { ip: writer })).status).toBe(200);
    expect((await send('POST', `${store}/request`, { ip: writer, body: REQUEST })).status).toBe(429);
    expect((await send('GET', store, { ip: writer })).status).toBe(200);
  });

  it('allows the customer check 5 times in 10 minutes per address', async () => {
    const ip = '10.8.0.3';
    const check = { fon: '+39 333 1234567', last_name: 'Verdi' };
    for (let i = 0; i < 5; i += 1) expect((await send('POST', `${store}/customer-check`, { ip, body: check })).status).toBe(200);
    const sixth = await send('POST', `${store}/customer-check`, { ip, body: check, lang: 'de' });
    expect(sixth.status).toBe(429);
    expect(sixth.body?.['message']).toBe('Zu viele Versuche. Bitte versuchen Sie es später erneut.');
    // the address still has writes left for the booking itself
    expect((await send('POST', `${store}/challenge`, { ip })).status).toBe(200);
  });

  it('limits one store to 600 calls a minute from any addresses; another store is not held back', async () => {
    for (let i = 0; i < 600; i += 1) expect((await send('GET', store)).status).toBe(200);
    const over = await send('GET', store);
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).not.toBeNull();
    expect((await send('GET', `/api/v1/public/booking/${OTHER_ID}`)).status).toBe(200);
  });
});

describe('CrossOriginCache', () => {
  it('asks again once the kept origins are 30 s old, and shares one lookup between concurrent callers', async () => {
    let now = 0;
    let lookups = 0;
    const rpc = {
      call: async () => {
        lookups += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
        return { allowed_origins: lookups === 1 ? [SALON_SITE] : [] };
      },
    } as unknown as PassThroughRpcCaller;
    const cache = new CrossOriginCache(rpc, () => now);
    const first = await Promise.all([1, 2, 3].map(() => cache.allows(storeSiteOrigins, PUBLIC_ID, SALON_SITE)));
    expect(first).toEqual([true, true, true]);
    expect(lookups).toBe(1);
    now = 29_999;
    expect(await cache.allows(storeSiteOrigins, PUBLIC_ID, SALON_SITE)).toBe(true);
    now = 30_001;
    // the salon removed its site: within 30 s the gateway follows
    expect(await cache.allows(storeSiteOrigins, PUBLIC_ID, SALON_SITE)).toBe(false);
    expect(lookups).toBe(2);
  });

  it('allows nothing for a store booking does not know, and keeps no failed lookup', async () => {
    let fail = true;
    const rpc = {
      call: async () => {
        if (fail) throw Object.assign(new Error('down'), { code: 'service_unavailable' });
        throw Object.assign(new Error('unknown'), { code: 'not_found' });
      },
    } as unknown as PassThroughRpcCaller;
    const cache = new CrossOriginCache(rpc);
    await expect(cache.allows(storeSiteOrigins, PUBLIC_ID, SALON_SITE)).rejects.toMatchObject({ code: 'service_unavailable' });
    fail = false;
    expect(await cache.allows(storeSiteOrigins, PUBLIC_ID, SALON_SITE)).toBe(false);
  });
});
