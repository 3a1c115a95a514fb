import { isOrgaAdmin, isOwner, type OrgaMember } from '@pawline/domain';
import { RpcError } from '@pawline/nest-kit';
import { In, type EntityManager } from 'typeorm';
import { OrgaUserEntity } from './orga-user.entity';
import { StoreUserEntity } from './store-user.entity';

export type LoadedMember = { row: OrgaUserEntity; overrides: Record<string, number>; member: OrgaMember };

export async function overridesOf(manager: EntityManager, orgaUserIds: string[]): Promise<Map<string, Record<string, number>>> {
  const result = new Map<string, Record<string, number>>();
  if (orgaUserIds.length === 0) return result;
  const rows = await manager.getRepository(StoreUserEntity).findBy({ orgaUserId: In(orgaUserIds) });
  for (const row of rows) {
    const map = result.get(row.orgaUserId) ?? {};
    map[row.storeId] = row.rank;
    result.set(row.orgaUserId, map);
  }
  return result;
}

export async function loadMember(manager: EntityManager, userId: string, orgaId: string): Promise<LoadedMember | null> {
  const row = await manager.getRepository(OrgaUserEntity).findOneBy({ userId, orgaId });
  if (!row) return null;
  const overrides = (await overridesOf(manager, [row.id])).get(row.id) ?? {};
  return {
    row,
    overrides,
    member: { orga_rank: row.rank, employee_status: row.employeeStatus, store_overrides: overrides, active: row.active },
  };
}

/**
 * spec §6 re-checked in the service (R2.02): an active organization administrator of this
 * organization, else forbidden — also for a member of another organization or an unknown id,
 * so ids reveal nothing.
 */
export async function requireOrgaAdmin(manager: EntityManager, userId: string, orgaId: string): Promise<LoadedMember> {
  const loaded = await loadMember(manager, userId, orgaId);
  if (!loaded || !isOrgaAdmin(loaded.member)) throw new RpcError('forbidden');
  return loaded;
}

/** R1.17: only the owner cancels the organization. */
export async function requireOwner(manager: EntityManager, userId: string, orgaId: string): Promise<LoadedMember> {
  const loaded = await loadMember(manager, userId, orgaId);
  if (!loaded || !isOwner(loaded.member)) throw new RpcError('forbidden');
  return loaded;
}
