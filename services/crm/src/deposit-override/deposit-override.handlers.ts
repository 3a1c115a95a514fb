import { Controller } from '@nestjs/common';
import { customerUpdatedEvent, setDepositOverrideRpc, type RpcRequest, type RpcResponse } from '@pawline/contracts';
import { OutboxService, PetWrite, RpcHandler, storeScopeOf, type RpcCallContext } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import { CustomerService } from '../customer/customer.service';
import { customerEventSnapshot } from '../customer/event-snapshots';

/**
 * Issue 30 staff's deposit choice for a customer: who may change the customer may set it (pet write, spec §6). It is
 * published as a change of the customer, so the customer page on every device reads it again.
 */
@Controller()
export class DepositOverrideHandlers {
  constructor(
    private readonly db: DataSource,
    private readonly customers: CustomerService,
    private readonly outbox: OutboxService,
  ) {}

  @PetWrite({ store: 'store_id' })
  @RpcHandler(setDepositOverrideRpc)
  async set(input: RpcRequest<typeof setDepositOverrideRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof setDepositOverrideRpc>> {
    const scope = storeScopeOf(ctx);
    return this.db.transaction(async (m) => {
      const row = await this.customers.visibleRow(scope, input.customer_id, m);
      const [saved] = await m.query<RpcResponse<typeof setDepositOverrideRpc>[]>(
        `INSERT INTO customer_deposit_override (customer_id, orga_id, mode, set_by, set_at) VALUES ($1, $2, $3, $4, now())
         ON CONFLICT (customer_id) DO UPDATE SET mode = EXCLUDED.mode, set_by = EXCLUDED.set_by, set_at = EXCLUDED.set_at
         RETURNING mode, set_by, to_char(set_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS set_at`,
        [row.id, scope.orgaId, input.mode, scope.meta.actor?.userId ?? null],
      );
      await this.outbox.add(
        m,
        customerUpdatedEvent,
        { orga_id: scope.orgaId, store_id: row.store_id, customer_id: row.id, customer: await customerEventSnapshot(m, row.id) },
        { ...scope.meta, storeId: row.store_id },
      );
      if (!saved) throw new Error('the deposit choice was not written');
      return saved;
    });
  }
}
