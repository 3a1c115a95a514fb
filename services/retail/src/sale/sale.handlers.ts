import { Controller } from '@nestjs/common';
import {
  createRetailSaleRpc,
  getRetailSaleRpc,
  returnRetailSaleRpc,
  retailReceiptRpc,
  type RpcRequest,
  type RpcResponse,
} from '@pawline/contracts';
import { RpcHandler, StoreRead, StoreWrite, storeScopeOf, type RpcCallContext } from '@pawline/nest-kit';
import { ReceiptService } from '../receipt/receipt.service';
import { SaleService } from './sale.service';

/** Selling and taking back at the counter are store writes (spec §6 min_rank_write_store). */
@Controller()
export class SaleHandlers {
  constructor(
    private readonly sales: SaleService,
    private readonly receipts: ReceiptService,
  ) {}

  @StoreWrite()
  @RpcHandler(createRetailSaleRpc)
  async create(input: RpcRequest<typeof createRetailSaleRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof createRetailSaleRpc>> {
    return this.sales.create(storeScopeOf(ctx), input, ctx);
  }

  @StoreWrite()
  @RpcHandler(returnRetailSaleRpc)
  async returnLine(input: RpcRequest<typeof returnRetailSaleRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof returnRetailSaleRpc>> {
    return this.sales.returnLine(storeScopeOf(ctx), input.sale_id, input.line_id, input.quantity);
  }

  @StoreRead()
  @RpcHandler(getRetailSaleRpc)
  async get(input: RpcRequest<typeof getRetailSaleRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof getRetailSaleRpc>> {
    return this.sales.get(storeScopeOf(ctx), input.sale_id);
  }

  @StoreRead()
  @RpcHandler(retailReceiptRpc)
  async receipt(input: RpcRequest<typeof retailReceiptRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof retailReceiptRpc>> {
    return this.receipts.pdf(storeScopeOf(ctx), input.sale_id, input.lang ?? ctx.lang, ctx);
  }
}
