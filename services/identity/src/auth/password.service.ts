import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import {
  type RpcRequest,
  type RpcResponse,
  type changePasswordRpc,
  type requestPasswordResetRpc,
  type resetPasswordRpc,
} from '@pawline/contracts';
import { PawlineLogger, RpcError, SERVICE_CONFIG } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import type { AuthenticatedCaller } from '../common/session-guard';
import type { IdentityConfig } from '../identity.config';
import { MailDispatcher } from '../mail/mail-dispatcher.service';
import { passwordResetMail } from '../mail/mail-templates';
import { PersonUserEntity } from '../user/person-user.entity';
import { EmailTokenEntity } from './email-token.entity';
import { hashToken } from './opaque-token';
import { PasswordHasher } from './password-hasher';
import { assertNewPassword } from './password-policy';
import { SessionService } from './session.service';
import { queueTokenMail } from './token-mail';

/** Password reset tokens expire after 2 hours. */
export const RESET_TOKEN_TTL_MS = 2 * 60 * 60 * 1000;

/** Setting a new password: by a reset mail (R1.13) or, logged in, with the current one; either ends other sessions. */
@Injectable()
export class PasswordService implements OnModuleDestroy {
  /** Work started after an answer (the reset mail); awaited when the service stops. */
  private readonly background = new Set<Promise<void>>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionService,
    private readonly mails: MailDispatcher,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
    private readonly logger: PawlineLogger,
  ) {}

  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.background);
  }

  private inBackground(what: string, work: () => Promise<unknown>): void {
    const running: Promise<void> = work()
      .then(() => undefined)
      .catch((error: unknown) => this.logger.error(`${what} failed`, { err: error instanceof Error ? error.message : String(error) }))
      .finally(() => this.background.delete(running));
    this.background.add(running);
  }

  /**
   * R1.13 password reset, step 1. Answers the same whether or not the address is known, after the
   * same work (one lookup), so neither the answer nor its time reveals accounts (issue 11, ADR 0013).
   * For a known address the token and its mail are written and sent after the answer: earlier unused
   * reset tokens of the user stop working; the mail row is retried by the dispatcher's poll.
   */
  async requestPasswordReset(input: RpcRequest<typeof requestPasswordResetRpc>): Promise<RpcResponse<typeof requestPasswordResetRpc>> {
    const user = await this.dataSource
      .getRepository(PersonUserEntity)
      .createQueryBuilder('u')
      .where('lower(u.email) = lower(:email)', { email: input.email })
      .getOne();
    if (user && !user.deactivatedAt) this.inBackground('password reset mail', () => this.queueResetMail(user));
    return { requested: true };
  }

  private async queueResetMail(user: PersonUserEntity): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      // two requests at once leave one usable token
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`password-reset:${user.id}`]);
      const now = new Date();
      await manager.query(`UPDATE email_token SET used_at = now() WHERE user_id = $1 AND kind = 'reset' AND used_at IS NULL`, [user.id]);
      await queueTokenMail(manager, {
        user,
        kind: 'reset',
        now,
        ttlMs: RESET_TOKEN_TTL_MS,
        mailOf: passwordResetMail,
        publicUrl: this.config.PUBLIC_URL,
      });
    });
    await this.mails.dispatchPending();
  }

  /** R1.13 password reset, step 2: a single-use token sets the new password and ends every session. */
  async resetPassword(input: RpcRequest<typeof resetPasswordRpc>): Promise<RpcResponse<typeof resetPasswordRpc>> {
    assertNewPassword(input.password);
    const tokenHash = hashToken(input.token);
    const candidate = await this.dataSource.getRepository(EmailTokenEntity).findOneBy({ tokenHash, kind: 'reset' });
    if (!candidate || candidate.usedAt || candidate.expiresAt.getTime() <= Date.now()) throw new RpcError('token_invalid');
    const passwordHash = await this.hasher.hash(input.password);
    const done = await this.dataSource.transaction(async (manager) => {
      const used: { user_id: string }[] = await manager.query(
        `WITH used AS (
           UPDATE email_token SET used_at = now()
           WHERE token_hash = $1 AND kind = 'reset' AND used_at IS NULL AND expires_at > now()
           RETURNING user_id)
         SELECT user_id FROM used`,
        [tokenHash],
      );
      const userId = used[0]?.user_id;
      if (!userId) return false;
      // the mail reached its owner, so the address counts as confirmed
      await manager.query(
        `UPDATE person_user SET password_hash = $2, email_verified_at = coalesce(email_verified_at, now()), updated_at = now() WHERE id = $1`,
        [userId, passwordHash],
      );
      await this.sessions.revoke(manager, userId, { sessionIds: null }, { userId, deviceId: null });
      return true;
    });
    if (!done) throw new RpcError('token_invalid');
    return { reset: true };
  }

  /** Changes the password (current one required: wrong → server_112) and ends every other session. */
  async changePassword(
    caller: AuthenticatedCaller,
    input: RpcRequest<typeof changePasswordRpc>,
  ): Promise<RpcResponse<typeof changePasswordRpc>> {
    assertNewPassword(input.password);
    if (!(await this.hasher.verify(caller.user.passwordHash, input.current_password))) throw new RpcError('server_112');
    const passwordHash = await this.hasher.hash(input.password);
    await this.dataSource.transaction(async (manager) => {
      await manager.update(PersonUserEntity, { id: caller.user.id }, { passwordHash, updatedAt: new Date() });
      await this.sessions.revoke(
        manager,
        caller.user.id,
        { sessionIds: null, keep: caller.auth.sessionId },
        { userId: caller.user.id, deviceId: caller.auth.deviceId },
      );
    });
    return { changed: true };
  }
}
