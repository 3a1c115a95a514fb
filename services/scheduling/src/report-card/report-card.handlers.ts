import { Controller } from '@nestjs/common';
import { getReportCardRpc, lastReportCardRpc, saveReportCardRpc, type RpcRequest, type RpcResponse } from '@pawline/contracts';
import { type RpcCallContext, RpcHandler, StoreRead, StoreWrite, storeScopeOf } from '@pawline/nest-kit';
import { ReportCardService } from './report-card.service';

/** Issue 31 report cards: writing needs store write access (as check-out does), reading store read access. */
@Controller()
export class ReportCardHandlers {
  constructor(private readonly cards: ReportCardService) {}

  @StoreWrite()
  @RpcHandler(saveReportCardRpc)
  async save(input: RpcRequest<typeof saveReportCardRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof saveReportCardRpc>> {
    return this.cards.save(storeScopeOf(ctx), input);
  }

  @StoreRead()
  @RpcHandler(getReportCardRpc)
  async get(input: RpcRequest<typeof getReportCardRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof getReportCardRpc>> {
    return this.cards.get(storeScopeOf(ctx), input.appointment_id, input.pet_id);
  }

  @StoreRead()
  @RpcHandler(lastReportCardRpc)
  async last(input: RpcRequest<typeof lastReportCardRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof lastReportCardRpc>> {
    return this.cards.last(storeScopeOf(ctx), input.pet_id, input.before_appointment_id);
  }
}
