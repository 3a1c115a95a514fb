import { Inject, Injectable } from '@nestjs/common';
import type { RpcRequest, RpcResponse, autologinLinkRpc, autologinRpc, changeEmailRpc, undoEmailChangeRpc } from '@pawline/contracts';
import { RpcError, SERVICE_CONFIG } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import type { AuthenticatedCaller } from '../common/session-guard';
import type { IdentityConfig } from '../identity.config';
import { MailDispatcher } from '../mail/mail-dispatcher.service';
import { uniqueViolationOf } from '../common/db-errors';
import { emailChangeMail, emailChangeNoticeMail } from '../mail/mail-templates';
import { OrgaUserEntity } from '../orga/orga-user.entity';
import { PERSON_USER_EMAIL_INDEX } from '../user/new-person-user';
import { PersonUserEntity } from '../user/person-user.entity';
import { VERIFY_TOKEN_TTL_MS } from './verification-mail';
import { AUTOLOGIN_TOKEN_TTL_MS, autologinUrl } from './autologin-link';
import { hashToken } from './opaque-token';
import { PasswordHasher } from './password-hasher';
import { SessionService, type SessionTokens } from './session.service';
import { insertEmailToken, queueTokenMail } from './token-mail';

/** The old address can take a change back for a week: long enough to notice a mail among others. */
export const UNDO_EMAIL_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Changing the e-mail address (R1.14) and the auto-login link of the QR code (R1.15, R2.04). */
@Injectable()
export class AccountService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sessions: SessionService,
    private readonly mails: MailDispatcher,
    private readonly hasher: PasswordHasher,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /**
   * R1.14: the new address is only pending; a verification link goes to it and the change takes
   * effect when rpc.identity.auth.verify-email consumes that token. A later request replaces an
   * earlier pending one. An address in use by any account (this one included) is server_101.
   * Issue 11: an access token alone is not enough (the current password is, wrong → server_112),
   * and the old address is told, with a link that undoes the change.
   */
  async changeEmail(caller: AuthenticatedCaller, input: RpcRequest<typeof changeEmailRpc>): Promise<RpcResponse<typeof changeEmailRpc>> {
    if (!(await this.hasher.verify(caller.user.passwordHash, input.current_password))) throw new RpcError('server_112');
    const email = input.email;
    const taken: unknown[] = await this.dataSource.query(`SELECT 1 FROM person_user WHERE lower(email) = lower($1)`, [email]);
    if (taken.length > 0) throw new RpcError('server_101');
    await this.dataSource.transaction(async (manager) => {
      const now = new Date();
      await manager.query(`UPDATE email_token SET used_at = now() WHERE user_id = $1 AND kind = 'email' AND used_at IS NULL`, [
        caller.user.id,
      ]);
      await queueTokenMail(manager, {
        user: caller.user,
        kind: 'email',
        newEmail: email,
        now,
        ttlMs: VERIFY_TOKEN_TTL_MS,
        mailOf: emailChangeMail,
        publicUrl: this.config.PUBLIC_URL,
      });
      await queueTokenMail(manager, {
        user: caller.user,
        kind: 'undo',
        newEmail: caller.user.email,
        to: caller.user.email,
        now,
        ttlMs: UNDO_EMAIL_TOKEN_TTL_MS,
        mailOf: emailChangeNoticeMail,
        publicUrl: this.config.PUBLIC_URL,
      });
      await manager.update(PersonUserEntity, { id: caller.user.id }, { pendingEmail: email, updatedAt: now });
    });
    await this.mails.dispatchPending();
    return { pending_email: email };
  }

  /**
   * The link mailed to the old address: restores it (confirmed, since the mail reached it), drops a
   * pending change and its link, and ends every session and auto-login link, since whoever changed
   * the address may hold them. An address another account took meanwhile is server_101.
   */
  async undoEmailChange(input: RpcRequest<typeof undoEmailChangeRpc>): Promise<RpcResponse<typeof undoEmailChangeRpc>> {
    let restored: string | null;
    try {
      restored = await this.dataSource.transaction(async (manager) => {
        const used: { user_id: string; new_email: string | null }[] = await manager.query(
          `WITH used AS (
             UPDATE email_token SET used_at = now()
             WHERE token_hash = $1 AND kind = 'undo' AND used_at IS NULL AND expires_at > now()
             RETURNING user_id, new_email)
           SELECT user_id, new_email FROM used`,
          [hashToken(input.token)],
        );
        const token = used[0];
        if (!token?.new_email) return null;
        await manager.query(`UPDATE email_token SET used_at = now() WHERE user_id = $1 AND kind = 'email' AND used_at IS NULL`, [
          token.user_id,
        ]);
        await manager.query(
          `UPDATE person_user SET email = $2::varchar, email_verified_at = coalesce(email_verified_at, now()), pending_email = NULL, updated_at = now()
            WHERE id = $1`,
          [token.user_id, token.new_email],
        );
        await this.sessions.revoke(manager, token.user_id, { sessionIds: null }, { userId: token.user_id, deviceId: null });
        return token.new_email;
      });
    } catch (error) {
      if (uniqueViolationOf(error) === PERSON_USER_EMAIL_INDEX) throw new RpcError('server_101');
      throw error;
    }
    if (!restored) throw new RpcError('token_invalid');
    return { undone: true, email: restored };
  }

  /** R1.15: a one-time token (10 minutes) in `/autologin?u=&p=`; a new link retires the previous one. */
  async autologinLink(caller: AuthenticatedCaller): Promise<RpcResponse<typeof autologinLinkRpc>> {
    const now = new Date();
    const expiresAt = new Date(now.getTime() + AUTOLOGIN_TOKEN_TTL_MS);
    const token = await this.dataSource.transaction(async (manager) => {
      await manager.query(`UPDATE email_token SET used_at = now() WHERE user_id = $1 AND kind = 'autologin' AND used_at IS NULL`, [
        caller.user.id,
      ]);
      return insertEmailToken(manager, { userId: caller.user.id, kind: 'autologin', now, ttlMs: AUTOLOGIN_TOKEN_TTL_MS });
    });
    return { url: autologinUrl(this.config.PUBLIC_URL, caller.user.username, token), expires_at: expiresAt.toISOString() };
  }

  /**
   * R2.04: signs in with the decoded u (username) and p (token) of the link; the token must belong
   * to that user, be unused and unexpired, and is spent by this call. A deactivated user is refused
   * like at login (server_1010).
   */
  async autologin(input: RpcRequest<typeof autologinRpc>): Promise<SessionTokens> {
    const user = await this.dataSource.getRepository(PersonUserEntity).findOneBy({ username: input.u });
    if (!user) throw new RpcError('token_invalid');
    if (user.deactivatedAt || (await this.deactivatedEverywhere(user.id))) throw new RpcError('server_1010');
    const tokens = await this.dataSource.transaction(async (manager) => {
      const used: { user_id: string }[] = await manager.query(
        `WITH used AS (
           UPDATE email_token SET used_at = now()
           WHERE token_hash = $1 AND kind = 'autologin' AND user_id = $2 AND used_at IS NULL AND expires_at > now()
           RETURNING user_id)
         SELECT user_id FROM used`,
        [hashToken(input.p), user.id],
      );
      if (used.length === 0) return null;
      return this.sessions.open(manager, user.id, input.device_id ?? null);
    });
    if (!tokens) throw new RpcError('token_invalid');
    return tokens;
  }

  private async deactivatedEverywhere(userId: string): Promise<boolean> {
    const memberships = await this.dataSource.getRepository(OrgaUserEntity).findBy({ userId });
    return memberships.length > 0 && memberships.every((m) => !m.active);
  }
}
