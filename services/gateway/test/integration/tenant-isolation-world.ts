import { REMINDER_STATUS } from '@pawline/contracts';
import { until } from '@pawline/nest-kit/testing';
import { bookingFrom, bookSlot, openForBooking } from './booking-test-helpers';
import { forwardsFor, newOwner, type Owner } from './gateway-test-helpers';
import { MATRIX_BILLING_PROFILE, MATRIX_TEMPLATE, MATRIX_WEBHOOK_URL } from './route-filling';

/**
 * The world of the tenant-isolation matrix, built once through the real API: organization A with
 * two stores, a member of every lower rank, a member whose store override leaves out store 2, and
 * one record of every kind in store 2, so every path parameter of every route gets a real id of A;
 * organization B with two stores, whose owner is the foreign caller.
 */

/** A's minimum ranks (spec §6, R6.03), chosen so each rank 1–4 lands on a different side of some guard. */
export const MIN_RANKS = { read_store: 3, write_store: 2, read_pets: 4, write_pets: 3 } as const;

export type Session = { token: string; userId: string; ip: string };
/** A member of A to hire: organization rank and maybe one store override (store 1 or store 2 of A). */
export type MemberPlan = { rank: number; override?: { store: 'store1' | 'store2'; rank: number } };

export type Reply = { status: number; code: string | null; text: string; json: unknown };

/** A 1 × 1 PNG: a valid pet image and privacy file by content (crm checks the bytes). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let addressCounter = 0;

/** Each caller comes from its own address (X-Forwarded-For is trusted from loopback): rate limits stay apart. */
export function nextIp(): string {
  addressCounter += 1;
  return `10.77.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

/** One request: a JSON body (a value, or `raw` text), a raw file body, or none; the answer's text kept for the leak check. */
export async function call(
  base: string,
  method: string,
  path: string,
  options: { session?: Session | null; ip?: string; json?: unknown; raw?: string; file?: { bytes: Buffer; type: string } } = {},
): Promise<Reply> {
  const headers: Record<string, string> = forwardsFor(path) ? { 'x-forwarded-for': options.session?.ip ?? options.ip ?? nextIp() } : {};
  if (options.session) headers['authorization'] = `Bearer ${options.session.token}`;
  let body: BodyInit | undefined;
  if (options.file) {
    headers['content-type'] = options.file.type;
    headers['x-file-name'] = 'matrix.png';
    body = new Uint8Array(options.file.bytes);
  } else if (options.json !== undefined || options.raw !== undefined) {
    headers['content-type'] = 'application/json';
    body = options.raw ?? JSON.stringify(options.json);
  }
  const response = await fetch(`${base}${path}`, { method: method.toUpperCase(), headers, ...(body !== undefined ? { body } : {}) });
  const text = Buffer.from(await response.arrayBuffer()).toString('utf8');
  let json: unknown = null;
  try {
    json = text === '' ? null : JSON.parse(text);
  } catch {
    json = null;
  }
  const code =
    typeof json === 'object' && json !== null && typeof (json as { code?: unknown }).code === 'string'
      ? (json as { code: string }).code
      : null;
  return { status: response.status, code, text, json };
}

export type Orga = { owner: Owner & Session; orgaId: string; orgaName: string; store1: string; store2: string };

export type World = {
  base: string;
  a: Orga;
  b: Orga;
  members: Record<string, Session>;
  /** Real ids of A by the key a path parameter resolves to (see paramKey in the matrix). */
  ids: Record<string, string>;
  /** Stores made only to be deleted, by organization: DELETE store rows take one each. */
  spareStores: Record<'a' | 'b', string[]>;
  /** A's ids and names: a caller outside A must never read one it did not send. */
  secrets: string[];
  /** Makes A's owner create a throw-away record for one destructive row. */
  ownerOfA(method: string, path: string, json?: unknown, file?: Buffer): Promise<Record<string, unknown>>;
  /** A new pending booking request in A's store 2, made through the public widget routes: its id. */
  newBookingRequest(): Promise<string>;
  /** What a public route must never show: A's organization and store ids and its owner's address. */
  internals: string[];
};

/** The salon site A's store 2 allows the widget on (CORS). */
export const MATRIX_SITE = 'https://salone-matrix.example';

/** Alma's mobile (E.164 digits), the number she writes from on the sandbox phone. */
const ALMA_PHONE = '+39 347 555 0101';

/**
 * The salon writes to the customer, and she answers with a photo from the sandbox phone (/dev/whatsapp,
 * this machine only), as a person playing the customer would; answers the message answer's id once the
 * inbox lists it.
 */
async function customerWritesTo(base: string, orga: Orga, storePath: string, customerId: string, photo: Buffer): Promise<string> {
  // the salon writes first (a template, outside the 24-hour window): its first send gives it its sandbox number; a
  // reminder to book, which needs no appointment (an appointment reminder names the appointment it is about)
  const templates = await call(base, 'get', `/api/v1/orga/${orga.orgaId}/msg/templates`, { session: orga.owner });
  const template = (templates.json as { v: { id: string; template_type: number; status: string }[] }).v.find(
    (candidate) => candidate.template_type === 2 && candidate.status === 'approved',
  );
  if (!template) throw new Error(`A has no approved reminder-to-book template: ${templates.text.slice(0, 200)}`);
  let attempt = 0;
  const phoneNumberId = await until(
    async () => {
      // the customer reaches messaging's directory through crm's event: until then the template finds no number
      if (attempt++ % 10 === 0)
        await call(base, 'post', `${storePath}/customer/${customerId}/msg/template`, {
          session: orga.owner,
          json: { template_id: template.id, addition: '' },
        });
      const sender = await call(base, 'get', `/api/v1/orga/${orga.orgaId}/msg/sender`, { session: orga.owner });
      return (sender.json as { phone_number_id: string | null }).phone_number_id;
    },
    { what: 'the salon gets its sandbox number' },
  );
  // the number is the salon's from its first composed message; the customer can answer once the worker sent it
  const reply = () =>
    fetch(`${base}/dev/whatsapp/reply`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        kind: 'media',
        phone_number_id: phoneNumberId,
        customer: ALMA_PHONE.replace(/\D/g, ''),
        mime_type: 'image/png',
        base64: photo.toString('base64'),
        caption: 'Matrix',
      }),
    });
  const sent = await until(
    async () => {
      const answer = await reply();
      return answer.status === 404 ? null : answer;
    },
    { what: "the sandbox phone knows the salon's number" },
  );
  if (sent.status !== 201) throw new Error(`the sandbox phone answered ${sent.status} ${await sent.text()}`);
  const answerId = await until(
    async () => {
      const page = await call(base, 'get', `${storePath}/customers/msg/0/none`, { session: orga.owner });
      return (page.json as { answers?: { answer_id: string }[] }).answers?.[0]?.answer_id;
    },
    { what: 'the customer message reaches the inbox' },
  );
  return settled(base, orga, `${storePath}/customer/${customerId}/conversation/0/none`, answerId);
}

/**
 * Waits until the sandbox has played every status of the salon's messages (read) and the outbox has
 * relayed them, so the tests that compare tables before and after a request see no background write.
 */
async function settled(base: string, orga: Orga, conversationPath: string, answerId: string): Promise<string> {
  await until(
    async () => {
      const page = await call(base, 'get', conversationPath, { session: orga.owner });
      const ours = (page.json as { entries?: { direction: string; status: number | null }[] }).entries?.filter(
        (e) => e.direction === 'out',
      );
      return ours && ours.length > 0 && ours.every((entry) => entry.status === REMINDER_STATUS.read);
    },
    { timeoutMs: 20_000, what: "the sandbox reads the salon's messages" },
  );
  // the outbox relays the last status change a moment later
  await new Promise((resolve) => setTimeout(resolve, 1500));
  return answerId;
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

async function asOrga(base: string): Promise<Orga> {
  const owner = await newOwner(base);
  const session = { ...owner, ip: nextIp() };
  const stores = await call(base, 'get', `/api/v1/orga/${owner.orgaId}/store`, { session });
  const store1 = (stores.json as { id: string }[])[0]?.id ?? '';
  const second = await call(base, 'post', `/api/v1/orga/${owner.orgaId}/store`, {
    session,
    json: { name: `Filiale ${unique()}`, country: 'IT', address_from_orga: true },
  });
  if (second.status !== 201) throw new Error(`second store answered ${second.status}`);
  return { owner: session, orgaId: owner.orgaId, orgaName: owner.orgaName, store1, store2: (second.json as { id: string }).id };
}

async function expectCreated(reply: Promise<Reply>, what: string): Promise<Record<string, unknown>> {
  const answer = await reply;
  if (answer.status < 200 || answer.status > 299) throw new Error(`${what} answered ${answer.status} ${answer.text.slice(0, 200)}`);
  return answer.json as Record<string, unknown>;
}

/** Builds the world; `spares` is how many throw-away stores each organization needs. */
export async function buildWorld(base: string, spares: { a: number; b: number }, plans: Record<string, MemberPlan>): Promise<World> {
  const [a, b] = await Promise.all([asOrga(base), asOrga(base)]);
  const orgaA = `/api/v1/orga/${a.orgaId}`;
  const storeA = `${orgaA}/store/${a.store2}`;
  const ownerOfA = (method: string, path: string, json?: unknown, file?: Buffer) =>
    expectCreated(
      call(base, method, path, {
        session: a.owner,
        ...(json !== undefined ? { json } : {}),
        ...(file ? { file: { bytes: file, type: 'image/png' } } : {}),
      }),
      `${method} ${path}`,
    );

  await ownerOfA('put', `${orgaA}/settings`, {
    min_rank_read_store: MIN_RANKS.read_store,
    min_rank_write_store: MIN_RANKS.write_store,
    min_rank_read_pets: MIN_RANKS.read_pets,
    min_rank_write_pets: MIN_RANKS.write_pets,
    // the shared lists answer for every member only with share_pets (crm, R6.08)
    share_pets: true,
  });

  const marker = unique();
  const hire = async (plan: MemberPlan, name: string): Promise<Session> => {
    const hired = await ownerOfA('post', `${orgaA}/users`, {
      first_name: name.replace(/[^a-z]/gi, ''),
      last_name: `Matrix${marker.replace(/[0-9]/g, '')}`,
      email: `matrix.${name.replace(/[^a-z0-9]/gi, '').toLowerCase()}.${marker}@example.com`,
      orga_rank: plan.rank,
      employee_status: 1,
      ...(plan.override ? { store_override: { [a[plan.override.store]]: plan.override.rank } } : {}),
    });
    const ip = nextIp();
    const login = await expectCreated(
      call(base, 'post', '/api/v1/auth/login', { ip, json: { username: hired['username'], password: hired['first_password'] } }),
      `login of ${name}`,
    );
    return { token: String(login['access_token']), userId: String(hired['user_id']), ip };
  };
  const hired = await Promise.all(Object.entries(plans).map(async ([name, plan]) => [name, await hire(plan, name)] as const));
  const members = Object.fromEntries(hired);
  // the :user of the team routes, touched by nobody else
  const target = await hire({ rank: 3 }, 'Target');

  const customerTag = await ownerOfA('post', `${orgaA}/tag`, { kind: 'customer', name: `Tag${marker}`, icon: 1 });
  const external = await ownerOfA('post', `${orgaA}/external_service`, { service_id: `svc-${marker}`, name: `Service${marker}` });
  // a WhatsApp number and both consents: the customer writes to the salon below, and the inbox files it under her
  const customer = await ownerOfA('post', `${storeA}/customer`, {
    first_name: 'Alma',
    last_name: `Customer${marker}`,
    fon: ALMA_PHONE,
    consent_messages: true,
    consent_reminders: true,
  });
  const customerId = String((customer['customer'] as { id: string }).id);
  const pet = await ownerOfA('post', `${storeA}/pet`, { customer_id: customerId, name: `Pet${marker}`, pet_type: 1 });
  const petId = String((pet['pet'] as { id: string }).id);
  const privacy = await ownerOfA('post', `${storeA}/customer/${customerId}/privacy_file`, undefined, PNG);
  const image = await ownerOfA('post', `${storeA}/pet/${petId}/image`, undefined, PNG);
  // issue 31 a vaccination with its proof: the care routes' :vaccination
  const vaccination = await ownerOfA('post', `${storeA}/pet/${petId}/vaccination`, {
    vaccine: 'rabies',
    given_on: '2026-03-01',
    valid_until: '2027-03-01',
  });
  await ownerOfA('put', `${storeA}/pet/${petId}/vaccination/${String(vaccination['id'])}/proof`, undefined, PNG);
  const treatment = await ownerOfA('post', `${orgaA}/treatment`, { name: `Treatment${marker}`, default_price: '30' });
  const booked = await ownerOfA('post', `${storeA}/appointment`, {
    appointment: {
      date: '2027-03-01',
      hour: 10,
      min: 0,
      duration: 45,
      pet_ids: [petId],
      treatment_ids: [treatment['id']],
      app_name: `Appointment${marker}`,
    },
    recurring: { unit: 'week', every: 1, count: 2 },
  });
  const appointment = (booked['items'] as { id: string; recurring_group_id: string }[])[0];
  // a change of that appointment to undo (ADR 0043): confirmed by staff
  const changed = await ownerOfA('patch', `${storeA}/appointment/${appointment?.id ?? ''}/status`, { status: 1 });
  // online booking in store 2 (spec §7 "Booking"): on, the matrix's site allowed, office and owner hours, one request
  const setup = await ownerOfA('patch', `${storeA}/booking/admin/setup`, {
    enabled: true,
    allowed_origins: [MATRIX_SITE],
    min_notice_minutes: 0,
    horizon_days: 365,
  });
  const publicId = String(setup['public_id']);
  const rule = await openForBooking(ownerOfA, storeA, a.owner.userId);
  const newBookingRequest = () => bookSlot(base, publicId, bookingFrom(), [String(treatment['id'])]);
  const bookingRequest = await newBookingRequest();
  // issue 30 a customer on A's waitlist: the waitlist routes' :entry
  const waitlistEntry = await ownerOfA('post', `${storeA}/booking/admin/waitlist`, {
    treatment_ids: [String(treatment['id'])],
    pets: [{ name: 'Matrixpet', pet_type: 1 }],
    until: '2030-12-31',
    first_name: 'World',
    last_name: 'Waiting',
    fon: '+39 347 555 0176',
    consent_messages: true,
  });
  const feed = await ownerOfA('post', `${storeA}/calendar_feed`, {});
  const template = await ownerOfA('post', `${orgaA}/msg/template`, MATRIX_TEMPLATE);
  const profileImage = await ownerOfA('post', `${orgaA}/msg/whatsapp_profile_image`, undefined, PNG);
  const answer = await customerWritesTo(base, a, storeA, customerId, PNG);
  // billing (issue 14): A's billing data and a checkout waiting for its payment, with its first invoice
  await ownerOfA('put', `${orgaA}/billing/data`, { profile: MATRIX_BILLING_PROFILE });
  const checkout = await ownerOfA('post', `${orgaA}/subscription`, { plan_id: 'premium' });
  const paymentId = String((checkout['payment'] as { id: string }).id);
  const invoiceId = String((checkout['payment'] as { invoice_id: string }).invoice_id);

  // marketing (issue 15): a draft campaign of store 2
  const campaign = await ownerOfA('post', `${orgaA}/marketing/store/${a.store2}`, { name: 'Matrix campaign' });
  // an outgoing webhook endpoint of A and a delivery of it (issue 33): :webhook and :delivery; .invalid never resolves
  const webhook = await ownerOfA('post', `${orgaA}/webhook`, { url: MATRIX_WEBHOOK_URL, events: ['appointment.created'] });
  const webhookId = String((webhook['endpoint'] as { id: string }).id);
  const webhookDelivery = await ownerOfA('post', `${orgaA}/webhook/${webhookId}/ping`);
  // switched off: the worker leaves its delivery alone, so no retry changes a table while the fuzz watches them
  await ownerOfA('patch', `${orgaA}/webhook/${webhookId}`, { enabled: false });

  // retail (issue 32): a product of A with stock in store 2, and a sale of it whose line the return rows take back
  const product = await ownerOfA('post', `${orgaA}/retail/product`, { name: 'Matrix shampoo', price_cents: 1220, vat_rate_bp: 2200 });
  const storeOfA2 = `${orgaA}/store/${a.store2}/retail`;
  await ownerOfA('post', `${storeOfA2}/stock/receipt`, { product_id: product['id'], quantity: 500 });
  const sale = await ownerOfA('post', `${storeOfA2}/sale`, {
    payment_method: 'cash',
    lines: [{ product_id: product['id'], quantity: 50 }],
  });

  const spareStores = { a: [] as string[], b: [] as string[] };
  for (const [key, orga] of [
    ['a', a],
    ['b', b],
  ] as const) {
    for (let i = 0; i < spares[key]; i += 1) {
      const store = await expectCreated(
        call(base, 'post', `/api/v1/orga/${orga.orgaId}/store`, {
          session: orga.owner,
          json: { name: `Spare ${i} ${unique()}`, country: 'IT', address_from_orga: true },
        }),
        'spare store',
      );
      spareStores[key].push(String(store['id']));
    }
  }

  // an API key of A (issue 33): the key routes' :api_key
  const apiKey = await expectCreated(
    call(base, 'post', `/api/v1/orga/${a.orgaId}/api_key`, {
      session: a.owner,
      json: { name: `World ${unique()}`, scopes: ['calendar:read'] },
    }),
    'api key',
  );

  const ids: Record<string, string> = {
    api_key: String((apiKey['key'] as { id: string }).id),
    orga: a.orgaId,
    store: a.store2,
    customer: customerId,
    pet: petId,
    tag: String(customerTag['id']),
    external_service: String(external['id']),
    treatment: String(treatment['id']),
    appointment: appointment?.id ?? '',
    group: appointment?.recurring_group_id ?? '',
    change: String(changed['change_id']),
    user: target.userId,
    privacy_file: String(privacy['id']),
    image: String(image['id']),
    vaccination: String(vaccination['id']),
    token: String(feed['token']),
    template: String(template['id']),
    whatsapp_profile_image: String(profileImage['id']),
    // a message answer with a photo: msg_single/:id and the attachments of its subject
    msg_single: answer,
    subject: answer,
    rule,
    slot: bookingRequest,
    entry: String(waitlistEntry['id']),
    // the public booking routes' :public_id (a declared parameter the world fills, see fillPath)
    public_id: publicId,
    payment: paymentId,
    invoice: invoiceId,
    campaign: String(campaign['id']),
    product: String(product['id']),
    sale: String(sale['id']),
    sale_line: String((sale['lines'] as { id: string }[])[0]?.id),
    // a transfer's destination: A's other store
    to_store: a.store1,
    webhook: webhookId,
    delivery: String(webhookDelivery['id']),
  };

  // no member has asked a guard anything yet, so no guard or service holds a membership older
  // than the settings and the spare stores
  const secrets = [
    ...Object.values(ids),
    a.store1,
    a.owner.userId,
    ...Object.values(members).map((member) => member.userId),
    ...spareStores.a,
    a.orgaName,
    marker,
    a.owner.email,
  ].filter((secret) => secret.length > 0);
  const internals = [a.orgaId, a.store1, a.store2, a.owner.email];
  return { base, a, b, members, ids, spareStores, secrets, ownerOfA, newBookingRequest, internals };
}
