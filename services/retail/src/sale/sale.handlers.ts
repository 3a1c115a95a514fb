import { Controller } from '@nestjs/common';
import { createRetailSaleRpc, returnRetailSaleRpc, type RpcRequest, type RpcResponse } from '@pawline/contracts';
import { RpcHandler, StoreWrite, storeScopeOf, type RpcCallContext } from '@pawline/nest-kit';
import { SaleService } from './sale.service';

/** Selling and taking back at the counter are store writes (spec §6 min_rank_write_store). */
@Controller()
export class SaleHandlers {
  constructor(private readonly sales: SaleService) {}

  @StoreWrite()
  @RpcHandler(createRetailSaleRpc)
  async create(input: RpcRequest<typeof createRetailSaleRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof createRetailSaleRpc>> {
    return this.sales.create(storeScopeOf(ctx), input.payment_method, input.lines);
  }

  @StoreWrite()
  @RpcHandler(returnRetailSaleRpc)
  async returnLine(input: RpcRequest<typeof returnRetailSaleRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof returnRetailSaleRpc>> {
    return this.sales.returnLine(storeScopeOf(ctx), input.sale_id, input.line_id, input.quantity);
  }
}
