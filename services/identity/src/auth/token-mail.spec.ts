import type { EntityManager } from 'typeorm';
import { emailChangeMail, passwordResetMail } from '../mail/mail-templates';
import { OutgoingMailEntity } from '../mail/outgoing-mail.entity';
import { EmailTokenEntity } from './email-token.entity';
import { hashToken } from './opaque-token';
import { insertEmailToken, queueTokenMail } from './token-mail';

/** Records what a transaction would insert, in order. */
function recordingManager() {
  const inserts: { entity: unknown; row: Record<string, unknown> }[] = [];
  const manager = {
    insert: (entity: unknown, row: Record<string, unknown>) => {
      inserts.push({ entity, row });
      return Promise.resolve();
    },
  } as unknown as EntityManager;
  return { manager, inserts };
}

const user = { id: 'a7f1c9a4-1f0e-4c8e-9e43-2d9a0c1b7e55', email: 'anna@example.it', firstName: 'Anna', language: 'it' };
const now = new Date('2026-03-01T10:00:00.000Z');

describe('token mails', () => {
  it('stores only the hash of a new token, with its kind and expiry, and returns the token', async () => {
    const { manager, inserts } = recordingManager();
    const token = await insertEmailToken(manager, { userId: user.id, kind: 'autologin', now, ttlMs: 600_000 });
    expect(inserts).toHaveLength(1);
    expect(inserts[0]?.entity).toBe(EmailTokenEntity);
    expect(inserts[0]?.row).toMatchObject({
      userId: user.id,
      kind: 'autologin',
      tokenHash: hashToken(token),
      newEmail: null,
      createdAt: now,
      usedAt: null,
    });
    expect(inserts[0]?.row['expiresAt']).toEqual(new Date('2026-03-01T10:10:00.000Z'));
    expect(JSON.stringify(inserts[0]?.row)).not.toContain(token);
  });

  it('R1.13 queues the mail with the token to the account address', async () => {
    const { manager, inserts } = recordingManager();
    await queueTokenMail(manager, {
      user,
      kind: 'reset',
      now,
      ttlMs: 7_200_000,
      mailOf: passwordResetMail,
      publicUrl: 'http://pawline.test',
    });
    expect(inserts.map((insert) => insert.entity)).toEqual([EmailTokenEntity, OutgoingMailEntity]);
    const mail = inserts[1]?.row ?? {};
    expect(mail).toMatchObject({ to: 'anna@example.it', createdAt: now, sentAt: null, attempts: 0, lastError: null });
    // the mail carries the very token whose hash was stored
    const token = /token=([\w-]+)/.exec(String(mail['text']))?.[1] ?? '';
    expect(hashToken(token)).toBe(inserts[0]?.row['tokenHash']);
    expect(inserts[0]?.row['expiresAt']).toEqual(new Date('2026-03-01T12:00:00.000Z'));
  });

  it('R1.14 mails an address change to the new address the token confirms', async () => {
    const { manager, inserts } = recordingManager();
    await queueTokenMail(manager, {
      user,
      kind: 'email',
      newEmail: 'anna.new@example.it',
      now,
      ttlMs: 1000,
      mailOf: emailChangeMail,
      publicUrl: 'http://pawline.test',
    });
    expect(inserts[0]?.row).toMatchObject({ kind: 'email', newEmail: 'anna.new@example.it' });
    expect(inserts[1]?.row).toMatchObject({ to: 'anna.new@example.it' });
  });
});
