import { Injectable } from '@nestjs/common';
import { memberAccessRpc } from '@pawline/contracts';
import { canReachStore, NatsRpcClient, RpcError, type RpcCallContext, type StoreScope } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';

/** A pet created a moment ago reaches pet_ref with crm's event, within milliseconds: a miss is read again for this long. */
export const PET_REF_GRACE_MS = 1_500;

/**
 * Every pet and staff member an appointment names must be of the request's organization (and store),
 * else `unknown_reference` and nothing is written (docs/adr/0010).
 */
@Injectable()
export class ReferencedIds {
  constructor(
    private readonly db: DataSource,
    private readonly rpc: NatsRpcClient,
  ) {}

  /** R6.08 pets of the store, or of the organization when pets are shared (the scope's store filter). */
  async pets(scope: StoreScope, petIds: readonly string[] | undefined, graceMs = PET_REF_GRACE_MS): Promise<void> {
    const wanted = [...new Set(petIds ?? [])];
    if (wanted.length === 0) return;
    const deadline = Date.now() + graceMs;
    for (;;) {
      const rows: { n: number }[] = await this.db.query(
        `SELECT count(*)::int AS n FROM pet_ref WHERE pet_id = ANY($1::uuid[]) AND orga_id = $2 AND ($3::uuid IS NULL OR store_id = $3)`,
        [wanted, scope.orgaId, scope.storeFilter],
      );
      if ((rows[0]?.n ?? 0) === wanted.length) return;
      if (Date.now() >= deadline) throw new RpcError('unknown_reference', { fields: { pet_ids: 'Unknown pet' } });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** The staff member must be an active member of the organization who reaches the store. */
  async staff(ctx: RpcCallContext, scope: StoreScope, userId: string | null | undefined): Promise<void> {
    if (userId === null || userId === undefined) return;
    // the caller's own membership is the one the guard just checked for this store
    if (userId === ctx.auth?.userId) return;
    const member = await this.rpc.call(memberAccessRpc, { user_id: userId, orga_id: scope.orgaId }, { auth: ctx.auth, lang: ctx.lang });
    if (!canReachStore(member, scope.storeId)) throw new RpcError('unknown_reference', { fields: { user_id: 'Unknown staff member' } });
  }
}
