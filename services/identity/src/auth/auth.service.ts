import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import {
  emailVerifiedEvent,
  memberChangedEvent,
  orgaCreatedEvent,
  storeCreatedEvent,
  userRegisteredEvent,
  type RpcRequest,
  type RpcResponse,
  type changePasswordRpc,
  type loginRpc,
  type logoutRpc,
  type refreshSessionRpc,
  type registerUserRpc,
  type requestPasswordResetRpc,
  type resetPasswordRpc,
  type verifyEmailRpc,
} from '@pawline/contracts';
import { USERNAME_ERROR_DE, usernameBase } from '@pawline/domain';
import { OutboxService, PawlineLogger, RpcError, SERVICE_CONFIG, type RpcCallContext } from '@pawline/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { uniqueViolationOf } from '../common/db-errors';
import type { AuthenticatedCaller } from '../common/session-guard';
import type { IdentityConfig } from '../identity.config';
import { MailDispatcher } from '../mail/mail-dispatcher.service';
import { passwordResetMail, verificationMail } from '../mail/mail-templates';
import { RANK } from '../orga/member-access';
import { OrgaUserEntity } from '../orga/orga-user.entity';
import { OrganizationEntity } from '../orga/organization.entity';
import { PromoCodeEntity } from '../orga/promo-code.entity';
import { StoreEntity } from '../orga/store.entity';
import { defaultTimeZone } from '../orga/time-zone';
import { isPromoCodeUsable, trialEndsAt } from '../orga/trial';
import { PERSON_USER_EMAIL_INDEX, freeUsername, newPersonUser, retryingUsername } from '../user/new-person-user';
import { PersonUserEntity } from '../user/person-user.entity';
import { EmailTokenEntity } from './email-token.entity';
import { hashToken, sessionIdOf } from './opaque-token';
import { PasswordHasher } from './password-hasher';
import { assertNewPassword } from './password-policy';
import { RefreshTokenEntity } from './refresh-token.entity';
import { SessionEntity } from './session.entity';
import { REFRESH_REUSE_GRACE_MS, SessionService, type Actor, type SessionTokens } from './session.service';
import { queueTokenMail } from './token-mail';

/** Verification tokens expire after 48 hours. */
export const VERIFY_TOKEN_TTL_MS = 48 * 60 * 60 * 1000;
/** Password reset tokens expire after 2 hours. */
export const RESET_TOKEN_TTL_MS = 2 * 60 * 60 * 1000;

@Injectable()
export class AuthService implements OnModuleDestroy {
  /** Work started after an answer (the reset mail); awaited when the service stops. */
  private readonly background = new Set<Promise<void>>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
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
   * Registration (R1.01, R1.02, R1.13, R5.04, R5.17): organization (tier 0, trial from created_at
   * plus promo days), its first store, the user, the owner membership and a verification mail,
   * all in one transaction with the events.
   */
  async register(input: RpcRequest<typeof registerUserRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof registerUserRpc>> {
    assertNewPassword(input.password);
    if (!input.accept_terms || !input.accept_privacy) throw new RpcError('terms_not_accepted');
    if (await this.emailTaken(input.email)) throw new RpcError('server_101');
    const promo = input.promo_code ? await this.usablePromoCode(input.promo_code) : null;
    // spec §5 / R5.17: the rule lives in libs/domain; no error code of its own yet, so 'conflict' carries the text
    const base = usernameBase(input.first_name, input.last_name);
    if (base === '') throw new RpcError('conflict', { params: { message: USERNAME_ERROR_DE } });
    const passwordHash = await this.hasher.hash(input.password);

    return retryingUsername(async () => {
      const result = await this.dataSource.transaction((manager) => this.createAccount(manager, input, passwordHash, base, promo, ctx));
      await this.mails.dispatchPending();
      return result;
    });
  }

  private async createAccount(
    manager: EntityManager,
    input: RpcRequest<typeof registerUserRpc>,
    passwordHash: string,
    usernameStem: string,
    promo: PromoCodeEntity | null,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof registerUserRpc>> {
    const username = await freeUsername(manager, usernameStem);

    const now = new Date();
    const orga = manager.create(OrganizationEntity, {
      id: randomUUID(),
      name: input.organization_name,
      address: null,
      city: null,
      zipCode: null,
      country: input.country,
      addressFromOwner: true,
      tier: 0,
      createdAt: now,
      subscribedSince: null,
      subscribedUntil: trialEndsAt(now, promo?.extraTrialDays ?? 0),
      sharePets: false,
      adminNotification: null,
      promoCode: promo?.code ?? null,
    });
    const store = manager.create(StoreEntity, {
      id: randomUUID(),
      orgaId: orga.id,
      name: input.organization_name,
      address: null,
      city: null,
      zipCode: null,
      country: input.country,
      addressFromOrga: true,
      phone: null,
      timeZone: defaultTimeZone(input.country),
      createdAt: now,
    });
    const user = newPersonUser(
      manager,
      {
        email: input.email,
        username,
        passwordHash,
        firstName: input.first_name,
        lastName: input.last_name,
        language: input.language,
        emailVerifiedAt: null,
      },
      now,
    );
    const membership = manager.create(OrgaUserEntity, {
      id: randomUUID(),
      orgaId: orga.id,
      userId: user.id,
      rank: RANK.owner,
      employeeStatus: 1,
      colorScheme: '#4c61b4:#6d81d0',
      active: true,
      createdAt: now,
    });
    await manager.insert(OrganizationEntity, orga);
    await manager.insert(StoreEntity, store);
    await manager.insert(PersonUserEntity, user);
    await manager.insert(OrgaUserEntity, membership);
    await queueTokenMail(manager, {
      user,
      kind: 'verify',
      now,
      ttlMs: VERIFY_TOKEN_TTL_MS,
      mailOf: verificationMail,
      publicUrl: this.config.PUBLIC_URL,
    });

    const meta = { orgaId: orga.id, storeId: null, actor: { userId: user.id, deviceId: ctx.auth?.deviceId ?? null } };
    await this.outbox.add(
      manager,
      orgaCreatedEvent,
      {
        orga_id: orga.id,
        owner_user_id: user.id,
        name: orga.name,
        country: orga.country,
        tier: orga.tier,
        created_at: now.toISOString(),
        trial_ends_at: (orga.subscribedUntil as Date).toISOString(),
      },
      meta,
    );
    await this.outbox.add(
      manager,
      storeCreatedEvent,
      { orga_id: orga.id, store_id: store.id, name: store.name, time_zone: store.timeZone },
      { ...meta, storeId: store.id },
    );
    await this.outbox.add(
      manager,
      userRegisteredEvent,
      {
        user_id: user.id,
        orga_id: orga.id,
        store_id: store.id,
        email: user.email,
        language: user.language,
        promo_code: orga.promoCode,
      },
      meta,
    );
    await this.outbox.add(
      manager,
      memberChangedEvent,
      { orga_id: orga.id, user_id: user.id, orga_user_id: membership.id, change: 'added' },
      meta,
    );
    return { user_id: user.id, orga_id: orga.id };
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

  private async emailTaken(email: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(`SELECT 1 FROM person_user WHERE lower(email) = lower($1)`, [email]);
    return rows.length > 0;
  }

  /** R1.13: an unknown or expired code is refused, not ignored. Codes compare without case. */
  private async usablePromoCode(code: string): Promise<PromoCodeEntity> {
    const promo = await this.dataSource
      .getRepository(PromoCodeEntity)
      .createQueryBuilder('p')
      .where('upper(p.code) = upper(:code)', { code })
      .getOne();
    if (!promo || !isPromoCodeUsable(promo, new Date())) throw new RpcError('promo_code_invalid');
    return promo;
  }

  /**
   * R1.13: e-mail validation by token (the link carries the same token); single use, 48 h.
   * R1.14: the same link confirms a changed address (kind 'email'): only now does it replace the
   * old one; an address another account took meanwhile is server_101 and the token stays unused.
   */
  async verifyEmail(input: RpcRequest<typeof verifyEmailRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof verifyEmailRpc>> {
    let verified: boolean;
    try {
      verified = await this.dataSource.transaction(async (manager) => {
        const used: { user_id: string; kind: string; new_email: string | null }[] = await manager.query(
          // a WITH … SELECT, so TypeORM hands back plain rows (for UPDATE it returns [rows, count])
          `WITH used AS (
             UPDATE email_token SET used_at = now()
             WHERE token_hash = $1 AND kind IN ('verify', 'email') AND used_at IS NULL AND expires_at > now()
             RETURNING user_id, kind, new_email)
           SELECT user_id, kind, new_email FROM used`,
          [hashToken(input.token)],
        );
        const token = used[0];
        if (!token) return false;
        const userId = token.user_id;
        const rows: { email: string; email_verified_at: Date }[] =
          token.kind === 'email' && token.new_email
            ? await manager.query(
                `WITH verified AS (
                   UPDATE person_user SET email = $2::varchar, email_verified_at = now(),
                     pending_email = CASE WHEN lower(pending_email) = lower($2::varchar) THEN NULL ELSE pending_email END, updated_at = now()
                   WHERE id = $1 RETURNING email, email_verified_at)
                 SELECT email, email_verified_at FROM verified`,
                [userId, token.new_email],
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
        await this.outbox.add(
          manager,
          emailVerifiedEvent,
          { user_id: userId, email: row.email, verified_at: new Date(row.email_verified_at).toISOString() },
          { orgaId: null, storeId: null, actor: { userId, deviceId: ctx.auth?.deviceId ?? null } },
        );
        return true;
      });
    } catch (error) {
      if (uniqueViolationOf(error) === PERSON_USER_EMAIL_INDEX) throw new RpcError('server_101');
      throw error;
    }
    if (!verified) throw new RpcError('token_invalid');
    return { verified: true };
  }

  /** Login by username (exact) or e-mail (any case). R8.01, R8.03, R8.05. */
  async login(input: RpcRequest<typeof loginRpc>): Promise<SessionTokens> {
    const users = this.dataSource.getRepository(PersonUserEntity);
    const user = input.username.includes('@')
      ? await users.createQueryBuilder('u').where('lower(u.email) = lower(:name)', { name: input.username }).getOne()
      : await users.findOneBy({ username: input.username });
    if (!user) {
      await this.hasher.burn(input.password);
      throw new RpcError('server_112');
    }
    if (!(await this.hasher.verify(user.passwordHash, input.password))) throw new RpcError('server_112');
    if (!user.emailVerifiedAt) throw new RpcError('server_701');
    if (user.deactivatedAt || (await this.deactivatedEverywhere(user.id))) throw new RpcError('server_1010');
    return this.dataSource.transaction((manager) => this.sessions.open(manager, user.id, input.device_id ?? null));
  }

  /** A member whose every membership is deactivated cannot log in (R8.05). */
  private async deactivatedEverywhere(userId: string): Promise<boolean> {
    const memberships = await this.dataSource.getRepository(OrgaUserEntity).findBy({ userId });
    return memberships.length > 0 && memberships.every((m) => !m.active);
  }

  /**
   * Rotation: each refresh token works once. Presenting a used one means it was copied: the whole
   * session chain is revoked (and announced) and the caller gets session_expired. Except the token
   * rotated in the last REFRESH_REUSE_GRACE_MS whose successor is still unused: that is two tabs
   * racing with one cookie (issue 11), answered with the same successor.
   */
  async refresh(input: RpcRequest<typeof refreshSessionRpc>): Promise<SessionTokens> {
    if (!sessionIdOf(input.refresh_token)) throw new RpcError('session_expired');
    const outcome = await this.dataSource.transaction(async (manager): Promise<SessionTokens | 'expired' | 'deactivated'> => {
      const token = await manager
        .getRepository(RefreshTokenEntity)
        .createQueryBuilder('t')
        .where('t.token_hash = :hash', { hash: hashToken(input.refresh_token) })
        .setLock('pessimistic_write')
        .getOne();
      if (!token) return 'expired';
      const session = await manager.getRepository(SessionEntity).findOneBy({ id: token.sessionId });
      if (!session || session.revokedAt) return 'expired';
      const now = new Date();
      const retried = token.usedAt !== null && !token.revokedAt && now.getTime() - token.usedAt.getTime() <= REFRESH_REUSE_GRACE_MS;
      if (retried) {
        const user = await manager.getRepository(PersonUserEntity).findOneBy({ id: session.userId });
        if (!user || user.deactivatedAt) return 'deactivated';
        const again = await this.sessions.reissue(manager, session, input.refresh_token, now);
        if (again) return again;
      }
      if (token.usedAt || token.revokedAt) {
        await this.sessions.revoke(
          manager,
          session.userId,
          { sessionIds: [session.id] },
          { userId: session.userId, deviceId: session.deviceId },
          now,
        );
        return 'expired';
      }
      if (token.expiresAt.getTime() <= now.getTime()) return 'expired';
      const user = await manager.getRepository(PersonUserEntity).findOneBy({ id: session.userId });
      if (!user || user.deactivatedAt) return 'deactivated';
      await manager.update(RefreshTokenEntity, { id: token.id }, { usedAt: now });
      await manager.update(SessionEntity, { id: session.id }, { lastUsedAt: now });
      return this.sessions.issue(manager, session, now, input.refresh_token);
    });
    if (outcome === 'expired') throw new RpcError('session_expired');
    if (outcome === 'deactivated') throw new RpcError('server_1010');
    return outcome;
  }

  /** Ends the session of the given refresh token; unknown tokens are accepted so logout always succeeds. */
  async logout(input: RpcRequest<typeof logoutRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof logoutRpc>> {
    await this.dataSource.transaction(async (manager) => {
      const token = await manager.getRepository(RefreshTokenEntity).findOneBy({ tokenHash: hashToken(input.refresh_token) });
      if (!token) return;
      const session = await manager.getRepository(SessionEntity).findOneBy({ id: token.sessionId });
      if (!session) return;
      await this.sessions.revoke(manager, session.userId, { sessionIds: [session.id] }, actorOf(ctx, session.userId));
    });
    return { logged_out: true };
  }

  /** R1.14: logging out of all devices. */
  async logoutAll(caller: AuthenticatedCaller): Promise<{ revoked_sessions: number }> {
    const revoked = await this.dataSource.transaction((manager) =>
      this.sessions.revoke(manager, caller.user.id, { sessionIds: null }, { userId: caller.user.id, deviceId: caller.auth.deviceId }),
    );
    return { revoked_sessions: revoked.length };
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

function actorOf(ctx: RpcCallContext, fallbackUserId: string): Actor {
  return { userId: ctx.auth?.userId ?? fallbackUserId, deviceId: ctx.auth?.deviceId ?? null };
}
