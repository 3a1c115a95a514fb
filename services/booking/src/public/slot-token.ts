import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { meetsDifficulty } from '@pawline/domain';

/** A free slot's token is valid this long: the widget asks for availability again after it. */
export const SLOT_TOKEN_TTL_MS = 15 * 60 * 1000;
/** A challenge is valid this long (public-challenge.rpc). */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;

const mac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('base64url');

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export type SlotClaim = { publicId: string; startsAt: number; durationMinutes: number; userIds: string[] };

const slotText = (claim: SlotClaim, expires: number) =>
  `${claim.publicId}|${new Date(claim.startsAt).toISOString()}|${claim.durationMinutes}|${claim.userIds.join(',')}|${expires}`;

/**
 * HMAC-SHA256 over public_id|starts_at|duration|user_ids|expiry: the request brings back a start the service
 * offered for exactly these pets and treatments (the duration is recomputed) and the groomers free then.
 * Text form: `<expiry ms>.<user ids joined by ~>.<mac>`.
 */
export function signSlot(secret: string, claim: SlotClaim, now: number): string {
  const expires = now + SLOT_TOKEN_TTL_MS;
  return `${expires}.${claim.userIds.join('~')}.${mac(secret, slotText(claim, expires))}`;
}

/** The groomers a token names, or null when it is not the service's, is for another slot or duration, or expired. */
export function verifySlot(secret: string, token: string, claim: Omit<SlotClaim, 'userIds'>, now: number): string[] | null {
  const match = /^(\d{1,15})\.([0-9a-f~-]*)\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const expires = Number(match[1]);
  const userIds = match[2] ? match[2].split('~') : [];
  if (userIds.length === 0 || expires < now) return null;
  return sameText(mac(secret, slotText({ ...claim, userIds }, expires)), match[3] ?? '') ? userIds : null;
}

/** A signed challenge: `<public id>.<expiry ms>.<random>.<difficulty>.<mac>`. */
export function issueChallenge(secret: string, publicId: string, difficulty: number, now: number): { challenge: string; expires: number } {
  const expires = now + CHALLENGE_TTL_MS;
  const body = `${publicId}.${expires}.${randomBytes(12).toString('hex')}.${difficulty}`;
  return { challenge: `${body}.${mac(secret, body)}`, expires };
}

export type ChallengeCheck = { ok: true; hash: string; expires: number } | { ok: false; reason: 'forged' | 'expired' | 'unsolved' };

/**
 * The service's own challenge, for this store, not expired, and SHA-256(challenge + ':' + nonce) starting with its
 * difficulty's zero bits. `hash` (SHA-256 of the challenge) is what used_challenge keeps to accept it once.
 */
export function checkChallenge(secret: string, challenge: string, nonce: string, publicId: string, now: number): ChallengeCheck {
  const match = /^([a-z0-9]{16})\.(\d{1,15})\.([0-9a-f]{24})\.(\d{1,2})\.([A-Za-z0-9_-]{43})$/.exec(challenge);
  if (!match || match[1] !== publicId) return { ok: false, reason: 'forged' };
  const body = challenge.slice(0, challenge.lastIndexOf('.'));
  if (!sameText(mac(secret, body), match[5] ?? '')) return { ok: false, reason: 'forged' };
  const expires = Number(match[2]);
  if (expires < now) return { ok: false, reason: 'expired' };
  const work = createHash('sha256').update(`${challenge}:${nonce}`).digest();
  if (!meetsDifficulty(work, Number(match[4]))) return { ok: false, reason: 'unsolved' };
  return { ok: true, hash: createHash('sha256').update(challenge).digest('hex'), expires };
}

/** What the widget does: the first nonce (decimal counter) that meets the difficulty. */
export function solveChallenge(challenge: string, difficulty: number): string {
  for (let nonce = 0; ; nonce++) {
    const hash = createHash('sha256').update(`${challenge}:${nonce}`).digest();
    if (meetsDifficulty(hash, difficulty)) return String(nonce);
  }
}
