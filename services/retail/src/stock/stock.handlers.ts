import { Controller } from '@nestjs/common';
import {
  countRetailStockRpc,
  listRetailMovementsRpc,
  listRetailStockRpc,
  receiveRetailStockRpc,
  setRetailReorderLevelRpc,
  transferRetailStockRpc,
  type RpcRequest,
  type RpcResponse,
} from '@pawline/contracts';
import { isAllowed, RpcError, RpcHandler, StoreAdmin, StoreRead, StoreWrite, storeScopeOf, type RpcCallContext } from '@pawline/nest-kit';
import { StockService } from './stock.service';

/** Spec §6: store readers see a store's stock, store writers move it, store administrators set reorder levels. */
@Controller()
export class StockHandlers {
  constructor(private readonly stock: StockService) {}

  @StoreRead()
  @RpcHandler(listRetailStockRpc)
  async list(input: RpcRequest<typeof listRetailStockRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof listRetailStockRpc>> {
    return this.stock.list(storeScopeOf(ctx), input.low_only ?? false, input.search);
  }

  @StoreRead()
  @RpcHandler(listRetailMovementsRpc)
  async movements(
    input: RpcRequest<typeof listRetailMovementsRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof listRetailMovementsRpc>> {
    return this.stock.movements(storeScopeOf(ctx), input.product_id);
  }

  @StoreWrite()
  @RpcHandler(receiveRetailStockRpc)
  async receive(input: RpcRequest<typeof receiveRetailStockRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof receiveRetailStockRpc>> {
    return this.stock.receive(storeScopeOf(ctx), input.product_id, input.quantity, input.supplier_id ?? null, input.note ?? '');
  }

  @StoreWrite()
  @RpcHandler(countRetailStockRpc)
  async count(input: RpcRequest<typeof countRetailStockRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof countRetailStockRpc>> {
    return this.stock.count(storeScopeOf(ctx), input.product_id, input.counted, input.note ?? '');
  }

  /** The destination must be a store the caller may write too (spec §6 applies to both ends). */
  @StoreWrite()
  @RpcHandler(transferRetailStockRpc)
  async transfer(
    input: RpcRequest<typeof transferRetailStockRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof transferRetailStockRpc>> {
    const scope = storeScopeOf(ctx);
    if (!isAllowed(scope.member, 'store_write', input.to_store_id) || !scope.member.store_time_zones[input.to_store_id])
      throw new RpcError('forbidden');
    return this.stock.transfer(scope, input.product_id, input.to_store_id, input.quantity, input.note ?? '');
  }

  @StoreAdmin()
  @RpcHandler(setRetailReorderLevelRpc)
  async reorderLevel(
    input: RpcRequest<typeof setRetailReorderLevelRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof setRetailReorderLevelRpc>> {
    return this.stock.setReorderLevel(storeScopeOf(ctx), input.product_id, input.reorder_level);
  }
}
