import { randomUUID } from 'node:crypto';
import type { IdentityLanguage } from '@pawline/contracts';
import type { EntityManager } from 'typeorm';
import { verificationMail } from '../mail/mail-templates';
import { OutgoingMailEntity } from '../mail/outgoing-mail.entity';
import type { PersonUserEntity } from '../user/person-user.entity';
import { EmailTokenEntity } from './email-token.entity';
import { insertEmailToken } from './token-mail';
import { newVerificationCode, VERIFICATION_CODE_TTL_MS, verificationCodeHash } from './verification-code';

/** Verification links expire after 48 hours (the code of the same mail after 15 minutes). */
export const VERIFY_TOKEN_TTL_MS = 48 * 60 * 60 * 1000;

type Recipient = Pick<PersonUserEntity, 'id' | 'email' | 'firstName' | 'language'>;

/**
 * R1.13, issue 29: a verification mail with a link (48 h) and a six-digit code (15 minutes, five
 * tries), in the caller's transaction. Earlier links and codes of the account stop working, so
 * only the newest mail counts.
 */
export async function queueVerificationMail(manager: EntityManager, user: Recipient, now: Date, publicUrl: string): Promise<void> {
  await manager.query(`UPDATE email_token SET used_at = $2 WHERE user_id = $1 AND kind IN ('verify', 'code') AND used_at IS NULL`, [
    user.id,
    now,
  ]);
  const token = await insertEmailToken(manager, { userId: user.id, kind: 'verify', now, ttlMs: VERIFY_TOKEN_TTL_MS });
  const code = newVerificationCode();
  await manager.insert(EmailTokenEntity, {
    id: randomUUID(),
    userId: user.id,
    kind: 'code',
    tokenHash: verificationCodeHash(user.id, code),
    newEmail: null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + VERIFICATION_CODE_TTL_MS),
    usedAt: null,
    attempts: 0,
  });
  const mail = verificationMail({
    to: user.email,
    firstName: user.firstName,
    language: user.language as IdentityLanguage,
    publicUrl,
    token,
    code,
  });
  await manager.insert(OutgoingMailEntity, { id: randomUUID(), ...mail, createdAt: now, sentAt: null, attempts: 0, lastError: null });
}
