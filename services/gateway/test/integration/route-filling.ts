import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { RouteDeclaration } from '../../src/routes/gateway.routes';
import { registration } from './gateway-test-helpers';

/**
 * How the tests that walk the whole route table (the tenant-isolation matrix, the input fuzz) fill
 * a route's path parameters and body with the world's values (tenant-isolation-world.ts).
 */

export const routeKey = (route: Pick<RouteDeclaration, 'method' | 'path'>) => `${route.method.toUpperCase()} ${route.path}`;

/**
 * Which world value fills a path parameter: its name, except `:id` and `:file`, which take the
 * name of the segment before them (`customer/:id` → customer, `image/:file` → image).
 */
export function paramKey(path: string, name: string, offset: number): string {
  if (name !== 'id' && name !== 'file') return name;
  return path.slice(0, offset).split('/').filter(Boolean).at(-1) ?? name;
}

/** Values for the non-id parameters a route declares a pattern for (checked against that pattern). */
export const PARAM_SAMPLES: Record<string, string | readonly string[]> = {
  y: '2027',
  m: '3',
  d: '1',
  y2: '2027',
  m2: '3',
  d2: '31',
  last_date: 'none',
  last_id: 'none',
  last_time: '0',
  belongs_to: '393330000000',
  notification_type: 'CUSTOMER_MSG',
  // GET and DELETE …/notification/{anchor}/{qualifier}: a page's cursor, or a notification's belongs_to and type
  anchor: ['0', '393330000000'],
  qualifier: ['none', 'CUSTOMER_MSG'],
  sector: 'msg',
  sequence: '0',
  created_time: '0',
  when: 'past',
  // issue 31 the pet's last report card before no appointment in particular
  before: 'none',
};

export const PARAMETER = /:([a-z_][a-z0-9_]*)/g;

/**
 * The route's path with every parameter filled, or an error naming the route and the parameter;
 * `raw` puts a segment as it is in place of a parameter (the fuzz's bad values). A declared
 * parameter takes the world's value when it has one (a store public id: the public booking routes
 * have no organization in the path, the store public id of A's store 2 stands for it), else its sample.
 */
export function fillPath(route: RouteDeclaration, values: Record<string, string>, raw: Record<string, string> = {}): string {
  return route.path.replace(PARAMETER, (_match, name: string, offset: number) => {
    const rawSegment = raw[name];
    if (rawSegment !== undefined) return rawSegment;
    const declared = route.params?.[name];
    if (declared) {
      // a name two routes use with different patterns has a sample for each: the first its pattern takes
      const samples: readonly string[] = [values[name] ?? PARAM_SAMPLES[name] ?? []].flat();
      const sample = samples.find((candidate) => declared.pattern.test(candidate)) ?? samples[0];
      if (sample === undefined)
        throw new Error(`${routeKey(route)}: no world value or sample for :${name} in PARAM_SAMPLES (${declared.description})`);
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
export type BodyContext = { ids: Record<string, string>; orgaName: string; self: string };
export const fresh = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
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

/** A webhook endpoint's address that never resolves (RFC 2606 .invalid): the matrix's deliveries go nowhere. */
export const MATRIX_WEBHOOK_URL = 'https://matrix.pawline.invalid/hook';

/** An Italian company's billing data (R1.23): Ferrari's published VAT number, a valid codice destinatario. */
export const MATRIX_BILLING_PROFILE = {
  kind: 'company',
  legal_name: 'Matrix S.r.l.',
  vat: '00159560366',
  codice_destinatario: 'M5UXCR1',
  address: 'Via Matrice 1',
  city: 'Modena',
  zip_code: '41121',
  country: 'IT',
};

/**
 * Minimal valid bodies for routes whose body schema rejects `{}` (a 400 before the guard would
 * hide a leak) and whose body minimalBody cannot derive, or should not: where the ids, names or
 * values matter to the rule being checked. Every entry must parse with its route's schema; routes
 * accepting `{}` get `{}`, the others without an entry the body derived from their schema.
 */
/** issue 30 a waitlist entry the matrix can send: one pet, one treatment, any groomer, waiting until 2030. */
export const MATRIX_WAITLIST_ENTRY = (ctx: BodyContext) => ({
  treatment_ids: [ctx.ids['treatment']],
  pets: [{ name: 'Matrixpet', pet_type: 1 }],
  until: '2030-12-31',
  first_name: 'Matrix',
  last_name: 'Waiting',
  fon: '+39 347 555 0177',
  consent_messages: true,
});

export const BODIES: Record<string, (ctx: BodyContext) => unknown> = {
  'POST /api/v1/orga/:orga/store/:store/booking/admin/agreement': () => ({ texts: { en: 'Pets must be vaccinated.' } }),
  'POST /api/v1/auth/register': () => registration(),
  'POST /api/v1/auth/verify-email': () => ({ token: 'matrix-no-such-token' }),
  'POST /api/v1/auth/verify-email/code': () => ({ email: `nobody.${fresh()}@example.com`, code: '123456' }),
  'POST /api/v1/auth/verify-email/resend': () => ({ username: `nobody.${fresh()}@example.com` }),
  'POST /api/v1/auth/login': () => ({ username: `nobody.${fresh()}@example.com`, password: 'a-long-password-1' }),
  'POST /api/v1/auth/password-reset': () => ({ email: `nobody.${fresh()}@example.com` }),
  'POST /api/v1/auth/password-reset/confirm': () => ({ token: 'matrix-no-such-token', password: 'a-long-password-2' }),
  'POST /api/v1/auth/autologin': () => ({ u: 'nobody', p: 'nothing' }),
  // every caller of the matrix signed up or was hired with this password
  'POST /api/v1/user/password': () => ({ current_password: 'a-long-password-1', password: 'a-long-password-2' }),
  'POST /api/v1/user/email': () => ({ email: `matrix.moved.${fresh()}@example.com`, current_password: 'a-long-password-1' }),
  'PUT /api/v1/user/rating': () => ({ rating: 5 }),
  'PUT /api/v1/orga/:orga/billing/data': () => ({ profile: MATRIX_BILLING_PROFILE }),
  // the real name: a non-owner must be refused for who they are, not for a wrong name
  'POST /api/v1/orga/:orga/cancel': (ctx) => ({ confirm_name: ctx.orgaName }),
  'POST /api/v1/orga/:orga/store': () => ({ name: `Matrix ${fresh()}`, country: 'IT', address_from_orga: true }),
  'POST /api/v1/orga/:orga/api_key': () => ({ name: `Matrix ${fresh()}`, scopes: ['calendar:read'] }),
  'POST /api/v1/orga/:orga/webhook': () => ({ url: MATRIX_WEBHOOK_URL, events: ['appointment.created'] }),
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
  'POST /api/v1/orga/:orga/store/:store/customers/msg/multi': (ctx) => ({ ids: [ctx.ids['customer']] }),
  'POST /api/v1/orga/:orga/store/:store/customer/:customer/msg': () => ({ text: 'Matrix' }),
  'POST /api/v1/orga/:orga/store/:store/customer/:customer/msg/template': (ctx) => ({ template_id: ctx.ids['customer'], addition: '' }),
  'POST /api/v1/orga/:orga/external_service': () => ({ service_id: `matrix-${fresh()}`, name: 'Matrix' }),
  'POST /api/v1/orga/:orga/store/:store/appointment': (ctx) => ({ appointment: appointmentFields(ctx) }),
  'PUT /api/v1/orga/:orga/store/:store/appointment/:id': (ctx) => ({ scope: 'one', appointment: appointmentFields(ctx) }),
  'PATCH /api/v1/orga/:orga/store/:store/appointment/:id/move': () => ({ date: '2027-03-01', hour: 11, min: 0 }),
  'PATCH /api/v1/orga/:orga/store/:store/appointment/:id/resize': () => ({ duration: 30 }),
  'PATCH /api/v1/orga/:orga/store/:store/appointment/:id/check_out': () => ({ final_price: '35' }),
  'PATCH /api/v1/orga/:orga/store/:store/appointment/:id/notes': () => ({ notes: 'matrix' }),
  'PATCH /api/v1/orga/:orga/store/:store/appointment/:id/status': () => ({ status: 1 }),
  'POST /api/v1/orga/:orga/treatment': () => ({ name: 'Matrix' }),
  // one's own feed needs exactly the route's store_read; the store's feed ({}) needs store write (scheduling, R1.15)
  'POST /api/v1/orga/:orga/store/:store/calendar_feed': (ctx) => ({ user_id: ctx.self }),
  'POST /api/v1/orga/:orga/msg/template': () => MATRIX_TEMPLATE,
  'PUT /api/v1/orga/:orga/msg/template/:template': () => MATRIX_TEMPLATE,
  'POST /api/v1/orga/:orga/store/:store/msg/preview': () => ({
    template_text: 'Hello {{1}} from {{2}} ok',
    variables_str: 'first_name/store_name',
  }),
  // office hours on Wednesdays: a real rule, so the rows that may create one do
  'POST /api/v1/orga/:orga/store/:store/booking/admin/rule': () => ({ user_id: null, weekday: 3, start_hour: 9, end_hour: 12 }),
  // issue 30 a whole policy that holds together (a fee needs a card): what a store administrator saves
  'PUT /api/v1/orga/:orga/store/:store/booking/admin/no_show_policy': () => ({
    protection: 'card_hold',
    deposit_kind: 'fixed',
    deposit_amount: 0,
    deposit_percent: 20,
    cancellation_window_hours: 24,
    late_cancellation_fee: 1000,
    no_show_fee: 2000,
    card_required_for: 'risky_customers',
    close_after_no_shows: 3,
    closed_message: { en: 'Please call us to book.' },
    widget_text: {},
    confirmation_text: {},
  }),
  'PUT /api/v1/orga/:orga/store/:store/customer/:customer/deposit_override': () => ({ mode: 'always' }),
  'POST /api/v1/orga/:orga/store/:store/pet/:pet/vaccination': () => ({
    vaccine: 'kennel_cough',
    given_on: '2026-05-01',
    valid_until: '2027-05-01',
  }),
  'PUT /api/v1/orga/:orga/store/:store/pet/:pet/vaccination/:vaccination': () => ({
    vaccine: 'rabies',
    given_on: '2026-03-01',
    valid_until: '2027-03-02',
  }),
  'POST /api/v1/orga/:orga/store/:store/pet/:pet/vaccination/:vaccination/verify': () => ({
    given_on: '2026-03-01',
    valid_until: '2027-03-01',
  }),
  'PUT /api/v1/orga/:orga/store/:store/care_settings': (ctx) => ({
    requirements: [{ pet_type: 1, vaccine: 'rabies', treatment_ids: [ctx.ids['treatment']] }],
    expiring_days: 30,
    booking_mode: 'refuse',
  }),
  'PUT /api/v1/orga/:orga/treatments/additional_info': (ctx) => ({
    entries: [{ treatment_id: ctx.ids['treatment'], pet_type: 1, size: 'medium', minutes: 45 }],
  }),
  'POST /api/v1/public/booking/:public_id/availability': (ctx) => ({
    from: '2027-03-08',
    days: 7,
    pets: [{ name: 'Matrixpet', pet_type: 1 }],
    treatment_ids: [ctx.ids['treatment']],
  }),
  // issue 30 a caller put on the store's waitlist by staff, and the widget's join with a challenge booking never signed
  'POST /api/v1/orga/:orga/store/:store/booking/admin/waitlist': (ctx) => MATRIX_WAITLIST_ENTRY(ctx),
  'POST /api/v1/public/booking/:public_id/waitlist': (ctx) => ({
    ...MATRIX_WAITLIST_ENTRY(ctx),
    accept_privacy: true,
    challenge: `matrix-no-such-challenge-${fresh()}`,
    nonce: '0',
  }),
  'POST /api/v1/public/booking/:public_id/customer-check': () => ({ fon: '+39 347 555 0101', last_name: 'Nobody' }),
  // a well-formed request whose slot token and challenge booking never signed: refused, nothing held
  'POST /api/v1/public/booking/:public_id/request': (ctx) => ({
    slot_token: `matrix-no-such-token-${fresh()}`,
    starts_at: '2027-03-10T09:00:00+01:00',
    treatment_ids: [ctx.ids['treatment']],
    pets: [{ name: 'Matrixpet', pet_type: 1 }],
    first_name: 'Matrix',
    last_name: 'Widget',
    fon: '+39 347 555 0199',
    accept_privacy: true,
    challenge: `matrix-no-such-challenge-${fresh()}`,
    nonce: '0',
  }),
  // a code no signup gave and an account WhatsApp does not know: refused (400) for the organization's own administrators
  'POST /api/v1/orga/:orga/msg/whatsapp/connect': () => ({ code: `matrix-no-such-code-${fresh()}` }),
  // retail (issue 32): A's product and sale, so the rows that pass really move A's stock
  'POST /api/v1/orga/:orga/store/:store/retail/stock/receipt': (ctx) => ({ product_id: ctx.ids['product'], quantity: 1 }),
  'POST /api/v1/orga/:orga/store/:store/retail/stock/count': (ctx) => ({ product_id: ctx.ids['product'], counted: 400 }),
  'POST /api/v1/orga/:orga/store/:store/retail/stock/transfer': (ctx) => ({
    product_id: ctx.ids['product'],
    to_store_id: ctx.ids['to_store'],
    quantity: 1,
  }),
  'POST /api/v1/orga/:orga/store/:store/retail/sale': (ctx) => ({
    payment_method: 'card',
    lines: [{ product_id: ctx.ids['product'], quantity: 1, discount: { kind: 'percent', percent: 10 } }],
  }),
  'POST /api/v1/orga/:orga/store/:store/retail/sale/:id/return': (ctx) => ({ line_id: ctx.ids['sale_line'], quantity: 1 }),
  'POST /api/v1/orga/:orga/msg/whatsapp/connect-manual': () => ({
    phone_number_id: '1234567890',
    waba_id: '1234567891',
    access_token: 'matrix-token-0123456789',
  }),
};

/** An organization's own message template WhatsApp would accept (R3.13). */
export const MATRIX_TEMPLATE = {
  template_type: 0,
  title: 'Matrix',
  template_text: 'Hello {{1}}, see you {{2}}. Bye',
  variables_str: 'first_name/date',
  language: 'en',
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
export function minimalBody(schema: z.ZodType, at: string): unknown {
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

export function bodyOf(route: RouteDeclaration, ctx: BodyContext): unknown {
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
