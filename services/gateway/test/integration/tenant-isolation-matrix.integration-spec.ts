import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestEnv, type TestEnv } from '@pawline/nest-kit/testing';
import { discoverServiceDefinitions } from '../../../../tools/launcher/cohost';
import { servicesForGateway } from '../../../../tools/launcher/service-selection';
import { declaredRoutes, type RouteDeclaration } from '../../src/routes/gateway.routes';
import { GATEWAY_TEST_SECRET, REDIS_URL } from './gateway-test-helpers';
import {
  BODIES,
  MATRIX_TEMPLATE,
  MATRIX_WAITLIST_ENTRY,
  MATRIX_WEBHOOK_URL,
  bodyOf,
  fillPath,
  fresh,
  routeKey,
  type BodyContext,
} from './route-filling';
import { MIN_RANKS, PNG, buildWorld, call, nextIp, type MemberPlan, type Reply, type Session, type World } from './tenant-isolation-world';

/**
 * The tenant-isolation matrix: every route of the gateway's table × every kind of caller, with the
 * answer each must get derived from the route's declared access and spec §6 (R6.01–R6.05) — not
 * from the gateway's own guard code, so a broken guard fails rows. A route added to the table is
 * covered without a test of its own; one whose path parameter or body the matrix cannot fill fails.
 */

jest.setTimeout(300_000);

type Guard = Exclude<RouteDeclaration['access'], string>['orga'];

const ROUTES = declaredRoutes();

// ---- callers ----------------------------------------------------------------------------

/**
 * A's members below the owner (spec §6 ranks), without overrides (employee_status 1: every store),
 * and three with a store override: one that leaves out store 2 (every :store of the matrix is
 * store 2, or a spare store for DELETE store), one raised and one lowered in store 2 (R6.01).
 */
const RANKED = {
  admin: { rank: 1 },
  moderator: { rank: 2 },
  worker: { rank: 3 },
  worker2: { rank: 4 },
  override_elsewhere: { rank: 1, override: { store: 'store1', rank: 1 } },
  override_raised: { rank: 4, override: { store: 'store2', rank: 1 } },
  override_lowered: { rank: 1, override: { store: 'store2', rank: 4 } },
} satisfies Record<string, MemberPlan>;
type RankedName = keyof typeof RANKED;

/**
 * API keys (issue 33): each signs every row as its organization with its scopes. A key reaches the
 * routes of its scopes' areas (by the route's tag: calendar is scheduling, customers is crm), reads
 * with a read scope, writes with a write scope, in its stores; then it is judged as the member it
 * stands in for (an administrator, or with stores a moderator with rank 1 in those stores).
 */
const ALL_AREAS = ['calendar', 'customers', 'booking', 'messaging'] as const;
const KEYED = {
  /** A's read key of every area and store */
  key_read: { orga: 'a', scopes: ALL_AREAS.map((area) => `${area}:read`), store: null, plan: { rank: 1 } },
  /** A's write key of every area, limited to store 1 (every :store of the matrix is store 2) */
  key_store1: {
    orga: 'a',
    scopes: ALL_AREAS.map((area) => `${area}:write`),
    store: 'store1',
    plan: { rank: 2, override: { store: 'store1', rank: 1 } },
  },
  /** B's write key of every area and store, with A's ids in the path */
  key_of_b: { orga: 'b', scopes: ALL_AREAS.map((area) => `${area}:write`), store: null, plan: { rank: 1 } },
} as const satisfies Record<string, { orga: 'a' | 'b'; scopes: string[]; store: 'store1' | null; plan: MemberPlan }>;
type KeyedName = keyof typeof KEYED;
/** The matrix's own reading of which tag is which area, not the gateway's table. */
const AREA_OF_TAG: Record<string, (typeof ALL_AREAS)[number]> = {
  scheduling: 'calendar',
  crm: 'customers',
  booking: 'booking',
  messaging: 'messaging',
};

type CallerName =
  | 'anonymous'
  /** B's owner with A's ids in the path */
  | 'foreign_owner'
  /** B's owner with A's ids in the path and a body no schema accepts: the guard must answer first */
  | 'foreign_owner_invalid_body'
  /** B's owner in B's own organization and store, with A's ids for every other parameter */
  | 'foreign_owner_own_orga'
  /** B's owner in B's own organization with A's store (and A's ids): a store of another organization never passes */
  | 'foreign_owner_own_orga_store_of_a'
  | RankedName
  | KeyedName;

// ---- destructive routes ------------------------------------------------------------------

/** `orga` owns the row's :store (a spare store of B for B's own paths); other records are A's. */
type Throwaway = (world: World, orga: 'a' | 'b') => Promise<Record<string, string>>;

const idOf = (answer: Record<string, unknown>, field?: string) =>
  String(field ? (answer[field] as { id: string }).id : (answer['id'] as string));

/**
 * Destructive rows run against throw-away records that A's owner creates just before the row
 * (stores: made with the world, so the guards already know them), never against the fixture, so
 * the order of rows does not matter for them. Every DELETE route must be listed here.
 */
const THROWAWAY: Record<string, Throwaway> = {
  'DELETE /api/v1/orga/:orga/store/:store': async (world, orga) => {
    const store = world.spareStores[orga].pop();
    if (!store) throw new Error(`no spare store of ${orga} left`);
    return { store };
  },
  'POST /api/v1/orga/:orga/users/:user/deactivate': async (world) => ({
    user: String(
      (
        await world.ownerOfA('post', `/api/v1/orga/${world.a.orgaId}/users`, {
          first_name: 'Matrix',
          last_name: 'Leaving',
          email: `matrix.leaving.${fresh()}@example.com`,
          orga_rank: 4,
        })
      )['user_id'],
    ),
  }),
  'DELETE /api/v1/orga/:orga/store/:store/customer/:id': async (world) => ({ customer: await throwawayCustomer(world) }),
  'POST /api/v1/orga/:orga/store/:store/customer/:customer/privacy_file': async (world) => ({ customer: await throwawayCustomer(world) }),
  'DELETE /api/v1/orga/:orga/store/:store/customer/:customer/privacy_file': async (world) => throwawayPrivacyFile(world),
  'DELETE /api/v1/orga/:orga/store/:store/customer/:customer/privacy_file/:file': async (world) => throwawayPrivacyFile(world),
  'DELETE /api/v1/orga/:orga/store/:store/pet/:id': async (world) => ({ pet: await throwawayPet(world) }),
  'PUT /api/v1/orga/:orga/store/:store/pet/:pet/image/:file': async (world) => throwawayImage(world),
  'DELETE /api/v1/orga/:orga/store/:store/pet/:pet/image/:file': async (world) => throwawayImage(world),
  // spec §7's paths without a file id act on the pet's first image: a throw-away pet's, never the fixture's
  'PUT /api/v1/orga/:orga/store/:store/pet/:pet/image': async (world) => throwawayImage(world),
  'DELETE /api/v1/orga/:orga/store/:store/pet/:pet/image': async (world) => throwawayImage(world),
  // issue 31 a throw-away vaccination of the fixture's pet, never the fixture's own
  'DELETE /api/v1/orga/:orga/store/:store/pet/:pet/vaccination/:vaccination': async (world) => {
    const pet = await throwawayPet(world);
    const body = { vaccine: 'rabies', given_on: '2026-01-01', valid_until: '2027-01-01' };
    return { pet, vaccination: idOf(await world.ownerOfA('post', `${storeOfA(world)}/pet/${pet}/vaccination`, body)) };
  },
  'DELETE /api/v1/orga/:orga/tag/:tag': async (world) => ({
    tag: idOf(await world.ownerOfA('post', `/api/v1/orga/${world.a.orgaId}/tag`, { kind: 'pet', name: 'Gone', icon: 1 })),
  }),
  'DELETE /api/v1/orga/:orga/external_service/:id': async (world) => ({
    external_service: idOf(
      await world.ownerOfA('post', `/api/v1/orga/${world.a.orgaId}/external_service`, { service_id: `gone-${fresh()}`, name: 'Gone' }),
    ),
  }),
  'DELETE /api/v1/orga/:orga/api_key/:api_key': async (world) => ({
    api_key: idOf(
      (await world.ownerOfA('post', `/api/v1/orga/${world.a.orgaId}/api_key`, { name: 'Gone', scopes: ['calendar:read'] }))[
        'key'
      ] as Record<string, unknown>,
    ),
  }),
  'DELETE /api/v1/orga/:orga/retail/product/:id': async (world) => ({
    product: idOf(
      await world.ownerOfA('post', `/api/v1/orga/${world.a.orgaId}/retail/product`, { name: 'Gone', price_cents: 100, vat_rate_bp: 2200 }),
    ),
  }),
  'DELETE /api/v1/orga/:orga/webhook/:webhook': async (world) => ({
    webhook: idOf(
      (await world.ownerOfA('post', `/api/v1/orga/${world.a.orgaId}/webhook`, { url: MATRIX_WEBHOOK_URL, events: ['pet.created'] }))[
        'endpoint'
      ] as Record<string, unknown>,
    ),
  }),
  'DELETE /api/v1/orga/:orga/msg/template/:template': async (world) => ({
    template: idOf(await world.ownerOfA('post', `/api/v1/orga/${world.a.orgaId}/msg/template`, MATRIX_TEMPLATE)),
  }),
  // the organization's one profile image (R9.04): there is one to delete (an upload row may have made it already: 400, too many)
  // notifications are keyed by belongs_to and type (anchor and qualifier, PARAM_SAMPLES): deleting one the store may not
  // have is a no-op, so the row checks who may delete in this store without a record to spend
  'DELETE /api/v1/orga/:orga/store/:store/notification/:anchor/:qualifier': () => Promise.resolve({}),
  'DELETE /api/v1/orga/:orga/msg/whatsapp_profile_image': async (world) => {
    await world.ownerOfA('post', `/api/v1/orga/${world.a.orgaId}/msg/whatsapp_profile_image`, undefined, PNG).catch(() => undefined);
    return {};
  },
  'DELETE /api/v1/orga/:orga/store/:store/booking/admin/rule/:rule': async (world) => ({
    rule: idOf(
      await world.ownerOfA('post', `${storeOfA(world)}/booking/admin/rule`, { user_id: null, weekday: 2, start_hour: 7, end_hour: 8 }),
    ),
  }),
  // a request accepted or deleted is spent: each row gets a new one, asked for through the public widget routes
  'DELETE /api/v1/orga/:orga/store/:store/booking/admin/slot/:slot': async (world) => ({ slot: await world.newBookingRequest() }),
  'POST /api/v1/orga/:orga/store/:store/booking/admin/slot/:slot/accept': async (world) => ({ slot: await world.newBookingRequest() }),
  // issue 30 each row takes its own waitlist entry off the list
  'DELETE /api/v1/orga/:orga/store/:store/booking/admin/waitlist/:entry': async (world) => ({
    entry: idOf(
      await world.ownerOfA(
        'post',
        `${storeOfA(world)}/booking/admin/waitlist`,
        MATRIX_WAITLIST_ENTRY({ ids: world.ids, orgaName: '', self: '' }),
      ),
    ),
  }),
  'DELETE /api/v1/orga/:orga/marketing/store/:store/:campaign': async (world) => ({
    campaign: idOf(await world.ownerOfA('post', `/api/v1/orga/${world.a.orgaId}/marketing/store/${world.a.store2}`, { name: 'Gone' })),
  }),
  // disconnecting the salon's WhatsApp number spends nothing a row needs: it runs among the LAST rows, after every send
  'DELETE /api/v1/orga/:orga/msg/whatsapp': () => Promise.resolve({}),
  'DELETE /api/v1/orga/:orga/store/:store/appointment/:id': async (world) => {
    // each row's throw-away appointment takes the same pet at the same time: booked anyway (capacity, ADR 0044)
    const booked = await world.ownerOfA('post', `${storeOfA(world)}/appointment`, {
      appointment: { date: '2027-04-05', hour: 9, min: 0, duration: 30, pet_ids: [world.ids['pet']] },
      allow_conflict: true,
    });
    return { appointment: (booked['items'] as { id: string }[])[0]?.id ?? '' };
  },
};

const storeOfA = (world: World) => `/api/v1/orga/${world.a.orgaId}/store/${world.a.store2}`;
const throwawayCustomer = async (world: World) =>
  idOf(await world.ownerOfA('post', `${storeOfA(world)}/customer`, { first_name: 'Gone' }), 'customer');
const throwawayPet = async (world: World) =>
  idOf(await world.ownerOfA('post', `${storeOfA(world)}/pet`, { customer_id: world.ids['customer'], name: 'Gone', pet_type: 1 }), 'pet');
async function throwawayPrivacyFile(world: World): Promise<Record<string, string>> {
  const customer = await throwawayCustomer(world);
  const file = await world.ownerOfA('post', `${storeOfA(world)}/customer/${customer}/privacy_file`, undefined, PNG);
  return { customer, privacy_file: idOf(file) };
}
async function throwawayImage(world: World): Promise<Record<string, string>> {
  const pet = await throwawayPet(world);
  const file = await world.ownerOfA('post', `${storeOfA(world)}/pet/${pet}/image`, undefined, PNG);
  return { pet, image: idOf(file) };
}

/**
 * Rows that could end the fixture itself run after all others, in this order: cancelling A (only
 * its owner may, and the owner is no caller), then the caller's own password and sessions.
 */
const LAST = [
  'DELETE /api/v1/orga/:orga/msg/whatsapp',
  'POST /api/v1/orga/:orga/cancel',
  'POST /api/v1/user/password',
  'POST /api/v1/auth/logout-all',
];

// ---- the expected answers ----------------------------------------------------------------

/** Whether a member of A passes a guard on one of A's stores (or on no store), by spec §6 alone. */
function specAllows(member: MemberPlan, guard: Guard, store: 'store1' | 'store2' | 'spare' | null): boolean {
  // R6.04: with overrides only those stores; without, employee_status 1 reaches every store
  if (store !== null && member.override && member.override.store !== store) return false;
  // R6.01: the effective rank in a store is its override, else the organization rank
  const effective = store !== null && member.override ? member.override.rank : member.rank;
  switch (guard) {
    case 'member':
      return true;
    case 'orga_admin':
      return member.rank <= 1;
    case 'store_admin':
      return store !== null && effective <= 1;
    case 'store_read':
      return store !== null && effective <= MIN_RANKS.read_store;
    case 'store_write':
      return store !== null && effective <= MIN_RANKS.write_store;
    case 'pet_write':
      return effective <= MIN_RANKS.write_pets;
    default:
      throw new Error(`guard ${String(guard)} is not in spec §6 as the matrix knows it`);
  }
}

/** Rules a service adds to the route's guard (the guard lets these callers through; the service refuses). */
const SERVICE_RULES: Record<string, { rule: string; allows(rank: number, member: MemberPlan): boolean }> = {
  'POST /api/v1/orga/:orga/cancel': { rule: 'R1.17 only the owner cancels (identity)', allows: (rank) => rank === 0 },
  // a campaign read by its id (no :store in spec §7's path): the administrators of its store, store 2 (marketing)
  'GET /api/v1/orga/:orga/marketing/:campaign': {
    rule: "R6.06 administrators of the campaign's store",
    allows: (_rank, member) => specAllows(member, 'store_admin', 'store2'),
  },
  // a transfer writes both stores: store 2 of the path and A's store 1 of the body (retail, issue 32)
  'POST /api/v1/orga/:orga/store/:store/retail/stock/transfer': {
    rule: 'R6.03 store write in both stores of a transfer',
    allows: (_rank, member) => specAllows(member, 'store_write', 'store2') && specAllows(member, 'store_write', 'store1'),
  },
  'GET /api/v1/orga/:orga/marketing/:campaign/customers': {
    rule: "R6.06 administrators of the campaign's store",
    allows: (_rank, member) => specAllows(member, 'store_admin', 'store2'),
  },
};

type Row = { name: string; route: RouteDeclaration; caller: CallerName; order: number };

/** Rows in flight at once: enough to overlap the services' I/O, few enough for two shared cores. */
const ROW_CONCURRENCY = 4;

function callersOf(route: RouteDeclaration): CallerName[] {
  if (route.access === 'user') return ['anonymous', 'foreign_owner', ...(Object.keys(KEYED) as KeyedName[])];
  if (typeof route.access !== 'object') return ['anonymous', 'foreign_owner'];
  const invalidBody = route.body || route.fileBody ? (['foreign_owner_invalid_body'] as const) : [];
  const storeOfA = route.path.includes('/:store') ? (['foreign_owner_own_orga_store_of_a'] as const) : [];
  return [
    'anonymous',
    'foreign_owner',
    ...invalidBody,
    'foreign_owner_own_orga',
    ...storeOfA,
    ...(Object.keys(RANKED) as RankedName[]),
    ...(Object.keys(KEYED) as KeyedName[]),
  ];
}

const ROWS: Row[] = ROUTES.flatMap((route) =>
  callersOf(route).map((caller) => ({
    name: `${routeKey(route)} × ${caller}`,
    route,
    caller,
    order: LAST.indexOf(routeKey(route)) + 1,
  })),
).sort((x, y) => x.order - y.order);

const passed = (reply: Reply) => reply.status !== 401 && reply.status !== 403 && reply.status < 500;

/** A's ids and names in an answer to someone outside A, except those the caller sent itself. */
function leaked(world: World, reply: Reply, sent: string): string[] {
  return world.secrets.filter((secret) => reply.text.includes(secret) && !sent.includes(secret));
}

/** What is wrong with the answer a row got, or null. */
function verdict(row: Row, world: World, reply: Reply, path: string, sentBody: unknown): string | null {
  const { route, caller } = row;
  const got = `got ${reply.status} ${reply.code ?? ''}`.trim();
  if (route.webhook) {
    // a provider's webhook: public, but without its signature or verify token nobody gets through, nor sees anything
    if (reply.status !== 401 && reply.status !== 403) return `an unsigned call of a webhook must get 401 or 403; ${got}`;
    return leaked(world, reply, '').length > 0 ? `a webhook's refusal showed A's data` : null;
  }
  if (route.access === 'public') {
    // public: nobody is asked to sign in or refused for who they are
    if (reply.status === 403 || reply.code === 'unauthorized' || reply.status >= 500) return `a public route must answer anyone; ${got}`;
    // the booking widget's routes name A's store by its public id only: its organization and store ids stay inside
    const shown = world.internals.filter((secret) => reply.text.includes(secret));
    return shown.length > 0 ? `a public route showed A's internal ids: ${shown.join(', ')}` : null;
  }
  if (caller === 'anonymous') return reply.status === 401 ? null : `no token must get 401; ${got}`;
  const leaks = leaked(world, reply, `${path} ${JSON.stringify(sentBody ?? null)}`);
  if (caller in KEYED) return keyVerdict(KEYED[caller as KeyedName], route, reply, got, leaks, path, world);
  if (route.access === 'user') {
    if (!passed(reply)) return `any signed-in user passes a user route; ${got}`;
    return leaks.length > 0 ? `B's owner read A's data: ${leaks.join(', ')}` : null;
  }
  const guard = route.access.orga;
  const store = !route.path.includes('/:store')
    ? null
    : path.includes(world.a.store2)
      ? 'store2'
      : path.includes(world.a.store1)
        ? 'store1'
        : 'spare';
  switch (caller) {
    case 'foreign_owner':
    case 'foreign_owner_invalid_body':
    case 'foreign_owner_own_orga_store_of_a':
      if (reply.status !== 403) return `another organization's owner must get 403; ${got}`;
      return leaks.length > 0 ? `B's owner read A's data: ${leaks.join(', ')}` : null;
    case 'foreign_owner_own_orga': {
      if (reply.status >= 500) return `B's owner with A's ids in B's own paths; ${got}`;
      if (leaks.length > 0) return `B's owner read A's data through B's paths: ${leaks.join(', ')}`;
      const touchesA = Object.values(world.ids).some((id) => id !== world.a.orgaId && id !== world.a.store2 && path.includes(id));
      if (route.method !== 'get' && touchesA && reply.status < 300) return `B's owner changed a record of A through B's paths; ${got}`;
      return null;
    }
    default: {
      const member: MemberPlan = RANKED[caller as RankedName];
      const rule = SERVICE_RULES[routeKey(route)];
      const allowed = specAllows(member, guard, store) && (rule ? rule.allows(member.rank, member) : true);
      if (allowed) return passed(reply) ? null : `rank ${member.rank} may (${guard}${rule ? `, ${rule.rule}` : ''}); ${got}`;
      return reply.status === 403 ? null : `rank ${member.rank} must get 403 (${guard}${rule ? `, ${rule.rule}` : ''}); ${got}`;
    }
  }
}

/** What an API key must get (issue 33): 403 outside its reach, an answer within it; never A's data for B's key. */
function keyVerdict(
  key: (typeof KEYED)[KeyedName],
  route: RouteDeclaration,
  reply: Reply,
  got: string,
  leaks: string[],
  path: string,
  world: World,
): string | null {
  if (key.orga === 'b' && leaks.length > 0) return `B's key read A's data: ${leaks.join(', ')}`;
  if (typeof route.access !== 'object') return reply.status === 403 ? null : `an API key is no person: a user route must refuse it; ${got}`;
  const area = AREA_OF_TAG[route.tag];
  const level = route.method === 'get' ? 'read' : 'write';
  const scoped =
    area !== undefined && (key.scopes as readonly string[]).some((scope) => scope === `${area}:write` || scope === `${area}:${level}`);
  const store = !route.path.includes('/:store')
    ? null
    : path.includes(world.a.store2)
      ? 'store2'
      : path.includes(world.a.store1)
        ? 'store1'
        : 'spare';
  const inStore = key.store === null || store === null || store === key.store;
  const rule = SERVICE_RULES[routeKey(route)];
  const allowed =
    key.orga === 'a' &&
    scoped &&
    inStore &&
    specAllows(key.plan, route.access.orga, store) &&
    (rule ? rule.allows(key.plan.rank, key.plan) : true);
  const why = `${area ?? 'no area'}:${level}, ${store ?? 'no store'}, ${route.access.orga}`;
  if (allowed) return passed(reply) ? null : `the key may (${why}); ${got}`;
  return reply.status === 403 ? null : `the key must get 403 (${why}); ${got}`;
}

// ---- the suite ---------------------------------------------------------------------------

/** Every service the launcher starts (each services/<name>/src/<file>.service-definition.ts), the gateway last. */
const DEFINITIONS = discoverServiceDefinitions();

describe('tenant-isolation matrix over the whole route table (every service, real NATS, Postgres, Redis)', () => {
  let env: TestEnv;
  let world: World;
  let filesDir: string;
  const keySessions: Partial<Record<KeyedName, Session>> = {};
  const savedEnv = { ...process.env };
  const anonymousIp = nextIp();

  beforeAll(async () => {
    process.env['AUTH_TOKEN_SECRET'] = GATEWAY_TEST_SECRET;
    process.env['MAIL_TRANSPORT'] = 'sandbox';
    // the tests' browsers reach the gateway on loopback and name their own addresses, as a proxy would
    process.env['TRUSTED_PROXIES'] = '127.0.0.1, ::1';
    process.env['PAWLINE_SERVICES'] = servicesForGateway(DEFINITIONS);
    filesDir = mkdtempSync(join(tmpdir(), 'gateway-matrix-files-'));
    process.env['CRM_FILES_DIR'] = filesDir;
    process.env['MESSAGING_FILES_DIR'] = filesDir;
    env = await createTestEnv();
    const services = DEFINITIONS.filter((definition) => definition.name !== 'gateway');
    const gatewayService = DEFINITIONS.find((definition) => definition.name === 'gateway');
    if (!gatewayService) throw new Error('the launcher finds no gateway definition (services/gateway/src/*.service-definition.ts)');
    // the launcher's order: by name, the gateway last
    for (const definition of services) await env.start(definition);
    const gateway = await env.start(gatewayService, { httpPort: 0, redisUrl: REDIS_URL });
    // one spare store per DELETE store row, B's for the row in B's own paths
    const deletions = ROWS.filter((row) => routeKey(row.route) === 'DELETE /api/v1/orga/:orga/store/:store');
    const inB = deletions.filter((row) => row.caller === 'foreign_owner_own_orga').length;
    world = await buildWorld(gateway.httpUrl ?? '', { a: deletions.length - inB, b: inB }, RANKED);
    for (const [name, plan] of Object.entries(KEYED) as [KeyedName, (typeof KEYED)[KeyedName]][]) {
      const owner = world[plan.orga];
      const stores = plan.store ? { store_ids: [world.a[plan.store]] } : {};
      const created = await call(world.base, 'post', `/api/v1/orga/${owner.orgaId}/api_key`, {
        session: owner.owner,
        json: { name: `Matrix ${name}`, scopes: plan.scopes, ...stores },
      });
      if (created.status !== 201) throw new Error(`creating key ${name} answered ${created.status} ${created.text}`);
      const { key, secret } = created.json as { key: { id: string }; secret: string };
      keySessions[name] = { token: secret, userId: key.id, ip: nextIp() };
    }
  });

  afterAll(async () => {
    await env?.dispose();
    process.env = savedEnv;
    if (filesDir) rmSync(filesDir, { recursive: true, force: true });
  });

  it('fills every path parameter and body of every route, and its tables name only real routes', () => {
    const placeholders: BodyContext = { ids: new Proxy({}, { get: () => randomUUID() }), orgaName: 'Salone', self: randomUUID() };
    const problems: string[] = [];
    const keys = new Set(ROUTES.map(routeKey));
    for (const route of ROUTES) {
      try {
        fillPath(route, world.ids);
        const body = bodyOf(route, placeholders);
        const parsed = route.body?.safeParse(body);
        if (parsed && !parsed.success) problems.push(`${routeKey(route)}: its BODIES entry does not parse: ${parsed.error.message}`);
      } catch (error) {
        problems.push((error as Error).message);
      }
      if (route.method === 'delete' && !THROWAWAY[routeKey(route)])
        problems.push(`${routeKey(route)}: a DELETE route needs a THROWAWAY entry`);
    }
    for (const key of [...Object.keys(BODIES), ...Object.keys(THROWAWAY), ...Object.keys(SERVICE_RULES), ...LAST])
      if (!keys.has(key)) problems.push(`${key} is in the matrix's tables but not in the route table`);
    expect(problems).toEqual([]);
  });

  /** Sends one row's request; the answer's verdict, or the error that kept it from being sent. */
  async function runRow(row: Row): Promise<string | null> {
    const { route, caller } = row;
    // :orga and :store are A's, except in B's own paths; every other id is A's
    const orgaOf = caller.startsWith('foreign_owner_own_orga') ? 'b' : 'a';
    const storeOf = caller === 'foreign_owner_own_orga' ? 'b' : 'a';
    const values = { ...world.ids, orga: world[orgaOf].orgaId, store: world[storeOf].store2 };
    const throwaway = THROWAWAY[routeKey(route)];
    if (throwaway) Object.assign(values, await throwaway(world, storeOf));
    const path = fillPath(route, values);
    const session: Session | null =
      caller === 'anonymous'
        ? null
        : caller in KEYED
          ? (keySessions[caller as KeyedName] ?? null)
          : caller in RANKED
            ? (world.members[caller] ?? null)
            : world.b.owner;
    const json =
      caller === 'foreign_owner_invalid_body'
        ? { matrix_no_such_field: true }
        : bodyOf(route, { ids: values, orgaName: world.a.orgaName, self: session?.userId ?? randomUUID() });
    const file = route.fileBody ? { bytes: caller === 'foreign_owner_invalid_body' ? Buffer.alloc(0) : PNG, type: 'image/png' } : undefined;
    const reply = await call(world.base, route.method, path, {
      session,
      ip: anonymousIp,
      ...(file ? { file } : json !== undefined ? { json } : {}),
    });
    // MATRIX_LOG=<file> records what every row got: a passing row's answer is otherwise not shown
    if (process.env['MATRIX_LOG']) appendFileSync(process.env['MATRIX_LOG'], `${row.name}\t${reply.status}\t${reply.code ?? ''}\n`);
    return verdict(row, world, reply, path, json);
  }

  /**
   * Starts every row: ROW_CONCURRENCY at a time (the services share this process and the machine's
   * two cores), then the LAST rows one by one. Each `it` only waits for its own row's outcome.
   */
  function startRows(): Map<Row, Promise<string | null>> {
    const gates = new Map<Row, () => void>();
    const outcomes = new Map<Row, Promise<string | null>>();
    for (const row of ROWS)
      outcomes.set(
        row,
        new Promise<void>((open) => gates.set(row, open)).then(() => runRow(row)),
      );
    const run = async (row: Row) => {
      gates.get(row)?.();
      await outcomes.get(row)?.then(
        () => undefined,
        () => undefined,
      );
    };
    const pooled = ROWS.filter((row) => row.order === 0);
    const worker = async () => {
      for (let row = pooled.shift(); row; row = pooled.shift()) await run(row);
    };
    void Promise.all(Array.from({ length: ROW_CONCURRENCY }, worker)).then(async () => {
      for (const row of ROWS.filter((candidate) => candidate.order > 0)) await run(row);
    });
    return outcomes;
  }

  let outcomes: Map<Row, Promise<string | null>> | undefined;
  it.each(ROWS)('$name', async (row) => {
    outcomes ??= startRows();
    expect(await outcomes.get(row)).toBeNull();
  });
});
