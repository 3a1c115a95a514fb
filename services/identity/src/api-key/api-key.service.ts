import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { ApiKey, ApiKeyGrant, ApiKeyScope, MemberAccess, RpcRequest, createApiKeyRpc } from '@pawline/contracts';
import { RpcError } from '@pawline/nest-kit';
import { DataSource, In, IsNull } from 'typeorm';
import { isoOrNull } from '../common/db-errors';
import type { AuthenticatedCaller } from '../common/session-guard';
import { requireOrgaAdmin } from '../orga/orga-member';
import { OrgaService } from '../orga/orga.service';
import { StoreEntity } from '../orga/store.entity';
import { API_KEY_PREFIX_LENGTH, apiKeySha256, newApiKeySecret } from './api-key-secret';
import { ApiKeyEntity } from './api-key.entity';

/** A key's last use is written at most once a minute: the list shows the minute, not every request. */
export const LAST_USE_PRECISION_MS = 60_000;

/** Whether a key signs requests now: not revoked, not expired. */
export function isKeyActive(key: Pick<ApiKeyEntity, 'revokedAt' | 'expiresAt'>, now: Date): boolean {
  return key.revokedAt === null && (key.expiresAt === null || key.expiresAt.getTime() > now.getTime());
}

function toApiKey(row: ApiKeyEntity): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiKeyScope[],
    store_ids: row.storeIds,
    expires_at: isoOrNull(row.expiresAt),
    created_at: row.createdAt.toISOString(),
    last_used_at: isoOrNull(row.lastUsedAt),
  };
}

/** An organization's API keys (issue 33, docs/adr/0059): administrators create, list and revoke them; the gateway checks them. */
@Injectable()
export class ApiKeyService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly orgas: OrgaService,
  ) {}

  /** The secret is answered here once; only its SHA-256 is stored. */
  async create(
    caller: AuthenticatedCaller,
    input: RpcRequest<typeof createApiKeyRpc>,
    now = new Date(),
  ): Promise<{ key: ApiKey; secret: string }> {
    const manager = this.dataSource.manager;
    await requireOrgaAdmin(manager, caller.user.id, input.orga_id);
    const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
    if (expiresAt && expiresAt.getTime() <= now.getTime())
      throw new RpcError('validation_failed', { fields: { expires_at: 'The expiry must be in the future' } });
    const storeIds = input.store_ids ?? null;
    if (storeIds) {
      const own = await manager.getRepository(StoreEntity).countBy({ orgaId: input.orga_id, id: In(storeIds) });
      if (own !== storeIds.length) throw new RpcError('validation_failed', { fields: { store_ids: 'Not a store of this organization' } });
    }
    const secret = newApiKeySecret();
    const row = manager.create(ApiKeyEntity, {
      id: randomUUID(),
      orgaId: input.orga_id,
      name: input.name,
      secretSha256: apiKeySha256(secret),
      prefix: secret.slice(0, API_KEY_PREFIX_LENGTH),
      scopes: [...input.scopes],
      storeIds,
      expiresAt,
      createdBy: caller.user.id,
      createdAt: now,
      lastUsedAt: null,
      revokedAt: null,
    });
    await manager.insert(ApiKeyEntity, row);
    return { key: toApiKey(row), secret };
  }

  /** The keys that are not revoked, newest first (expired ones too: the list says so). */
  async list(caller: AuthenticatedCaller, orgaId: string): Promise<ApiKey[]> {
    const manager = this.dataSource.manager;
    await requireOrgaAdmin(manager, caller.user.id, orgaId);
    const rows = await manager
      .getRepository(ApiKeyEntity)
      .find({ where: { orgaId, revokedAt: IsNull() }, order: { createdAt: 'DESC', id: 'ASC' } });
    return rows.map(toApiKey);
  }

  /**
   * Revoked at once: the gateway asks identity on every request of a key, so its next one fails.
   * Two revocations at once both answer the first one's time (one UPDATE keeps it).
   */
  async revoke(caller: AuthenticatedCaller, orgaId: string, keyId: string): Promise<{ id: string; revoked_at: string }> {
    const manager = this.dataSource.manager;
    await requireOrgaAdmin(manager, caller.user.id, orgaId);
    const rows = await manager.query<{ revoked_at: Date }[][]>(
      `UPDATE api_key SET revoked_at = COALESCE(revoked_at, now()) WHERE id = $1 AND orga_id = $2 RETURNING revoked_at`,
      [keyId, orgaId],
    );
    const revokedAt = rows[0]?.[0]?.revoked_at;
    if (!revokedAt) throw new RpcError('not_found');
    return { id: keyId, revoked_at: revokedAt.toISOString() };
  }

  /** The gateway's check of a key on each of its requests: unknown, revoked or expired → unauthorized. */
  async authenticate(secretSha256: string, now = new Date()): Promise<ApiKeyGrant> {
    const repository = this.dataSource.getRepository(ApiKeyEntity);
    const row = await repository.findOneBy({ secretSha256 });
    if (!row || !isKeyActive(row, now)) throw new RpcError('unauthorized');
    if (row.lastUsedAt === null || now.getTime() - row.lastUsedAt.getTime() >= LAST_USE_PRECISION_MS) {
      await this.dataSource.query(`UPDATE api_key SET last_used_at = $2 WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < $2)`, [
        row.id,
        now,
      ]);
    }
    return { api_key_id: row.id, orga_id: row.orgaId, scopes: row.scopes as ApiKeyScope[], store_ids: row.storeIds };
  }

  /**
   * rpc.identity.member.access for a key (the gateway's guard and the services ask it as for a person):
   * a key answers only for itself and its own organization; another organization is no membership.
   */
  async access(keyId: string, userId: string, orgaId: string, now = new Date()): Promise<MemberAccess> {
    if (userId !== keyId) throw new RpcError('forbidden');
    const row = await this.dataSource.getRepository(ApiKeyEntity).findOneBy({ id: keyId });
    if (!row || row.orgaId !== orgaId) throw new RpcError('forbidden');
    return this.orgas.apiKeyAccess(orgaId, row.storeIds, isKeyActive(row, now));
  }
}
