import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header a delivery carries its signature in (docs/webhooks.md). */
export const SIGNATURE_HEADER = 'Pawline-Signature';

/** HMAC-SHA256 (hex) of `timestamp + "." + raw body` with the endpoint's secret. */
export function signPayload(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** How long the secret a rotation replaced keeps signing beside the new one (docs/webhooks.md, "Rotating the secret"). */
export const SECRET_OVERLAP_HOURS = 24;

/**
 * `t=<unix seconds>,v1=<hex>`, as Stripe writes its own: one `v1` per secret that signs, the current one first
 * (a day after a rotation, also the one it replaced, so a receiver still holding that one keeps verifying).
 */
export function signatureHeader(secrets: readonly string[], timestamp: number, body: string): string {
  return [`t=${timestamp}`, ...secrets.map((secret) => `v1=${signPayload(secret, timestamp, body)}`)].join(',');
}

/**
 * What a receiver does (docs/webhooks.md shows the same in a few lines): the header's signature matches
 * the body with the secret and its time is within `toleranceSeconds` of now (an old delivery replayed
 * is refused). Any of several v1 values may match: after a rotation Pawline signs with both secrets for a day.
 */
export function verifySignature(secret: string, header: string, body: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(signPayload(secret, timestamp, body), 'hex');
  return parts
    .filter(([key, value]) => key === 'v1' && value !== undefined && /^[0-9a-f]{64}$/.test(value))
    .some(([, value]) => timingSafeEqual(Buffer.from(value ?? '', 'hex'), expected));
}
