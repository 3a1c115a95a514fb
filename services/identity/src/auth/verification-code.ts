import { randomInt, timingSafeEqual } from 'node:crypto';
import { hashToken } from './opaque-token';

/** Issue 29: the short code of the verification mail lasts 15 minutes… */
export const VERIFICATION_CODE_TTL_MS = 15 * 60 * 1000;
/** …and takes five tries; after that only a new code (a new mail) helps. */
export const VERIFICATION_CODE_MAX_TRIES = 5;
/** A new verification mail at most once a minute per account, whoever asks and from wherever. */
export const VERIFICATION_RESEND_INTERVAL_MS = 60 * 1000;

/** Six digits, leading zeros kept: easy to read on a phone and to type on another screen. */
export function newVerificationCode(draw: (max: number) => number = randomInt): string {
  return String(draw(1_000_000)).padStart(6, '0');
}

/**
 * The stored form: a hash bound to the account, so the same six digits of two people never
 * collide in the unique token index and a stolen table does not name codes without the user id.
 */
export function verificationCodeHash(userId: string, code: string): string {
  return hashToken(`code:${userId}:${code}`);
}

export type StoredCode = { codeHash: string; expiresAt: Date; usedAt: Date | null };

export type CodeVerdict = 'accepted' | 'wrong' | 'expired' | 'exhausted';

/**
 * What typing `code` achieves against the account's current code. `tries` counts this try too
 * (the caller counts it in the database first, so tries in parallel cannot pass the limit).
 * An exhausted code stays exhausted even when the right digits arrive.
 */
export function judgeVerificationCode(stored: StoredCode | null, userId: string, code: string, tries: number, now: Date): CodeVerdict {
  if (!stored || stored.usedAt) return 'wrong';
  if (tries > VERIFICATION_CODE_MAX_TRIES) return 'exhausted';
  if (stored.expiresAt.getTime() <= now.getTime()) return 'expired';
  const typed = Buffer.from(verificationCodeHash(userId, code.trim()), 'hex');
  const expected = Buffer.from(stored.codeHash, 'hex');
  return typed.length === expected.length && timingSafeEqual(typed, expected) ? 'accepted' : 'wrong';
}

/** The libs/i18n key the confirmation screen shows for a refused code. */
export const CODE_VERDICT_TEXT: Record<Exclude<CodeVerdict, 'accepted'>, string> = {
  wrong: 'validation.verificationCodeWrong',
  expired: 'validation.verificationCodeExpired',
  exhausted: 'validation.verificationCodeExhausted',
};

/** Whether a new verification mail may go out, given when the last one did (null: never). */
export function mayResendVerification(lastSentAt: Date | null, now: Date): boolean {
  return lastSentAt === null || now.getTime() - lastSentAt.getTime() >= VERIFICATION_RESEND_INTERVAL_MS;
}
