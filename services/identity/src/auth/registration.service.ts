import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  emailVerifiedEvent,
  memberChangedEvent,
  orgaCreatedEvent,
  storeCreatedEvent,
  userRegisteredEvent,
  type RpcRequest,
  type RpcResponse,
  type registerUserRpc,
  type verifyEmailRpc,
} from '@pawline/contracts';
import { USERNAME_ERROR_DE, usernameBase } from '@pawline/domain';
import { OutboxService, RpcError, SERVICE_CONFIG, type RpcCallContext } from '@pawline/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { uniqueViolationOf } from '../common/db-errors';
import type { IdentityConfig } from '../identity.config';
import { MailDispatcher } from '../mail/mail-dispatcher.service';
import { verificationMail } from '../mail/mail-templates';
import { RANK } from '../orga/member-access';
import { OrgaUserEntity } from '../orga/orga-user.entity';
import { OrganizationEntity } from '../orga/organization.entity';
import { PromoCodeEntity } from '../orga/promo-code.entity';
import { StoreEntity } from '../orga/store.entity';
import { defaultTimeZone } from '../orga/time-zone';
import { isPromoCodeUsable, trialEndsAt } from '../orga/trial';
import { PERSON_USER_EMAIL_INDEX, freeUsername, newPersonUser, retryingUsername } from '../user/new-person-user';
import { PersonUserEntity } from '../user/person-user.entity';
import { hashToken } from './opaque-token';
import { PasswordHasher } from './password-hasher';
import { assertNewPassword } from './password-policy';
import { queueTokenMail } from './token-mail';

/** Verification tokens expire after 48 hours. */
export const VERIFY_TOKEN_TTL_MS = 48 * 60 * 60 * 1000;

/** Signing up: a new organization with its first store and owner, and the e-mail confirmation that follows. */
@Injectable()
export class RegistrationService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
    private readonly hasher: PasswordHasher,
    private readonly mails: MailDispatcher,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {}

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
      { orga_id: orga.id, store_id: store.id, name: store.name, time_zone: store.timeZone, phone: store.phone, country: store.country },
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
}
