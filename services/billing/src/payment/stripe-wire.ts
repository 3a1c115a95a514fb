import { createHmac, timingSafeEqual } from 'node:crypto';

// Stripe's wire format, written here rather than taken from the stripe package (no new packages):
// form-encoded bodies with nested keys, and the v1 webhook signature.

export type FormValue = string | number | boolean | null | undefined | FormValue[] | { [key: string]: FormValue };

/** `{ metadata: { orga: 'x' }, amount: 100 }` → `metadata[orga]=x&amount=100` (null and undefined left out). */
export function formEncode(params: Record<string, FormValue>): string {
  const pairs: [string, string][] = [];
  const walk = (key: string, value: FormValue) => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) value.forEach((item, index) => walk(`${key}[${index}]`, item));
    else if (typeof value === 'object') for (const [child, item] of Object.entries(value)) walk(`${key}[${child}]`, item);
    else pairs.push([key, String(value)]);
  };
  for (const [key, value] of Object.entries(params)) walk(key, value);
  return pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&');
}

/** Stripe's default tolerance between the signature's timestamp and now. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type SignatureCheck = { ok: true; timestamp: number } | { ok: false; reason: 'missing' | 'malformed' | 'mismatch' | 'expired' };

/**
 * Checks a `Stripe-Signature` header (`t=<unix seconds>,v1=<hex>[,v1=…]`) against the raw body: one of
 * the v1 values must be the HMAC-SHA256 of `${t}.${payload}` with the endpoint secret (compared in
 * constant time), and t within the tolerance of now (an old delivery replayed is refused).
 */
export function verifyStripeSignature(
  payload: Buffer,
  header: string | null | undefined,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
): SignatureCheck {
  if (!header) return { ok: false, reason: 'missing' };
  let timestamp = Number.NaN;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === 't') timestamp = /^\d{1,12}$/.test(value) ? Number(value) : Number.NaN;
    else if (key === 'v1') signatures.push(value);
  }
  if (!Number.isFinite(timestamp) || signatures.length === 0) return { ok: false, reason: 'malformed' };
  const expected = createHmac('sha256', secret)
    .update(Buffer.concat([Buffer.from(`${timestamp}.`, 'utf8'), payload]))
    .digest();
  const matches = signatures.some((signature) => {
    if (!/^[0-9a-f]{64}$/i.test(signature)) return false;
    return timingSafeEqual(Buffer.from(signature, 'hex'), expected);
  });
  if (!matches) return { ok: false, reason: 'mismatch' };
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, timestamp };
}
