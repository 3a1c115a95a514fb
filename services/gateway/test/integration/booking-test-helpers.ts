import { createHash } from 'node:crypto';
import { until } from '@pawline/nest-kit/testing';

/**
 * The booking widget as the tests play it through the gateway: the store's page, free slots, a
 * solved challenge and the request (ADR 0021's proof of work, solved with node:crypto).
 */

/** A nonce such that SHA-256(challenge + ':' + nonce) starts with `difficulty` zero bits. */
export function solveChallenge(challenge: string, difficulty: number): string {
  for (let nonce = 0; ; nonce += 1) {
    const digest = createHash('sha256').update(`${challenge}:${nonce}`).digest();
    if (leadingZeroBits(digest) >= difficulty) return String(nonce);
  }
}

function leadingZeroBits(bytes: Buffer): number {
  let bits = 0;
  for (const byte of bytes) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

export type FreeSlot = { date: string; time: string; starts_at: string; ends_at: string; user_ids: string[]; token: string };
export type Availability = { duration: number; days: { date: string; slots: FreeSlot[] }[] };

export type WidgetAnswer = { status: number; json: Record<string, unknown> | null; headers: Headers };

/** One widget call from an address of its own (TRUSTED_PROXIES is loopback in the tests). */
export async function widget(
  base: string,
  method: 'GET' | 'POST' | 'OPTIONS',
  path: string,
  options: { json?: unknown; ip: string; origin?: string; lang?: string; preflightMethod?: string },
): Promise<WidgetAnswer> {
  const headers: Record<string, string> = { 'x-forwarded-for': options.ip };
  if (options.origin) headers['origin'] = options.origin;
  if (options.lang) headers['accept-language'] = options.lang;
  if (options.preflightMethod) headers['access-control-request-method'] = options.preflightMethod;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  const send = () =>
    fetch(`${base}${path}`, { method, headers, ...(options.json !== undefined ? { body: JSON.stringify(options.json) } : {}) });
  let response: Response;
  try {
    response = await send();
  } catch (error) {
    // a kept-alive socket the server closed just as it was reused (node:http's 5 s idle timeout on a busy
    // machine): the request never reached the gateway. Sent again, except a booking request, which the
    // race counts exactly.
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reset = cause?.code === 'ECONNRESET' || cause?.message === 'other side closed';
    if (!reset || path.endsWith('/request')) throw error;
    response = await send();
  }
  const text = await response.text();
  let json: Record<string, unknown> | null = null;
  try {
    json = text === '' ? null : (JSON.parse(text) as Record<string, unknown>);
  } catch {
    json = null;
  }
  return { status: response.status, json, headers: response.headers };
}

let widgetAddress = 0;
/** A fresh address for one customer of the widget (rate limits count per address). */
export function customerIp(): string {
  widgetAddress += 1;
  return `10.66.${Math.floor(widgetAddress / 250) % 250}.${(widgetAddress % 250) + 1}`;
}

export const publicPath = (publicId: string, tail = '') => `/api/v1/public/booking/${publicId}${tail}`;

/** What the widget asks for: one pet of type 1 and the treatments. */
export function availabilityQuery(from: string, treatmentIds: string[], days = 14) {
  return { from, days, pets: [{ name: 'Fido', pet_type: 1 }], treatment_ids: treatmentIds };
}

/**
 * The free slots from `from`. booking learns treatments and staff from scheduling's and identity's
 * events: until they arrive it knows no such treatment or no groomer, so this asks again for a while.
 */
export async function freeSlots(base: string, publicId: string, from: string, treatmentIds: string[]): Promise<Availability> {
  return until(
    async () => {
      const answer = await widget(base, 'POST', publicPath(publicId, '/availability'), {
        ip: customerIp(),
        json: availabilityQuery(from, treatmentIds),
      });
      const availability = answer.json as unknown as Availability | null;
      if (answer.status === 200 && availability?.days.some((day) => day.slots.length > 0)) return availability;
      throw new Error(`availability answered ${answer.status} ${JSON.stringify(answer.json).slice(0, 300)}`);
    },
    { intervalMs: 150, what: `free slots from ${from}` },
  );
}

/** A request body for a slot, with a freshly solved challenge. */
export async function requestFor(
  base: string,
  publicId: string,
  slot: FreeSlot,
  treatmentIds: string[],
  ip: string,
  customer: { first_name?: string; last_name?: string; fon?: string } = {},
): Promise<Record<string, unknown>> {
  const challenge = await widget(base, 'POST', publicPath(publicId, '/challenge'), { ip });
  if (challenge.status !== 200) throw new Error(`challenge answered ${challenge.status} ${JSON.stringify(challenge.json)}`);
  const { challenge: text, difficulty } = challenge.json as { challenge: string; difficulty: number };
  return {
    slot_token: slot.token,
    starts_at: slot.starts_at,
    user_id: null,
    treatment_ids: treatmentIds,
    pets: [{ name: 'Fido', pet_type: 1 }],
    first_name: customer.first_name ?? 'Marta',
    last_name: customer.last_name ?? 'Widget',
    fon: customer.fon ?? `+39 347 ${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`,
    accept_privacy: true,
    language: 'it',
    challenge: text,
    nonce: solveChallenge(text, difficulty),
  };
}

/**
 * Books a free slot from `from` as a new customer; answers the slot id. Callers may run at once: a
 * request that loses the race for its time (409 slot_taken) tries another one of the fresh slots.
 */
export async function bookSlot(base: string, publicId: string, from: string, treatmentIds: string[]): Promise<string> {
  let last = '';
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const slots = (await freeSlots(base, publicId, from, treatmentIds)).days.flatMap((day) => day.slots);
    const slot = slots[Math.floor(Math.random() * Math.min(slots.length, 40))];
    if (!slot) throw new Error(`no free slot from ${from}`);
    const ip = customerIp();
    const body = await requestFor(base, publicId, slot, treatmentIds, ip);
    const answer = await widget(base, 'POST', publicPath(publicId, '/request'), { ip, json: body }).catch((error: Error) => {
      // the socket was reset (see widget): ask for another time; a request that got through stays pending, unused
      last = error.message;
      return null;
    });
    if (!answer) continue;
    if (answer.status === 201) return String(answer.json?.['slot_id']);
    last = `${answer.status} ${JSON.stringify(answer.json).slice(0, 300)}`;
    if (answer.status !== 409) break;
  }
  throw new Error(`the request answered ${last}`);
}

/** A day a week ahead (UTC): inside any horizon the tests set, past any notice. */
export function bookingFrom(daysAhead = 7): string {
  return new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Opens a store for booking: office hours and the groomer's hours 08:00–20:00 every weekday.
 * Answers the id of the first rule.
 */
export async function openForBooking(
  post: (method: string, path: string, json?: unknown) => Promise<Record<string, unknown>>,
  storePath: string,
  groomerId: string,
): Promise<string> {
  const ids: string[] = [];
  for (const userId of [null, groomerId])
    for (let weekday = 0; weekday < 7; weekday += 1) {
      const rule = await post('post', `${storePath}/booking/admin/rule`, { user_id: userId, weekday, start_hour: 8, end_hour: 20 });
      ids.push(String(rule['id']));
    }
  return ids[0] ?? '';
}
