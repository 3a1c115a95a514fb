import { randomUUID } from 'node:crypto';
import type { IdentityLanguage } from '@pawline/contracts';
import type { EntityManager } from 'typeorm';
import type { OutgoingMail } from '../mail/mail-sender';
import type { LinkMailInput } from '../mail/mail-templates';
import { OutgoingMailEntity } from '../mail/outgoing-mail.entity';
import type { PersonUserEntity } from '../user/person-user.entity';
import { EmailTokenEntity, type EmailTokenKind } from './email-token.entity';
import { hashToken, newEmailToken } from './opaque-token';

export type EmailTokenInput = {
  userId: string;
  kind: EmailTokenKind;
  now: Date;
  ttlMs: number;
  /** Kind 'email': the address the token confirms (R1.14); kind 'undo': the address it restores. */
  newEmail?: string | null;
};

/** A new single-use token stored as its hash; returns the token itself, which only its link or mail carries. */
export async function insertEmailToken(
  manager: EntityManager,
  { userId, kind, now, ttlMs, newEmail = null }: EmailTokenInput,
): Promise<string> {
  const token = newEmailToken();
  await manager.insert(EmailTokenEntity, {
    id: randomUUID(),
    userId,
    kind,
    tokenHash: hashToken(token),
    newEmail,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlMs),
    usedAt: null,
  });
  return token;
}

/** The mail templates that carry a token: verificationMail, passwordResetMail, emailChangeMail. */
export type TokenMailOf = (input: LinkMailInput) => OutgoingMail;

export type TokenMailInput = Omit<EmailTokenInput, 'userId'> & {
  user: Pick<PersonUserEntity, 'id' | 'email' | 'firstName' | 'language'>;
  mailOf: TokenMailOf;
  /** Where the mail goes when not to the address the token is about (the old address, for 'undo'). */
  to?: string;
  publicUrl: string;
};

/**
 * R1.13 R1.14: a new single-use token of `kind` for the user and the mail that carries it, both
 * inserted in the caller's transaction so the mail goes out only if the change commits (the
 * caller runs MailDispatcher.dispatchPending after the commit). The mail goes to the user's
 * address, or for an address change to the new one it confirms.
 */
export async function queueTokenMail(manager: EntityManager, { user, mailOf, publicUrl, to, ...token }: TokenMailInput): Promise<void> {
  const secret = await insertEmailToken(manager, { ...token, userId: user.id });
  const mail = mailOf({
    to: to ?? token.newEmail ?? user.email,
    firstName: user.firstName,
    language: user.language as IdentityLanguage,
    publicUrl,
    token: secret,
  });
  await manager.insert(OutgoingMailEntity, { id: randomUUID(), ...mail, createdAt: token.now, sentAt: null, attempts: 0, lastError: null });
}
