import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  memberChangedEvent,
  orgaCreatedEvent,
  storeCreatedEvent,
  userRegisteredEvent,
  type RpcRequest,
  type RpcResponse,
  type registerUserRpc,
} from '@pawline/contracts';
import { usernameBase } from '@pawline/domain';
import { OutboxService, RpcError, SERVICE_CONFIG, type RpcCallContext } from '@pawline/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import type { IdentityConfig } from '../identity.config';
import { MailDispatcher } from '../mail/mail-dispatcher.service';
import { RANK } from '../orga/member-access';
import { OrgaUserEntity } from '../orga/orga-user.entity';
import { OrganizationEntity } from '../orga/organization.entity';
import { PromoCodeEntity } from '../orga/promo-code.entity';
import { StoreEntity } from '../orga/store.entity';
import { defaultTimeZone } from '../orga/time-zone';
import { isPromoCodeUsable, trialEndsAt } from '../orga/trial';
import { freeUsername, newPersonUser, retryingUsername } from '../user/new-person-user';
import { PersonUserEntity } from '../user/person-user.entity';
import { PasswordHasher } from './password-hasher';
import { assertNewPassword } from './password-policy';
import { queueVerificationMail } from './verification-mail';

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
    // spec §5 / R5.17: the rule lives in libs/domain; a name without letters or digits makes no username
    const base = usernameBase(input.first_name, input.last_name);
    if (base === '') throw new RpcError('username_unavailable');
    const passwordHash = await this.hasher.hash(input.password);

    return retryingUsername(async (attempt) => {
      const result = await this.dataSource.transaction((manager) =>
        this.createAccount(manager, input, passwordHash, { stem: base, countersFirst: attempt === 1 }, promo, ctx),
      );
      await this.mails.dispatchPending();
      return result;
    });
  }

  private async createAccount(
    manager: EntityManager,
    input: RpcRequest<typeof registerUserRpc>,
    passwordHash: string,
    usernameStem: { stem: string; countersFirst: boolean },
    promo: PromoCodeEntity | null,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof registerUserRpc>> {
    const username = await freeUsername(manager, usernameStem.stem, usernameStem.countersFirst);

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
    await queueVerificationMail(manager, user, now, this.config.PUBLIC_URL);

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
}
