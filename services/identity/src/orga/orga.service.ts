import { Injectable } from '@nestjs/common';
import type { MemberAccess, Organization, OrganizationDetail, OrganizationSummary, OrgaUser, Store } from '@pawline/contracts';
import { RpcError, type RpcCallContext } from '@pawline/nest-kit';
import { DataSource, In } from 'typeorm';
import { isoOrNull } from '../common/db-errors';
import { PersonUserEntity } from '../user/person-user.entity';
import { apiKeyMember } from '../api-key/api-key-member';
import { reachableStoreIds } from './member-access';
import { OrgaUserEntity } from './orga-user.entity';
import { OrganizationEntity } from './organization.entity';
import { StoreUserEntity } from './store-user.entity';
import { StoreEntity } from './store.entity';

type Membership = { row: OrgaUserEntity; overrides: Record<string, number> };

/** Organizations, stores and memberships; every read is limited to organizations the caller belongs to. */
@Injectable()
export class OrgaService {
  constructor(private readonly dataSource: DataSource) {}

  async listForUser(userId: string): Promise<OrganizationSummary[]> {
    const memberships = await this.dataSource
      .getRepository(OrgaUserEntity)
      .find({ where: { userId, active: true }, order: { createdAt: 'ASC' } });
    if (memberships.length === 0) return [];
    const orgas = await this.dataSource.getRepository(OrganizationEntity).findBy({ id: In(memberships.map((m) => m.orgaId)) });
    const byId = new Map(orgas.map((o) => [o.id, o]));
    return memberships.flatMap((m) => {
      const orga = byId.get(m.orgaId);
      return orga ? [{ ...toOrganization(orga), orga_rank: m.rank }] : [];
    });
  }

  async detail(userId: string, orgaId: string): Promise<OrganizationDetail> {
    await this.activeMembership(userId, orgaId);
    const orga = await this.dataSource.getRepository(OrganizationEntity).findOneByOrFail({ id: orgaId });
    const stores = await this.stores(orgaId);
    const members = await this.dataSource.getRepository(OrgaUserEntity).find({ where: { orgaId }, order: { createdAt: 'ASC' } });
    const users = await this.dataSource.getRepository(PersonUserEntity).findBy({ id: In(members.map((m) => m.userId)) });
    const userById = new Map(users.map((u) => [u.id, u]));
    const overrides = await this.overridesOf(members.map((m) => m.id));
    const orgaUsers: OrgaUser[] = members.flatMap((m) => {
      const user = userById.get(m.userId);
      if (!user) return [];
      return [
        {
          id: m.id,
          user_id: m.userId,
          orga_id: m.orgaId,
          first_name: user.firstName,
          last_name: user.lastName,
          email: user.email,
          username: user.username,
          orga_rank: m.rank,
          store_override: overrides.get(m.id) ?? {},
          employee_status: m.employeeStatus,
          color_scheme: m.colorScheme,
          active: m.active && user.deactivatedAt === null,
        },
      ];
    });
    return { ...toOrganization(orga), stores: stores.map(toStore), users: orgaUsers };
  }

  /** R6.04: the stores of the organization this member reaches. */
  async reachableStores(userId: string, orgaId: string): Promise<Store[]> {
    const membership = await this.activeMembership(userId, orgaId);
    const stores = await this.stores(orgaId);
    const reachable = new Set(
      reachableStoreIds(
        memberShape(membership),
        stores.map((s) => s.id),
      ),
    );
    return stores.filter((s) => reachable.has(s.id)).map(toStore);
  }

  async store(userId: string, orgaId: string, storeId: string): Promise<Store> {
    const stores = await this.reachableStores(userId, orgaId);
    const store = stores.find((s) => s.id === storeId);
    if (store) return store;
    const exists = await this.dataSource.getRepository(StoreEntity).existsBy({ id: storeId, orgaId });
    throw new RpcError(exists ? 'forbidden' : 'not_found');
  }

  /**
   * Membership for guards (platform-api.md). Answered for service calls (no auth), for the user
   * themself, or for an active member of the same organization; anyone else is forbidden.
   */
  async access(ctx: RpcCallContext, userId: string, orgaId: string): Promise<MemberAccess> {
    if (ctx.auth && ctx.auth.userId !== userId) await this.activeMembership(ctx.auth.userId, orgaId);
    const orga = await this.dataSource.getRepository(OrganizationEntity).findOneBy({ id: orgaId });
    if (!orga) throw new RpcError('not_found');
    const minRanks = {
      read_store: orga.minRankReadStore,
      write_store: orga.minRankWriteStore,
      read_pets: orga.minRankReadPets,
      write_pets: orga.minRankWritePets,
    };
    const row = await this.dataSource.getRepository(OrgaUserEntity).findOneBy({ userId, orgaId });
    if (!row) {
      return {
        member: false,
        active: false,
        orga_rank: 4,
        employee_status: 0,
        store_overrides: {},
        store_ids: [],
        min_ranks: minRanks,
        tier: orga.tier,
        // the Customized plan's limits, only when an operator set them (ADR 0031)
        ...(orga.planLimits ? { plan_limits: orga.planLimits } : {}),
        share_pets: orga.sharePets,
        store_time_zones: {},
        ...subscriptionFacts(orga),
      };
    }
    const user = await this.dataSource.getRepository(PersonUserEntity).findOneBy({ id: userId });
    const overrides = (await this.overridesOf([row.id])).get(row.id) ?? {};
    const stores = await this.stores(orgaId);
    const active = row.active && !!user && user.deactivatedAt === null;
    const storeIds = active
      ? reachableStoreIds(
          memberShape({ row, overrides }),
          stores.map((s) => s.id),
        )
      : [];
    return {
      member: true,
      active,
      orga_rank: row.rank,
      employee_status: row.employeeStatus,
      store_overrides: overrides,
      store_ids: storeIds,
      min_ranks: minRanks,
      tier: orga.tier,
      // the Customized plan's limits, only when an operator set them (ADR 0031)
      ...(orga.planLimits ? { plan_limits: orga.planLimits } : {}),
      share_pets: orga.sharePets,
      // a store's zone travels with the membership, so scheduling asks identity for nothing more
      store_time_zones: Object.fromEntries(stores.filter((s) => storeIds.includes(s.id)).map((s) => [s.id, s.timeZone])),
      // the subscription's dates: the gateway blocks an expired trial or lapsed Premium by them (ADR 0030)
      ...subscriptionFacts(orga),
    };
  }

  /**
   * The membership an API key acts with (issue 33, docs/adr/0059): the spec §6 facts of its organization
   * with the key's own rank and stores (apiKeyMember), so the guards of gateway and services judge it
   * by the same rules as a person. An inactive key (revoked, expired) reaches no store.
   */
  async apiKeyAccess(orgaId: string, storeLimit: readonly string[] | null, active: boolean): Promise<MemberAccess> {
    const orga = await this.dataSource.getRepository(OrganizationEntity).findOneBy({ id: orgaId });
    if (!orga) throw new RpcError('not_found');
    const stores = await this.stores(orgaId);
    const member = apiKeyMember(
      stores.map((store) => store.id),
      storeLimit,
    );
    const storeIds = active ? member.store_ids : [];
    return {
      member: true,
      active,
      ...member,
      store_ids: storeIds,
      min_ranks: {
        read_store: orga.minRankReadStore,
        write_store: orga.minRankWriteStore,
        read_pets: orga.minRankReadPets,
        write_pets: orga.minRankWritePets,
      },
      tier: orga.tier,
      ...(orga.planLimits ? { plan_limits: orga.planLimits } : {}),
      share_pets: orga.sharePets,
      store_time_zones: Object.fromEntries(stores.filter((s) => storeIds.includes(s.id)).map((s) => [s.id, s.timeZone])),
      ...subscriptionFacts(orga),
    };
  }

  /** Not an active member → forbidden (also when the organization does not exist, so ids reveal nothing). */
  private async activeMembership(userId: string, orgaId: string): Promise<Membership> {
    const row = await this.dataSource.getRepository(OrgaUserEntity).findOneBy({ userId, orgaId, active: true });
    if (!row) throw new RpcError('forbidden');
    const overrides = (await this.overridesOf([row.id])).get(row.id) ?? {};
    return { row, overrides };
  }

  private stores(orgaId: string): Promise<StoreEntity[]> {
    return this.dataSource.getRepository(StoreEntity).find({ where: { orgaId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  private async overridesOf(orgaUserIds: string[]): Promise<Map<string, Record<string, number>>> {
    const result = new Map<string, Record<string, number>>();
    if (orgaUserIds.length === 0) return result;
    const rows = await this.dataSource.getRepository(StoreUserEntity).findBy({ orgaUserId: In(orgaUserIds) });
    for (const row of rows) {
      const map = result.get(row.orgaUserId) ?? {};
      map[row.storeId] = row.rank;
      result.set(row.orgaUserId, map);
    }
    return result;
  }
}

function memberShape(m: Membership): { orgaRank: number; employeeStatus: number; storeOverrides: Record<string, number> } {
  return { orgaRank: m.row.rank, employeeStatus: m.row.employeeStatus, storeOverrides: m.overrides };
}

export function toOrganization(o: OrganizationEntity): Organization {
  return {
    id: o.id,
    name: o.name,
    address: o.address,
    city: o.city,
    zip_code: o.zipCode,
    country: o.country,
    address_from_owner: o.addressFromOwner,
    tier: o.tier,
    created_at: o.createdAt.toISOString(),
    subscribed_since: isoOrNull(o.subscribedSince),
    subscribed_until: isoOrNull(o.subscribedUntil),
    share_pets: o.sharePets,
    admin_notification: o.adminNotification,
    min_rank_read_store: o.minRankReadStore,
    min_rank_write_store: o.minRankWriteStore,
    min_rank_read_pets: o.minRankReadPets,
    min_rank_write_pets: o.minRankWritePets,
    promo_code: o.promoCode,
    appointment_card_custom: o.appointmentCardCustom,
  };
}

export function toStore(s: StoreEntity): Store {
  return {
    id: s.id,
    orga_id: s.orgaId,
    name: s.name,
    address: s.address,
    city: s.city,
    zip_code: s.zipCode,
    country: s.country,
    address_from_orga: s.addressFromOrga,
    phone: s.phone,
    time_zone: s.timeZone,
  };
}

/** The membership's subscription facts: creation, first payment, end of the trial or paid period (ADR 0030). */
function subscriptionFacts(
  orga: Pick<OrganizationEntity, 'createdAt' | 'subscribedSince' | 'subscribedUntil'>,
): Pick<MemberAccess, 'created_at' | 'subscribed_since' | 'subscribed_until'> {
  return {
    created_at: orga.createdAt.toISOString(),
    subscribed_since: orga.subscribedSince ? orga.subscribedSince.toISOString() : null,
    subscribed_until: orga.subscribedUntil ? orga.subscribedUntil.toISOString() : null,
  };
}
