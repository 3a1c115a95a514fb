import { createHmac, timingSafeEqual } from 'node:crypto';

/** A link to accept an agreement holds this long: a customer may read WhatsApp days later. */
export const AGREEMENT_LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export type AgreementClaim = { storeId: string; customerId: string; version: number; expires: number };

const MAC_LENGTH = 43;
const mac = (secret: string, text: string) => createHmac('sha256', `${secret}|agreement-link`).update(text).digest('base64url');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Issue 31 the signed link's token: base64url(store|customer|version|expiry) followed by its 43-character HMAC, so
 * the public page needs no login and a changed store, customer, version or expiry is refused.
 */
export function signAgreementLink(secret: string, claim: AgreementClaim): string {
  const payload = Buffer.from(`${claim.storeId}|${claim.customerId}|${claim.version}|${claim.expires}`).toString('base64url');
  return `${payload}${mac(secret, payload)}`;
}

/** The claim of a token the service signed and that has not expired, else null. */
export function verifyAgreementLink(secret: string, token: string, now: number): AgreementClaim | null {
  if (token.length <= MAC_LENGTH) return null;
  const payload = token.slice(0, -MAC_LENGTH);
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(token.slice(-MAC_LENGTH));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const [storeId, customerId, version, expires] = Buffer.from(payload, 'base64url').toString('utf8').split('|');
  if (!storeId || !customerId || !UUID.test(storeId) || !UUID.test(customerId)) return null;
  const claim = { storeId, customerId, version: Number(version), expires: Number(expires) };
  if (!Number.isInteger(claim.version) || !Number.isFinite(claim.expires) || claim.expires < now) return null;
  return claim;
}
