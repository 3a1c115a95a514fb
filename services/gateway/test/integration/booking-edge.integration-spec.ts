import { bookingService } from '../../../booking/src/booking.service-definition';
import { crmService } from '../../../crm/src/crm.service-definition';
import { identityService } from '../../../identity/src/identity.service-definition';
import { schedulingService } from '../../../scheduling/src/scheduling.service-definition';
import {
  availabilityQuery,
  bookingFrom,
  bookSlot,
  customerIp,
  freeSlots,
  openForBooking,
  publicPath,
  requestFor,
  solveChallenge,
  widget,
  type Availability,
} from './booking-test-helpers';
import { gatewayStackFor, newOwner, REDIS_URL, type Owner } from './gateway-test-helpers';
import { call, nextIp, type Reply, type Session } from './tenant-isolation-world';

/**
 * Online booking through the gateway over the real identity, crm, scheduling and booking services
 * (NATS, Postgres, Redis): the admin routes' guards, bad input in the caller's language, and the
 * widget's public routes: CORS for the salon's site only, the per-address and per-store limits,
 * and 50 customers racing for one time.
 */

jest.setTimeout(180_000);

const SALON_SITE = 'https://www.salone-rossi.example';
const OTHER_SITE = 'https://www.not-the-salon.example';
/** spec §6 minimum ranks of the salon: rank 1 administers, 2 writes, 3 reads the stores, 4 is only a member */
const MIN_RANKS = { min_rank_read_store: 3, min_rank_write_store: 2, min_rank_read_pets: 4, min_rank_write_pets: 3 };

type Salon = { owner: Owner & Session; storeId: string; store2Id: string; storePath: string; treatmentId: string; publicId: string };

describe('online booking through the gateway (identity, crm, scheduling, booking; real NATS, Postgres, Redis)', () => {
  const stack = gatewayStackFor([identityService, crmService, schedulingService, bookingService], {
    env: {
      TRUSTED_PROXIES: '127.0.0.1, ::1',
      PAWLINE_SERVICES: 'booking,crm,identity,scheduling',
      // a proof of work the tests solve at once (production: ADR 0021)
      BOOKING_POW_BITS: '4',
    },
    redisUrl: REDIS_URL,
  });
  let base = '';
  let salon: Salon;
  let other: Owner & Session;
  const members: Record<'admin' | 'moderator' | 'worker' | 'member', Session> = {} as never;

  const as = (session: Session, method: string, path: string, json?: unknown, lang?: string): Promise<Reply> =>
    lang
      ? fetch(`${base}${path}`, {
          method: method.toUpperCase(),
          headers: {
            authorization: `Bearer ${session.token}`,
            'x-forwarded-for': session.ip,
            'accept-language': lang,
            ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
        }).then(async (response) => {
          const text = await response.text();
          const parsed = text ? (JSON.parse(text) as { code?: string }) : null;
          return { status: response.status, code: parsed?.code ?? null, text, json: parsed };
        })
      : call(base, method, path, { session, ...(json !== undefined ? { json } : {}) });

  async function ok(session: Session, method: string, path: string, json?: unknown): Promise<Record<string, unknown>> {
    const reply = await as(session, method, path, json);
    if (reply.status < 200 || reply.status > 299) throw new Error(`${method} ${path} answered ${reply.status} ${reply.text.slice(0, 300)}`);
    return reply.json as Record<string, unknown>;
  }

  beforeAll(async () => {
    base = stack.base();
    const ownerA = await newOwner(base);
    const ownerB = await newOwner(base);
    const owner = { ...ownerA, ip: nextIp() };
    other = { ...ownerB, ip: nextIp() };
    const orga = `/api/v1/orga/${owner.orgaId}`;
    await ok(owner, 'put', `${orga}/settings`, MIN_RANKS);
    const stores = (await ok(owner, 'get', `${orga}/store`)) as unknown as { id: string }[];
    const storeId = stores[0]?.id ?? '';
    const store2 = await ok(owner, 'post', `${orga}/store`, { name: 'Filiale Due', country: 'IT', address_from_orga: true });
    for (const [name, rank] of [
      ['admin', 1],
      ['moderator', 2],
      ['worker', 3],
      ['member', 4],
    ] as const) {
      const hired = await ok(owner, 'post', `${orga}/users`, {
        first_name: name,
        last_name: 'Booking',
        email: `booking.${name}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`,
        orga_rank: rank,
        employee_status: 1,
      });
      const ip = nextIp();
      const login = await call(base, 'post', '/api/v1/auth/login', {
        ip,
        json: { username: hired['username'], password: hired['first_password'] },
      });
      members[name] = { token: String((login.json as { access_token: string }).access_token), userId: String(hired['user_id']), ip };
    }
    const treatment = await ok(owner, 'post', `${orga}/treatment`, { name: 'Bagno e taglio', default_price: '30' });
    const storePath = `${orga}/store/${storeId}`;
    const setup = await ok(owner, 'patch', `${storePath}/booking/admin/setup`, {
      enabled: true,
      allowed_origins: [SALON_SITE],
      min_notice_minutes: 0,
      horizon_days: 365,
    });
    await openForBooking((method, path, json) => ok(owner, method, path, json), storePath, owner.userId);
    salon = {
      owner,
      storeId,
      store2Id: String(store2['id']),
      storePath,
      treatmentId: String(treatment['id']),
      publicId: String(setup['public_id']),
    };
  });

  /** One admin route: the member who may gets a 2xx, the rank below and the other organization's owner 403. */
  async function guarded(
    method: string,
    path: string,
    json: unknown,
    allowed: Session,
    below: Session | null,
  ): Promise<Record<string, unknown>> {
    const foreign = await as(other, method, path, json);
    expect({ path, who: 'another organization', status: foreign.status }).toEqual({ path, who: 'another organization', status: 403 });
    if (below) {
      const refused = await as(below, method, path, json);
      expect({ path, who: 'too low a rank', status: refused.status }).toEqual({ path, who: 'too low a rank', status: 403 });
    }
    const reply = await as(allowed, method, path, json);
    expect({ path, status: reply.status >= 200 && reply.status < 300, text: reply.status < 300 ? '' : reply.text }).toEqual({
      path,
      status: true,
      text: '',
    });
    return reply.json as Record<string, unknown>;
  }

  it('answers every admin route to the member whose rank may, and 403 to the rank below and to another organization (R1.09 accept, delete, decline)', async () => {
    const { storePath } = salon;
    const orga = `/api/v1/orga/${salon.owner.orgaId}`;
    const setup = await guarded('get', `${storePath}/booking/admin/setup`, undefined, members.worker, members.member);
    expect(setup).toMatchObject({ enabled: true, allowed_origins: [SALON_SITE], public_id: salon.publicId });
    const changed = await guarded('patch', `${storePath}/booking/admin/setup`, { buffer_minutes: 10 }, members.admin, members.moderator);
    expect(changed['buffer_minutes']).toBe(10);

    const rule = await guarded(
      'post',
      `${storePath}/booking/admin/rule`,
      { user_id: null, kind: 'closed', start_date: '2027-12-24', end_date: '2027-12-26', start_hour: 0, end_hour: 24 },
      members.admin,
      members.moderator,
    );
    const ruleId = String(rule['id']);
    const listed = await guarded('get', `${storePath}/booking/admin/rules`, undefined, members.worker, members.member);
    expect((listed['v'] as { id: string }[]).map((r) => r.id)).toContain(ruleId);
    const inRange = await guarded(
      'get',
      `${storePath}/booking/admin/rules/2027/12/1/2027/12/31`,
      undefined,
      members.worker,
      members.member,
    );
    expect((inRange['v'] as { id: string }[]).map((r) => r.id)).toContain(ruleId);
    expect(await guarded('get', `${storePath}/booking/admin/rule/${ruleId}`, undefined, members.worker, members.member)).toMatchObject({
      id: ruleId,
      kind: 'closed',
      start_date: '2027-12-24',
    });
    await guarded('delete', `${storePath}/booking/admin/rule/${ruleId}`, undefined, members.admin, members.moderator);

    const times = await guarded(
      'put',
      `${orga}/treatments/additional_info`,
      { entries: [{ treatment_id: salon.treatmentId, pet_type: 2, size: 'big', minutes: 90 }] },
      members.admin,
      members.moderator,
    );
    expect(times['v']).toEqual([expect.objectContaining({ treatment_id: salon.treatmentId, pet_type: 2, size: 'big', minutes: 90 })]);
    // every member reads the matrix (no rank below 'member')
    expect((await guarded('get', `${orga}/treatments/additional_info`, undefined, members.member, null))['v']).toHaveLength(1);

    const [toAccept, toDelete, toDecline] = [
      await bookSlot(base, salon.publicId, bookingFrom(), [salon.treatmentId]),
      await bookSlot(base, salon.publicId, bookingFrom(), [salon.treatmentId]),
      await bookSlot(base, salon.publicId, bookingFrom(), [salon.treatmentId]),
    ];
    const page = await guarded('get', `${storePath}/booking/admin/slots/0/none`, undefined, members.worker, members.member);
    expect((page['v'] as { id: string }[]).map((slot) => slot.id)).toEqual(expect.arrayContaining([toAccept, toDelete]));
    expect(await guarded('get', `${storePath}/booking/admin/slot/${toAccept}`, undefined, members.worker, members.member)).toMatchObject({
      id: toAccept,
      status: 'pending',
    });
    const accepted = await guarded(
      'post',
      `${storePath}/booking/admin/slot/${toAccept}/accept`,
      undefined,
      members.moderator,
      members.worker,
    );
    expect(accepted).toMatchObject({ slot: { id: toAccept, status: 'accepted' } });
    // the appointment is in the calendar
    const appointment = await as(salon.owner, 'get', `${storePath}/appointment/${String(accepted['appointment_id'])}`);
    expect(appointment.status).toBe(200);
    await guarded('delete', `${storePath}/booking/admin/slot/${toDelete}`, undefined, members.moderator, members.worker);
    // issue 27: declined, the request leaves the list as a deleted one does (and messaging tells the customer)
    expect(
      await guarded('post', `${storePath}/booking/admin/slot/${toDecline}/decline`, undefined, members.moderator, members.worker),
    ).toEqual({
      id: toDecline,
    });
    expect((await as(members.moderator, 'post', `${storePath}/booking/admin/slot/${toDecline}/decline`)).status).toBe(404);
    const after = await as(members.worker, 'get', `${storePath}/booking/admin/slots/0/none`);
    expect((after.json as { v: { id: string }[] }).v.map((slot) => slot.id)).not.toContain(toDelete);
    expect((after.json as { v: { id: string }[] }).v.map((slot) => slot.id)).not.toContain(toDecline);
  });

  it('lets a member whose store override raises them to rank 1 accept a request in that store (R6.01)', async () => {
    const orga = `/api/v1/orga/${salon.owner.orgaId}`;
    const hired = await ok(salon.owner, 'post', `${orga}/users`, {
      first_name: 'Raised',
      last_name: 'Booking',
      email: `booking.raised.${Date.now().toString(36)}@example.com`,
      orga_rank: 4,
      employee_status: 1,
      store_override: { [salon.storeId]: 1 },
    });
    const ip = nextIp();
    const login = await call(base, 'post', '/api/v1/auth/login', {
      ip,
      json: { username: hired['username'], password: hired['first_password'] },
    });
    const raised = { token: String((login.json as { access_token: string }).access_token), userId: String(hired['user_id']), ip };
    const slot = await bookSlot(base, salon.publicId, bookingFrom(), [salon.treatmentId]);
    const started = Date.now();
    const accepted = await as(raised, 'post', `${salon.storePath}/booking/admin/slot/${slot}/accept`);
    expect({ status: accepted.status, text: accepted.status === 200 ? '' : accepted.text, ms: Date.now() - started < 10_000 }).toEqual({
      status: 200,
      text: '',
      ms: true,
    });
  });

  it('accepting a request whose time the calendar took meanwhile is 409 conflict naming it, and accepted when booked anyway', async () => {
    const { storePath, owner } = salon;
    const slotId = await bookSlot(base, salon.publicId, bookingFrom(20), [salon.treatmentId]);
    const request = await ok(owner, 'get', `${storePath}/booking/admin/slot/${slotId}`);
    // the salon books the same groomer at that time in the calendar (scheduling does not see requests)
    const customer = await ok(owner, 'post', `${storePath}/customer`, { first_name: 'Walk', last_name: 'In' });
    const pet = await ok(owner, 'post', `${storePath}/pet`, {
      customer_id: (customer['customer'] as { id: string }).id,
      name: 'Bobby',
      pet_type: 1,
    });
    const walkIn = await ok(owner, 'post', `${storePath}/appointment`, {
      appointment: {
        user_id: request['user_id'],
        date: request['date'],
        hour: request['hour'],
        min: request['min'],
        duration: 30,
        pet_ids: [(pet['pet'] as { id: string }).id],
      },
    });
    const walkInId = (walkIn['items'] as { id: string }[])[0]?.id;
    const refused = await as(owner, 'post', `${storePath}/booking/admin/slot/${slotId}/accept`, {}, 'it');
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('si sovrappone'),
      conflicts: [{ id: walkInId, reasons: ['staff'], pets: [{ name: 'Bobby' }] }],
    });
    const accepted = await as(owner, 'post', `${storePath}/booking/admin/slot/${slotId}/accept`, { allow_conflict: true });
    expect(accepted).toMatchObject({ status: 200, json: { slot: { status: 'accepted' } } });
  });

  it("refuses bad input with 400 in the caller's language and changes nothing", async () => {
    const { storePath } = salon;
    const before = await as(salon.owner, 'get', `${storePath}/booking/admin/rules`);
    const cases: [string, string, unknown, string, string][] = [
      ['post', `${storePath}/booking/admin/rule`, { weekday: 9, start_hour: 9, end_hour: 25 }, 'it', 'Alcuni campi non sono validi.'],
      ['post', `${storePath}/booking/admin/rule`, { start_hour: 9, end_hour: 17, color: 'red' }, 'de', 'Einige Felder sind ungültig.'],
      ['get', `${storePath}/booking/admin/rules/2027/2/31/2027/3/1`, undefined, 'fr', 'Certains champs ne sont pas valides.'],
      ['get', `${storePath}/booking/admin/rules/0001/1/1/2027/3/1`, undefined, 'it', 'Alcuni campi non sono validi.'],
      ['patch', `${storePath}/booking/admin/setup`, { allowed_origins: ['javascript:alert(1)'] }, 'it', 'Alcuni campi non sono validi.'],
      ['patch', `${storePath}/booking/admin/setup`, { slot_step_minutes: 7 }, 'en', 'Some fields are not valid.'],
      ['get', `${storePath}/booking/admin/slots/0/not-an-id`, undefined, 'de', 'Einige Felder sind ungültig.'],
      ['post', `${storePath}/booking/admin/slot/not-a-uuid/accept`, undefined, 'fr', 'Certains champs ne sont pas valides.'],
      [
        'put',
        `/api/v1/orga/${salon.owner.orgaId}/treatments/additional_info`,
        { entries: [{ treatment_id: salon.treatmentId, pet_type: 1, minutes: 2 }] },
        'it',
        'Alcuni campi non sono validi.',
      ],
    ];
    for (const [method, path, json, lang, message] of cases) {
      const reply = await as(salon.owner, method, path, json, lang);
      expect({ path, json, status: reply.status, code: reply.code, message: (reply.json as { message?: string }).message }).toEqual({
        path,
        json,
        status: 400,
        code: 'validation_failed',
        message,
      });
    }
    const widgetBad = await widget(base, 'POST', publicPath(salon.publicId, '/availability'), {
      ip: customerIp(),
      lang: 'it',
      json: { ...availabilityQuery(bookingFrom(), [salon.treatmentId]), days: 40 },
    });
    expect({ status: widgetBad.status, message: widgetBad.json?.['message'] }).toEqual({
      status: 400,
      message: 'Alcuni campi non sono validi.',
    });
    expect((await as(salon.owner, 'get', `${storePath}/booking/admin/rules`)).json).toEqual(before.json);
    expect((await as(salon.owner, 'get', `${storePath}/booking/admin/setup`)).json).toMatchObject({
      slot_step_minutes: expect.any(Number),
    });
  });

  it("answers CORS to the salon's own site only: preflight and actual request; another site reads nothing and may not write", async () => {
    const path = publicPath(salon.publicId, '/availability');
    const preflight = await widget(base, 'OPTIONS', path, { ip: customerIp(), origin: SALON_SITE, preflightMethod: 'POST' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(SALON_SITE);
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    expect(preflight.headers.get('vary')).toBe('Origin');
    const actual = await widget(base, 'POST', path, {
      ip: customerIp(),
      origin: SALON_SITE,
      json: availabilityQuery(bookingFrom(), [salon.treatmentId]),
    });
    expect(actual.status).toBe(200);
    expect(actual.headers.get('access-control-allow-origin')).toBe(SALON_SITE);
    // the global security headers stay on the public answers
    expect(actual.headers.get('x-content-type-options')).toBe('nosniff');
    expect(actual.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");

    const refusedPreflight = await widget(base, 'OPTIONS', path, {
      ip: customerIp(),
      origin: OTHER_SITE,
      preflightMethod: 'POST',
      lang: 'it',
    });
    expect(refusedPreflight.status).toBe(403);
    expect(refusedPreflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(refusedPreflight.json?.['message']).toContain('Questo modulo di prenotazione');
    const foreignRead = await widget(base, 'GET', publicPath(salon.publicId), { ip: customerIp(), origin: OTHER_SITE });
    expect(foreignRead.status).toBe(200);
    expect(foreignRead.headers.get('access-control-allow-origin')).toBeNull();
    const foreignWrite = await widget(base, 'POST', publicPath(salon.publicId, '/challenge'), {
      ip: customerIp(),
      origin: OTHER_SITE,
      lang: 'de',
    });
    expect(foreignWrite.status).toBe(403);
    expect(foreignWrite.json).toMatchObject({ code: 'cross_site_request', message: expect.stringContaining('Dieses Buchungsformular') });

    // the product's own pages (no Origin) are not CORS's business; the admin routes answer no preflight
    expect((await widget(base, 'POST', publicPath(salon.publicId, '/challenge'), { ip: customerIp() })).status).toBe(200);
    const admin = await widget(base, 'OPTIONS', `${salon.storePath}/booking/admin/setup`, {
      ip: customerIp(),
      origin: SALON_SITE,
      preflightMethod: 'PATCH',
    });
    expect(admin.status).toBe(404);
    expect(admin.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('limits the widget’s writes to 10 per address and store in 10 minutes: a shared address still books in another salon', async () => {
    // a third store of the organization (the second one is flooded below)
    const orga = `/api/v1/orga/${salon.owner.orgaId}`;
    const third = await ok(salon.owner, 'post', `${orga}/store`, { name: 'Filiale Tre', country: 'IT', address_from_orga: true });
    const other = String(
      (await ok(salon.owner, 'patch', `${orga}/store/${String(third['id'])}/booking/admin/setup`, { enabled: true }))['public_id'],
    );
    // a mobile carrier's one address for many customers
    const ip = customerIp();
    for (let i = 0; i < 10; i += 1) expect((await widget(base, 'POST', publicPath(salon.publicId, '/challenge'), { ip })).status).toBe(200);
    const limited = await widget(base, 'POST', publicPath(salon.publicId, '/challenge'), { ip, lang: 'de' });
    expect(limited).toMatchObject({ status: 429, json: { code: 'rate_limited' } });
    expect((await widget(base, 'POST', publicPath(other, '/challenge'), { ip })).status).toBe(200);
    // the customer check of the other salon too
    const check = { fon: '+39 347 000 0001', last_name: 'Nessuno' };
    expect((await widget(base, 'POST', publicPath(other, '/customer-check'), { ip, json: check })).status).toBe(200);
  });

  it('limits the customer check to 5 per address and store in 10 minutes, with Retry-After and the 429 in the caller language', async () => {
    const ip = customerIp();
    const path = publicPath(salon.publicId, '/customer-check');
    const check = { fon: '+39 347 000 0000', last_name: 'Nessuno' };
    for (let i = 0; i < 5; i += 1) {
      const answer = await widget(base, 'POST', path, { ip, json: check });
      expect(answer).toMatchObject({ status: 200, json: { known: false, pets: [] } });
    }
    const limited = await widget(base, 'POST', path, { ip, json: check, lang: 'it', origin: SALON_SITE });
    expect(limited.status).toBe(429);
    expect(limited.json).toEqual({ code: 'rate_limited', message: 'Troppi tentativi. Riprova più tardi.' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(500);
    expect(limited.headers.get('access-control-allow-origin')).toBe(SALON_SITE);
    // another address is not held back
    expect((await widget(base, 'POST', path, { ip: customerIp(), json: check })).status).toBe(200);
  });

  it('a lost race’s 409 brings a fresh challenge: the retry books without asking for one', async () => {
    const from = bookingFrom(12);
    const slots = (await freeSlots(base, salon.publicId, from, [salon.treatmentId])).days.flatMap((day) => day.slots);
    const wanted = slots[2];
    const other = slots.find((free) => wanted && Date.parse(free.starts_at) >= Date.parse(wanted.ends_at) + 3_600_000);
    if (!wanted || !other) throw new Error('no free slots');
    const groomer = wanted.user_ids[0] ?? '';
    const first = await requestFor(base, salon.publicId, wanted, [salon.treatmentId], customerIp(), { last_name: 'Primo' });
    expect(
      (await widget(base, 'POST', publicPath(salon.publicId, '/request'), { ip: customerIp(), json: { ...first, user_id: groomer } }))
        .status,
    ).toBe(201);
    const ip = customerIp();
    const late = await requestFor(base, salon.publicId, wanted, [salon.treatmentId], ip, { last_name: 'Secondo' });
    const lost = await widget(base, 'POST', publicPath(salon.publicId, '/request'), { ip, json: { ...late, user_id: groomer } });
    expect(lost).toMatchObject({ status: 409, json: { code: 'slot_taken', challenge: { challenge: expect.any(String), difficulty: 4 } } });
    const fresh = (lost.json?.['challenge'] as { challenge: string; difficulty: number }).challenge;
    const retry = {
      ...late,
      slot_token: other.token,
      starts_at: other.starts_at,
      user_id: null,
      challenge: fresh,
      nonce: solveChallenge(fresh, 4),
    };
    expect((await widget(base, 'POST', publicPath(salon.publicId, '/request'), { ip, json: retry })).status).toBe(201);
  });

  it('limits one store to 600 public calls a minute from any addresses, and leaves the other store alone', async () => {
    const store2Path = `/api/v1/orga/${salon.owner.orgaId}/store/${salon.store2Id}`;
    const setup = await ok(salon.owner, 'patch', `${store2Path}/booking/admin/setup`, { enabled: true });
    const busy = String(setup['public_id']);
    let sent = 0;
    const statuses: number[] = [];
    const worker = async () => {
      while (sent < 600) {
        sent += 1;
        statuses.push((await widget(base, 'GET', publicPath(busy), { ip: customerIp() })).status);
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    expect(statuses.filter((status) => status === 200)).toHaveLength(600);
    const over = await widget(base, 'GET', publicPath(busy), { ip: customerIp(), lang: 'fr' });
    expect(over.status).toBe(429);
    expect(over.json?.['message']).toBe('Trop de tentatives. Veuillez réessayer plus tard.');
    expect(over.headers.get('retry-after')).not.toBeNull();
    expect((await widget(base, 'GET', publicPath(salon.publicId), { ip: customerIp() })).status).toBe(200);
  });

  it('gives one time to exactly one of 50 customers asking at once: 1 × 201, 49 × 409 slot_taken with fresh slots', async () => {
    const from = bookingFrom(10);
    const availability = await freeSlots(base, salon.publicId, from, [salon.treatmentId]);
    const slot = availability.days.flatMap((day) => day.slots)[3];
    if (!slot) throw new Error('no free slot to race for');
    // all ask for the same groomer: exactly one time is to be had
    const groomer = slot.user_ids[0] ?? '';
    const customers = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const ip = customerIp();
        const body = await requestFor(base, salon.publicId, slot, [salon.treatmentId], ip, { last_name: `Gara${i}` });
        return { ip, body: { ...body, user_id: groomer } };
      }),
    );
    const answers = await Promise.all(
      customers.map(({ ip, body }) =>
        widget(base, 'POST', publicPath(salon.publicId, '/request'), { ip, json: body, lang: 'it', origin: SALON_SITE }),
      ),
    );
    // every status counted, so a failure says what the others got (and one body of each)
    const tally: Record<number, number> = {};
    for (const answer of answers) tally[answer.status] = (tally[answer.status] ?? 0) + 1;
    const others = answers.filter((answer) => answer.status !== 201 && answer.status !== 409).slice(0, 3);
    expect({ tally, others: others.map((answer) => answer.json) }).toEqual({ tally: { 201: 1, 409: 49 }, others: [] });
    const winner = answers.find((answer) => answer.status === 201);
    expect(winner?.json).toMatchObject({ outcome: 'booked', date: slot.date, time: slot.time });
    for (const lost of answers.filter((answer) => answer.status === 409)) {
      expect(lost.json).toMatchObject({
        code: 'slot_taken',
        message: 'Questo orario è appena stato prenotato da qualcun altro. Scegline un altro.',
      });
      expect(lost.headers.get('access-control-allow-origin')).toBe(SALON_SITE);
      // the fresh slots no longer offer the time with the groomer who has it now
      const fresh = (lost.json?.['availability'] as Availability).days.flatMap((day) => day.slots);
      expect(fresh.length).toBeGreaterThan(0);
      expect(fresh.some((free) => free.starts_at === slot.starts_at && free.user_ids.includes(groomer))).toBe(false);
    }
    const pending = await as(salon.owner, 'get', `${salon.storePath}/booking/admin/slots/0/none`);
    const raced = (pending.json as { v: { starts_at: string; user_id: string }[] }).v.filter(
      (request) => Date.parse(request.starts_at) === Date.parse(slot.starts_at) && request.user_id === groomer,
    );
    expect(raced).toHaveLength(1);
  });
});
