import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestEnv, type TestEnv } from '@pawline/nest-kit/testing';
import type { z } from 'zod';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the matrix starts what the launcher starts: services/*/src/*.service-definition.ts
import { discoverServiceDefinitions } from '../../../../tools/launcher/cohost';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the matrix starts what the launcher starts, and tells the gateway as it does
import { servicesForGateway } from '../../../../tools/launcher/service-selection';
import { declaredRoutes, type RouteDeclaration } from '../../src/routes/gateway.routes';
import { GATEWAY_TEST_SECRET, REDIS_URL, registration } from './gateway-test-helpers';
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
const routeKey = (route: Pick<RouteDeclaration, 'method' | 'path'>) => `${route.method.toUpperCase()} ${route.path}`;

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
  | RankedName;

// ---- the world's values for path parameters and bodies -----------------------------------

/**
 * Which world value fills a path parameter: its name, except `:id` and `:file`, which take the
 * name of the segment before them (`customer/:id` → customer, `image/:file` → image).
 */
function paramKey(path: string, name: string, offset: number): string {
  if (name !== 'id' && name !== 'file') return name;
  return path.slice(0, offset).split('/').filter(Boolean).at(-1) ?? name;
}

/** Values for the non-id parameters a route declares a pattern for (checked against that pattern). */
const PARAM_SAMPLES: Record<string, string> = {
  y: '2027',
  m: '3',
  d: '1',
  y2: '2027',
  m2: '3',
  d2: '31',
  last_date: 'none',
  last_id: 'none',
};

const PARAMETER = /:([a-z_][a-z0-9_]*)/g;

/** The route's path with every parameter filled, or an error naming the route and the parameter. */
function fillPath(route: RouteDeclaration, values: Record<string, string>): string {
  return route.path.replace(PARAMETER, (_match, name: string, offset: number) => {
    const declared = route.params?.[name];
    if (declared) {
      const sample = PARAM_SAMPLES[name];
      if (sample === undefined) throw new Error(`${routeKey(route)}: no sample for :${name} in PARAM_SAMPLES (${declared.description})`);
      if (!declared.pattern.test(sample)) throw new Error(`${routeKey(route)}: sample ${sample} for :${name} does not match its pattern`);
      return sample;
    }
    const key = paramKey(route.path, name, offset);
    const value = values[key];
    if (!value)
      throw new Error(`${routeKey(route)}: path parameter :${name} (key ${key}) has no id in the world; add one to buildWorld's ids`);
    return encodeURIComponent(value);
  });
}

/** What a body may refer to: the row's ids, A's name and the caller's own user id. */
type BodyContext = { ids: Record<string, string>; orgaName: string; self: string };
const fresh = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
// bodies refer to A's records where a schema takes ids: in B's own paths they must be refused, never echoed with A's names
const appointmentFields = (ctx: BodyContext) => ({
  date: '2027-03-08',
  hour: 12,
  min: 0,
  duration: 30,
  pet_ids: [ctx.ids['pet']],
  treatment_ids: [ctx.ids['treatment']],
});
const customerLinks = (ctx: BodyContext) => ({
  tags: [{ tag_id: ctx.ids['tag'], tag_order: 0 }],
  external_services: [{ external_service_id: ctx.ids['external_service'], entity_id: 'matrix' }],
});

/**
 * Minimal valid bodies for routes whose body schema rejects `{}` (a 400 before the guard would
 * hide a leak) and whose body minimalBody cannot derive, or should not: where the ids, names or
 * values matter to the rule being checked. Every entry must parse with its route's schema; routes
 * accepting `{}` get `{}`, the others without an entry the body derived from their schema.
 */
const BODIES: Record<string, (ctx: BodyContext) => unknown> = {
  'POST /api/v1/auth/register': () => registration(),
  'POST /api/v1/auth/verify-email': () => ({ token: 'matrix-no-such-token' }),
  'POST /api/v1/auth/login': () => ({ username: `nobody.${fresh()}@example.com`, password: 'a-long-password-1' }),
  'POST /api/v1/auth/password-reset': () => ({ email: `nobody.${fresh()}@example.com` }),
  'POST /api/v1/auth/password-reset/confirm': () => ({ token: 'matrix-no-such-token', password: 'a-long-password-2' }),
  'POST /api/v1/auth/autologin': () => ({ u: 'nobody', p: 'nothing' }),
  // every caller of the matrix signed up or was hired with this password
  'POST /api/v1/user/password': () => ({ current_password: 'a-long-password-1', password: 'a-long-password-2' }),
  'POST /api/v1/user/email': () => ({ email: `matrix.moved.${fresh()}@example.com` }),
  'PUT /api/v1/user/rating': () => ({ rating: 5 }),
  // the real name: a non-owner must be refused for who they are, not for a wrong name
  'POST /api/v1/orga/:orga/cancel': (ctx) => ({ confirm_name: ctx.orgaName }),
  'POST /api/v1/orga/:orga/store': () => ({ name: `Matrix ${fresh()}`, country: 'IT', address_from_orga: true }),
  'POST /api/v1/orga/:orga/users': () => ({
    first_name: 'Matrix',
    last_name: 'Hire',
    email: `matrix.hire.${fresh()}@example.com`,
    orga_rank: 4,
  }),
  'POST /api/v1/orga/:orga/store/:store/customer': (ctx) => ({ first_name: 'Matrix', ...customerLinks(ctx) }),
  'PUT /api/v1/orga/:orga/store/:store/customer/:id': (ctx) => customerLinks(ctx),
  'POST /api/v1/orga/:orga/store/:store/pet': (ctx) => ({ customer_id: ctx.ids['customer'], name: 'Matrixpet', pet_type: 1 }),
  'POST /api/v1/orga/:orga/tag': () => ({ kind: 'pet', name: 'Matrix', icon: 1 }),
  'POST /api/v1/orga/:orga/external_service': () => ({ service_id: `matrix-${fresh()}`, name: 'Matrix' }),
  'POST /api/v1/orga/:orga/store/:store/appointment': (ctx) => ({ appointment: appointmentFields(ctx) }),
  'PUT /api/v1/orga/:orga/store/:store/appointment/:id': (ctx) => ({ scope: 'one', appointment: appointmentFields(ctx) }),
  'PATCH /api/v1/orga/:orga/store/:store/appointment/:id/move': () => ({ date: '2027-03-01', hour: 11, min: 0 }),
  'PATCH /api/v1/orga/:orga/store/:store/appointment/:id/resize': () => ({ duration: 30 }),
  'PATCH /api/v1/orga/:orga/store/:store/appointment/:id/done': () => ({ final_price: '35' }),
  'PATCH /api/v1/orga/:orga/store/:store/appointment/:id/notes': () => ({ notes: 'matrix' }),
  'PATCH /api/v1/orga/:orga/store/:store/appointment/:id/status': () => ({ status: 1 }),
  'POST /api/v1/orga/:orga/treatment': () => ({ name: 'Matrix' }),
  // one's own feed needs exactly the route's store_read; the store's feed ({}) needs store write (scheduling, R1.15)
  'POST /api/v1/orga/:orga/store/:store/calendar_feed': (ctx) => ({ user_id: ctx.self }),
};

/** What minimalBody reads of a zod (v4) schema. */
type SchemaDef = {
  type: string;
  shape?: Record<string, z.ZodType>;
  in?: z.ZodType;
  element?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
};

/** The values minimalBody tries for a leaf, first fit wins (the leaf's own schema decides). */
const LEAF_CANDIDATES: Record<string, () => unknown[]> = {
  string: () => ['Matrix', randomUUID(), `matrix.${fresh()}@example.com`, '2027-03-08', 'https://example.com/matrix'],
  number: () => [1, 0, 2027],
  int: () => [1, 0, 2027],
  boolean: () => [true, false],
};

/**
 * A body with only the required fields, each the first candidate its schema accepts (optional and
 * defaulted fields left out, enums their first value, arrays empty when allowed): what a generated
 * service's POST route gets without an entry in BODIES. Throws naming the field it cannot fill.
 */
function minimalBody(schema: z.ZodType, at: string): unknown {
  if (schema.safeParse(undefined).success) return undefined;
  const def = (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;
  let candidates: unknown[];
  switch (def.type) {
    case 'object': {
      const body: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        const value = minimalBody(field, `${at}.${key}`);
        if (value !== undefined) body[key] = value;
      }
      candidates = [body];
      break;
    }
    case 'pipe':
      candidates = [minimalBody(def.in as z.ZodType, at)];
      break;
    case 'nullable':
      candidates = [null];
      break;
    case 'enum':
      candidates = Object.values(def.entries ?? {}).slice(0, 1);
      break;
    case 'literal':
      candidates = (def.values ?? []).slice(0, 1);
      break;
    case 'array':
      candidates = [[], [minimalBody(def.element as z.ZodType, `${at}[0]`)]];
      break;
    default: {
      const leaf = LEAF_CANDIDATES[def.type];
      if (!leaf) throw new Error(`${at} is a ${def.type}, which the matrix does not derive`);
      candidates = leaf();
    }
  }
  const fit = candidates.find((candidate) => schema.safeParse(candidate).success);
  if (fit === undefined) throw new Error(`${at} (${def.type}) takes none of the values the matrix tries`);
  return fit;
}

function bodyOf(route: RouteDeclaration, ctx: BodyContext): unknown {
  if (!route.body) return undefined;
  const make = BODIES[routeKey(route)];
  if (make) return make(ctx);
  if (route.body.safeParse({}).success) return {};
  try {
    return minimalBody(route.body, 'body');
  } catch (error) {
    throw new Error(
      `${routeKey(route)}: its body schema rejects {} and the matrix cannot derive one (${(error as Error).message}); add a minimal valid body to BODIES`,
    );
  }
}

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
  'DELETE /api/v1/orga/:orga/tag/:tag': async (world) => ({
    tag: idOf(await world.ownerOfA('post', `/api/v1/orga/${world.a.orgaId}/tag`, { kind: 'pet', name: 'Gone', icon: 1 })),
  }),
  'DELETE /api/v1/orga/:orga/external_service/:id': async (world) => ({
    external_service: idOf(
      await world.ownerOfA('post', `/api/v1/orga/${world.a.orgaId}/external_service`, { service_id: `gone-${fresh()}`, name: 'Gone' }),
    ),
  }),
  'DELETE /api/v1/orga/:orga/store/:store/appointment/:id': async (world) => {
    const booked = await world.ownerOfA('post', `${storeOfA(world)}/appointment`, {
      appointment: { date: '2027-04-05', hour: 9, min: 0, duration: 30, pet_ids: [world.ids['pet']] },
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
const LAST = ['POST /api/v1/orga/:orga/cancel', 'POST /api/v1/user/password', 'POST /api/v1/auth/logout-all'];

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
const SERVICE_RULES: Record<string, { rule: string; allows(rank: number): boolean }> = {
  'POST /api/v1/orga/:orga/cancel': { rule: 'R1.17 only the owner cancels (identity)', allows: (rank) => rank === 0 },
};

type Row = { name: string; route: RouteDeclaration; caller: CallerName; order: number };

/** Rows in flight at once: enough to overlap the services' I/O, few enough for two shared cores. */
const ROW_CONCURRENCY = 4;

function callersOf(route: RouteDeclaration): CallerName[] {
  if (typeof route.access !== 'object') return ['anonymous', 'foreign_owner'];
  const invalidBody = route.body || route.fileBody ? (['foreign_owner_invalid_body'] as const) : [];
  const storeOfA = route.path.includes('/:store') ? (['foreign_owner_own_orga_store_of_a'] as const) : [];
  return ['anonymous', 'foreign_owner', ...invalidBody, 'foreign_owner_own_orga', ...storeOfA, ...(Object.keys(RANKED) as RankedName[])];
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
  if (route.access === 'public') {
    // public: nobody is asked to sign in or refused for who they are
    if (reply.status === 403 || reply.code === 'unauthorized' || reply.status >= 500) return `a public route must answer anyone; ${got}`;
    return null;
  }
  if (caller === 'anonymous') return reply.status === 401 ? null : `no token must get 401; ${got}`;
  const leaks = leaked(world, reply, `${path} ${JSON.stringify(sentBody ?? null)}`);
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
      const member = RANKED[caller];
      const rule = SERVICE_RULES[routeKey(route)];
      const allowed = specAllows(member, guard, store) && (rule ? rule.allows(member.rank) : true);
      if (allowed) return passed(reply) ? null : `rank ${member.rank} may (${guard}${rule ? `, ${rule.rule}` : ''}); ${got}`;
      return reply.status === 403 ? null : `rank ${member.rank} must get 403 (${guard}${rule ? `, ${rule.rule}` : ''}); ${got}`;
    }
  }
}

// ---- the suite ---------------------------------------------------------------------------

/** Every service the launcher starts (each services/<name>/src/<file>.service-definition.ts), the gateway last. */
const DEFINITIONS = discoverServiceDefinitions();

describe('tenant-isolation matrix over the whole route table (every service, real NATS, Postgres, Redis)', () => {
  let env: TestEnv;
  let world: World;
  let filesDir: string;
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
    const session: Session | null = caller === 'anonymous' ? null : caller in RANKED ? world.members[caller] : world.b.owner;
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
