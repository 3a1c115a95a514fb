import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import {
  emailVerifiedEvent,
  type RpcRequest,
  type RpcResponse,
  type resendVerificationRpc,
  type verifyEmailCodeRpc,
  type verifyEmailRpc,
} from '@pawline/contracts';
import { OutboxService, PawlineLogger, RpcError, SERVICE_CONFIG, type RpcCallContext } from '@pawline/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { uniqueViolationOf } from '../common/db-errors';
import type { IdentityConfig } from '../identity.config';
import { MailDispatcher } from '../mail/mail-dispatcher.service';
import { PERSON_USER_EMAIL_INDEX } from '../user/new-person-user';
import { PersonUserEntity } from '../user/person-user.entity';
import { hashToken } from './opaque-token';
import { SessionService, type SessionTokens } from './session.service';
import { CODE_VERDICT_TEXT, judgeVerificationCode, mayResendVerification } from './verification-code';
import { queueVerificationMail } from './verification-mail';

type UsedToken = { user_id: string; kind: string; new_email: string | null };

/** Confirming an address: by the mail's link or its short code (R1.13, issue 29), and the mail again on request. */
@Injectable()
export class EmailVerificationService implements OnModuleDestroy {
  /** Mails asked for again, written after the answer so its time tells nothing; awaited when the service stops. */
  private readonly background = new Set<Promise<void>>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
    private readonly sessions: SessionService,
    private readonly mails: MailDispatcher,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
    private readonly logger: PawlineLogger,
  ) {}

  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.background);
  }

  /**
   * R1.13: e-mail validation by token (the link carries the same token); single use, 48 h.
   * R1.14: the same link confirms a changed address (kind 'email'): only now does it replace the
   * old one; an address another account took meanwhile is server_101 and the token stays unused.
   * Issue 29: confirming the registration address opens a session, so the link signs in.
   */
  async verifyEmail(input: RpcRequest<typeof verifyEmailRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof verifyEmailRpc>> {
    let outcome: { session: SessionTokens | null } | null;
    try {
      outcome = await this.dataSource.transaction(async (manager) => {
        const used: UsedToken[] = await manager.query(
          // a WITH … SELECT, so TypeORM hands back plain rows (for UPDATE it returns [rows, count])
          `WITH used AS (
             UPDATE email_token SET used_at = now()
             WHERE token_hash = $1 AND kind IN ('verify', 'email') AND used_at IS NULL AND expires_at > now()
             RETURNING user_id, kind, new_email)
           SELECT user_id, kind, new_email FROM used`,
          [hashToken(input.token)],
        );
        const token = used[0];
        if (!token) return null;
        if (token.kind === 'email' && token.new_email) {
          return (await this.confirm(manager, token.user_id, token.new_email, ctx)) ? { session: null } : null;
        }
        if (!(await this.confirm(manager, token.user_id, null, ctx))) return null;
        return { session: await this.signIn(manager, token.user_id, input.device_id ?? null) };
      });
    } catch (error) {
      if (uniqueViolationOf(error) === PERSON_USER_EMAIL_INDEX) throw new RpcError('server_101');
      throw error;
    }
    if (!outcome) throw new RpcError('token_invalid');
    return outcome.session ? { verified: true, session: outcome.session } : { verified: true };
  }

  /**
   * Issue 29: the six digits of the verification mail. Each try is counted before it is judged, in
   * one statement, so tries sent in parallel cannot pass the five; an unknown address answers like
   * a wrong code.
   */
  async verifyCode(input: RpcRequest<typeof verifyEmailCodeRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof verifyEmailCodeRpc>> {
    const verdict = await this.dataSource.transaction(async (manager) => {
      const rows: { id: string; user_id: string; token_hash: string; expires_at: Date; attempts: number }[] = await manager.query(
        `WITH current AS (
           SELECT t.id FROM email_token t JOIN person_user u ON u.id = t.user_id
           WHERE lower(u.email) = lower($1) AND u.email_verified_at IS NULL AND t.kind = 'code' AND t.used_at IS NULL
           ORDER BY t.created_at DESC LIMIT 1),
         counted AS (
           UPDATE email_token SET attempts = attempts + 1 WHERE id = (SELECT id FROM current) AND used_at IS NULL
           RETURNING id, user_id, token_hash, expires_at, attempts)
         SELECT id, user_id, token_hash, expires_at, attempts FROM counted`,
        [input.email],
      );
      const row = rows[0];
      const stored = row ? { codeHash: row.token_hash, expiresAt: new Date(row.expires_at), usedAt: null } : null;
      const judged = judgeVerificationCode(stored, row?.user_id ?? '', input.code, row?.attempts ?? 0, new Date());
      if (judged !== 'accepted' || !row) return { judged } as const;
      await manager.query(`UPDATE email_token SET used_at = now() WHERE id = $1`, [row.id]);
      if (!(await this.confirm(manager, row.user_id, null, ctx))) return { judged: 'wrong' } as const;
      return { judged, session: await this.signIn(manager, row.user_id, input.device_id ?? null) } as const;
    });
    if (verdict.judged !== 'accepted') throw new RpcError('token_invalid', { fields: { code: CODE_VERDICT_TEXT[verdict.judged] } });
    // confirmed, but a deactivated account does not sign in (R8.05)
    if (!verdict.session) throw new RpcError('server_1010');
    return { verified: true, session: verdict.session };
  }

  /**
   * Issue 29: the verification mail again, for a login refused as not confirmed. The answer is the
   * same for any name; the mail goes only to an unconfirmed, active account, at most once a minute.
   */
  resend(input: RpcRequest<typeof resendVerificationRpc>): RpcResponse<typeof resendVerificationRpc> {
    this.inBackground(() => this.resendTo(input.username));
    return { sent: true };
  }

  private async resendTo(name: string): Promise<void> {
    const users = this.dataSource.getRepository(PersonUserEntity);
    const user = name.includes('@')
      ? await users.createQueryBuilder('u').where('lower(u.email) = lower(:name)', { name }).getOne()
      : await users.findOneBy({ username: name });
    if (!user || user.emailVerifiedAt || user.deactivatedAt) return;
    const queued = await this.dataSource.transaction(async (manager) => {
      // two requests at once send one mail
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`verification-mail:${user.id}`]);
      const last: { created_at: Date | null }[] = await manager.query(
        `SELECT max(created_at) AS created_at FROM email_token WHERE user_id = $1 AND kind = 'verify'`,
        [user.id],
      );
      const now = new Date();
      const lastSent = last[0]?.created_at ? new Date(last[0].created_at) : null;
      if (!mayResendVerification(lastSent, now)) return false;
      await queueVerificationMail(manager, user, now, this.config.PUBLIC_URL);
      return true;
    });
    if (queued) await this.mails.dispatchPending();
  }

  private inBackground(work: () => Promise<void>): void {
    const running: Promise<void> = work()
      .catch((error: unknown) =>
        this.logger.error('verification mail failed', { err: error instanceof Error ? error.message : String(error) }),
      )
      .finally(() => this.background.delete(running));
    this.background.add(running);
  }

  /** Marks the address confirmed (a changed one replaces the old) and announces it; false if the user is gone. */
  private async confirm(manager: EntityManager, userId: string, newEmail: string | null, ctx: RpcCallContext): Promise<boolean> {
    const rows: { email: string; email_verified_at: Date }[] = newEmail
      ? await manager.query(
          `WITH verified AS (
             UPDATE person_user SET email = $2::varchar, email_verified_at = now(),
               pending_email = CASE WHEN lower(pending_email) = lower($2::varchar) THEN NULL ELSE pending_email END, updated_at = now()
             WHERE id = $1 RETURNING email, email_verified_at)
           SELECT email, email_verified_at FROM verified`,
          [userId, newEmail],
        )
      : await manager.query(
          `WITH verified AS (
             UPDATE person_user SET email_verified_at = coalesce(email_verified_at, now()), updated_at = now()
             WHERE id = $1 RETURNING email, email_verified_at)
           SELECT email, email_verified_at FROM verified`,
          [userId],
        );
    const row = rows[0];
    if (!row) return false;
    if (!newEmail) {
      // the link and the code of the same mail confirm once: whichever came first retires the other
      await manager.query(`UPDATE email_token SET used_at = now() WHERE user_id = $1 AND kind IN ('verify', 'code') AND used_at IS NULL`, [
        userId,
      ]);
    }
    await this.outbox.add(
      manager,
      emailVerifiedEvent,
      { user_id: userId, email: row.email, verified_at: new Date(row.email_verified_at).toISOString() },
      { orgaId: null, storeId: null, actor: { userId, deviceId: ctx.auth?.deviceId ?? null } },
    );
    return true;
  }

  /** A session for the person who just confirmed, unless their account is deactivated (then they log in later and learn why). */
  private async signIn(manager: EntityManager, userId: string, deviceId: string | null): Promise<SessionTokens | null> {
    const user = await manager.getRepository(PersonUserEntity).findOneBy({ id: userId });
    if (!user || user.deactivatedAt) return null;
    return this.sessions.open(manager, userId, deviceId);
  }
}
