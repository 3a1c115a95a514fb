import { Injectable } from '@nestjs/common';
import { getOrgaRpc, getStoreRpc, type RpcResponse, type retailReceiptRpc } from '@pawline/contracts';
import { NatsRpcClient, type RpcCallContext, type StoreScope } from '@pawline/nest-kit';
import { SaleService } from '../sale/sale.service';
import { receiptPdf } from './receipt-pdf';
import { receiptLanguage } from './receipt-texts';

/** The courtesy receipt: the sale as retail keeps it, the salon's name and address as identity has them. */
@Injectable()
export class ReceiptService {
  constructor(
    private readonly sales: SaleService,
    private readonly rpc: NatsRpcClient,
  ) {}

  async pdf(scope: StoreScope, saleId: string, lang: string, ctx: RpcCallContext): Promise<RpcResponse<typeof retailReceiptRpc>> {
    const sale = await this.sales.get(scope, saleId);
    const as = { auth: ctx.auth, lang: ctx.lang, member: ctx.member };
    const [orga, store] = await Promise.all([
      this.rpc.call(getOrgaRpc, { orga_id: scope.orgaId }, as),
      this.rpc.call(getStoreRpc, { orga_id: scope.orgaId, store_id: scope.storeId }, as),
    ]);
    const address = [store.address, [store.zip_code, store.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
    const bytes = await receiptPdf(sale, { name: orga.name, store: store.name, address, timeZone: scope.timeZone }, receiptLanguage(lang));
    return { file_name: `receipt-${sale.id.slice(0, 8)}.pdf`, mime: 'application/pdf', data_base64: bytes.toString('base64') };
  }
}
