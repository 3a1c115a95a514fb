import { Controller } from '@nestjs/common';
import { customerAppointmentSummaryRpc, listCustomerAppointmentsRpc, type RpcRequest, type RpcResponse } from '@pawline/contracts';
import { type RpcCallContext, RpcHandler, StoreRead, storeScopeOf } from '@pawline/nest-kit';
import { CustomerHistoryService } from './customer-history.service';

/** A customer's appointments and summary: reading needs store read access (spec §6), as a pet's history does. */
@Controller()
export class CustomerHistoryHandlers {
  constructor(private readonly history: CustomerHistoryService) {}

  @StoreRead()
  @RpcHandler(listCustomerAppointmentsRpc)
  async list(
    input: RpcRequest<typeof listCustomerAppointmentsRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof listCustomerAppointmentsRpc>> {
    return this.history.list(storeScopeOf(ctx), input.pet_ids, input);
  }

  @StoreRead()
  @RpcHandler(customerAppointmentSummaryRpc)
  async summary(
    input: RpcRequest<typeof customerAppointmentSummaryRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof customerAppointmentSummaryRpc>> {
    return this.history.summary(storeScopeOf(ctx), input.pet_ids);
  }
}
