import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  identityLanguageSchema,
  memberChangedEvent,
  type OrgaUserDetail,
  type RpcRequest,
  type createMemberRpc,
  type deactivateMemberRpc,
  type updateMemberRpc,
} from '@pawline/contracts';
import { RANKS, usernameBase } from '@pawline/domain';
import { OutboxService, RpcError } from '@pawline/nest-kit';
import { DataSource, In, type EntityManager } from 'typeorm';
import { PasswordHasher } from '../auth/password-hasher';
import { SessionService } from '../auth/session.service';
import type { AuthenticatedCaller } from '../common/session-guard';
import { freeUsername, newPersonUser, retryingUsername } from '../user/new-person-user';
import { PersonUserEntity } from '../user/person-user.entity';
import { requireRoomFor } from './plan-limits';
import { colorSchemeField, phoneField, textField } from './field-rules';
import { firstPassword } from './first-password';
import { loadMember, overridesOf, requireOrgaAdmin, type LoadedMember } from './orga-member';
import { OrgaUserEntity } from './orga-user.entity';
import { StoreUserEntity } from './store-user.entity';
import { StoreEntity } from './store.entity';
import { activationRefusal, teamChangeRefusal, type TeamRefusal } from './team-rules';

function refuse(refusal: TeamRefusal): void {
  if (refusal === 'self') throw new RpcError('conflict');
  if (refusal !== null) throw new RpcError('forbidden');
}

type ActivationInput = RpcRequest<typeof deactivateMemberRpc>;

/**
 * The organization's team (spec §3 organization users, R3.03): organization administrators
 * list, create, change, deactivate and reactivate members; every write re-checks spec §6.
 */
@Injectable()
export class TeamService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionService,
  ) {}

  async list(caller: AuthenticatedCaller, orgaId: string): Promise<OrgaUserDetail[]> {
    const manager = this.dataSource.manager;
    await requireOrgaAdmin(manager, caller.user.id, orgaId);
    const rows = await manager.getRepository(OrgaUserEntity).find({ where: { orgaId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return this.details(manager, rows);
  }

  async get(caller: AuthenticatedCaller, orgaId: string, userId: string): Promise<OrgaUserDetail> {
    const manager = this.dataSource.manager;
    await requireOrgaAdmin(manager, caller.user.id, orgaId);
    return this.detailOf(manager, orgaId, userId);
  }

  /**
   * R3.03 R5.17: a new person user with the generated username and a random first password
   * (answered once, only its hash is kept) and the membership with rank, overrides, colours and
   * contact data. The administrator vouches for the address, so the member signs in at once.
   */
  async create(
    caller: AuthenticatedCaller,
    input: RpcRequest<typeof createMemberRpc>,
  ): Promise<OrgaUserDetail & { first_password: string }> {
    const fonNr = phoneField('fon_nr', input.fon_nr) ?? null;
    const colorScheme = colorSchemeField(input.color_scheme);
    const stem = usernameBase(input.first_name, input.last_name);
    if (stem === '') throw new RpcError('username_unavailable');
    const password = firstPassword();
    const passwordHash = await this.hasher.hash(password);
    const fallbackLanguage = identityLanguageSchema.safeParse(caller.user.language);
    const language = input.language ?? (fallbackLanguage.success ? fallbackLanguage.data : 'en');

    return retryingUsername(async (attempt) => {
      const detail = await this.dataSource.transaction(async (manager) => {
        const actor = await requireOrgaAdmin(manager, caller.user.id, input.orga_id);
        const overrides = input.store_override ?? {};
        refuse(teamChangeRefusal(actor.member, null, { orgaRank: input.orga_rank, storeRanks: Object.values(overrides) }));
        await this.checkStores(manager, input.orga_id, overrides);
        await requireRoomFor(manager, input.orga_id, 'users');
        const taken: unknown[] = await manager.query(`SELECT 1 FROM person_user WHERE lower(email) = lower($1)`, [input.email]);
        if (taken.length > 0) throw new RpcError('server_101');
        // issue 29: after a lost race, random suffixes only (see retryingUsername)
        const username = await freeUsername(manager, stem, attempt === 1);
        const now = new Date();
        const user = newPersonUser(
          manager,
          {
            email: input.email,
            username,
            passwordHash,
            firstName: input.first_name,
            lastName: input.last_name,
            language,
            emailVerifiedAt: now,
          },
          now,
        );
        await manager.insert(PersonUserEntity, user);
        const row = manager.create(OrgaUserEntity, {
          id: randomUUID(),
          orgaId: input.orga_id,
          userId: user.id,
          rank: input.orga_rank,
          employeeStatus: input.employee_status ?? 1,
          colorScheme,
          active: true,
          address: textField(input.address) ?? null,
          city: textField(input.city) ?? null,
          zipCode: textField(input.zip_code) ?? null,
          country: input.country ?? null,
          fonNr,
          createdAt: now,
        });
        await manager.insert(OrgaUserEntity, row);
        await this.replaceOverrides(manager, row.id, overrides);
        await this.outbox.add(
          manager,
          memberChangedEvent,
          { orga_id: row.orgaId, user_id: user.id, orga_user_id: row.id, change: 'added' },
          { orgaId: row.orgaId, storeId: null, actor: { userId: caller.user.id, deviceId: caller.auth.deviceId } },
        );
        return this.detailOf(manager, input.orga_id, user.id);
      });
      return { ...detail, first_password: password };
    });
  }

  /** R3.03: omitted fields stay; store_override, when given, replaces the whole map. */
  async update(caller: AuthenticatedCaller, input: RpcRequest<typeof updateMemberRpc>): Promise<OrgaUserDetail> {
    const fonNr = phoneField('fon_nr', input.fon_nr);
    return this.dataSource.transaction(async (manager) => {
      const actor = await requireOrgaAdmin(manager, caller.user.id, input.orga_id);
      const target = await this.target(manager, input.orga_id, input.user_id);
      const overrides = input.store_override ?? target.overrides;
      const ranksChange = input.orga_rank !== undefined || input.store_override !== undefined;
      refuse(
        teamChangeRefusal(
          actor.member,
          { orgaRank: target.row.rank },
          ranksChange
            ? { orgaRank: input.orga_rank ?? target.row.rank, storeRanks: input.store_override ? Object.values(overrides) : [] }
            : null,
        ),
      );
      if (input.orga_rank !== undefined && input.orga_rank !== RANKS.owner && target.row.rank === RANKS.owner)
        await this.keepAnOwner(manager, target.row);
      if (input.store_override !== undefined) await this.checkStores(manager, input.orga_id, overrides);

      const row = target.row;
      if (input.orga_rank !== undefined) row.rank = input.orga_rank;
      if (input.employee_status !== undefined) row.employeeStatus = input.employee_status;
      if (input.color_scheme !== undefined) row.colorScheme = colorSchemeField(input.color_scheme);
      const address = textField(input.address);
      if (address !== undefined) row.address = address;
      const city = textField(input.city);
      if (city !== undefined) row.city = city;
      const zip = textField(input.zip_code);
      if (zip !== undefined) row.zipCode = zip;
      if (input.country !== undefined) row.country = input.country;
      if (fonNr !== undefined) row.fonNr = fonNr;
      await manager.save(OrgaUserEntity, row);
      if (input.store_override !== undefined) await this.replaceOverrides(manager, row.id, overrides);
      const names: Partial<PersonUserEntity> = {};
      if (input.first_name !== undefined) names.firstName = input.first_name;
      if (input.last_name !== undefined) names.lastName = input.last_name;
      if (Object.keys(names).length > 0) await manager.update(PersonUserEntity, { id: row.userId }, { ...names, updatedAt: new Date() });
      await this.announce(manager, caller, row);
      return this.detailOf(manager, input.orga_id, input.user_id);
    });
  }

  /**
   * R3.03 R6.04: a deactivated member cannot sign in (server_1010 when no active membership is
   * left) and every live session ends at once (evt.identity.session.revoked.v1 naming them).
   */
  deactivate(caller: AuthenticatedCaller, input: ActivationInput): Promise<OrgaUserDetail> {
    return this.setActive(caller, input, false);
  }

  reactivate(caller: AuthenticatedCaller, input: ActivationInput): Promise<OrgaUserDetail> {
    return this.setActive(caller, input, true);
  }

  private setActive(caller: AuthenticatedCaller, input: ActivationInput, active: boolean): Promise<OrgaUserDetail> {
    return this.dataSource.transaction(async (manager) => {
      const actor = await requireOrgaAdmin(manager, caller.user.id, input.orga_id);
      const target = await this.target(manager, input.orga_id, input.user_id);
      refuse(activationRefusal(actor.member, caller.user.id, { orgaRank: target.row.rank, userId: target.row.userId }));
      if (target.row.active !== active) {
        if (!active && target.row.rank === RANKS.owner) await this.keepAnOwner(manager, target.row);
        await manager.update(OrgaUserEntity, { id: target.row.id }, { active });
        if (!active) {
          await this.sessions.revoke(
            manager,
            target.row.userId,
            { sessionIds: null },
            { userId: caller.user.id, deviceId: caller.auth.deviceId },
          );
        }
        await this.announce(manager, caller, target.row);
      }
      return this.detailOf(manager, input.orga_id, input.user_id);
    });
  }

  private async announce(manager: EntityManager, caller: AuthenticatedCaller, row: OrgaUserEntity): Promise<void> {
    await this.outbox.add(
      manager,
      memberChangedEvent,
      { orga_id: row.orgaId, user_id: row.userId, orga_user_id: row.id, change: 'updated' },
      { orgaId: row.orgaId, storeId: null, actor: { userId: caller.user.id, deviceId: caller.auth.deviceId } },
    );
  }

  /** The organization keeps at least one active owner. */
  private async keepAnOwner(manager: EntityManager, leaving: OrgaUserEntity): Promise<void> {
    const others = await manager
      .getRepository(OrgaUserEntity)
      .createQueryBuilder('m')
      .where('m.orga_id = :orga AND m.rank = 0 AND m.active AND m.id <> :id', { orga: leaving.orgaId, id: leaving.id })
      .getCount();
    if (others === 0) throw new RpcError('conflict');
  }

  private async target(manager: EntityManager, orgaId: string, userId: string): Promise<LoadedMember> {
    const target = await loadMember(manager, userId, orgaId);
    if (!target) throw new RpcError('not_found');
    return target;
  }

  /** Overrides name stores of this organization only. */
  private async checkStores(manager: EntityManager, orgaId: string, overrides: Record<string, number>): Promise<void> {
    const storeIds = Object.keys(overrides);
    if (storeIds.length === 0) return;
    const found = await manager.getRepository(StoreEntity).countBy({ orgaId, id: In(storeIds) });
    if (found !== storeIds.length) throw new RpcError('not_found');
  }

  private async replaceOverrides(manager: EntityManager, orgaUserId: string, overrides: Record<string, number>): Promise<void> {
    await manager.delete(StoreUserEntity, { orgaUserId });
    const rows = Object.entries(overrides).map(([storeId, rank]) => ({ id: randomUUID(), orgaUserId, storeId, rank }));
    if (rows.length > 0) await manager.insert(StoreUserEntity, rows);
  }

  /** Service to service (no user): one member's detail, for projections of the team. */
  async detailForService(orgaId: string, userId: string): Promise<OrgaUserDetail> {
    return this.detailOf(this.dataSource.manager, orgaId, userId);
  }

  private async detailOf(manager: EntityManager, orgaId: string, userId: string): Promise<OrgaUserDetail> {
    const row = await manager.getRepository(OrgaUserEntity).findOneBy({ orgaId, userId });
    if (!row) throw new RpcError('not_found');
    const [detail] = await this.details(manager, [row]);
    if (!detail) throw new RpcError('not_found');
    return detail;
  }

  private async details(manager: EntityManager, rows: OrgaUserEntity[]): Promise<OrgaUserDetail[]> {
    if (rows.length === 0) return [];
    const users = await manager.getRepository(PersonUserEntity).findBy({ id: In(rows.map((r) => r.userId)) });
    const byId = new Map(users.map((u) => [u.id, u]));
    const overrides = await overridesOf(
      manager,
      rows.map((r) => r.id),
    );
    return rows.flatMap((row) => {
      const user = byId.get(row.userId);
      if (!user) return [];
      return [
        {
          id: row.id,
          user_id: row.userId,
          orga_id: row.orgaId,
          first_name: user.firstName,
          last_name: user.lastName,
          email: user.email,
          username: user.username,
          orga_rank: row.rank,
          store_override: overrides.get(row.id) ?? {},
          employee_status: row.employeeStatus,
          color_scheme: row.colorScheme,
          active: row.active && user.deactivatedAt === null,
          address: row.address,
          city: row.city,
          zip_code: row.zipCode,
          country: row.country,
          fon_nr: row.fonNr,
        },
      ];
    });
  }
}
