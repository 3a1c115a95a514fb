import { Controller } from '@nestjs/common';
import {
  customerAppointmentSummaryRpc,
  customerAttendanceRpc,
  listCustomerAppointmentsRpc,
  type RpcRequest,
  type RpcResponse,
} from '@pawline/contracts';
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

  /** Issue 30 the counts the no-show risk rule reads: store read access, as the summary. */
  @StoreRead()
  @RpcHandler(customerAttendanceRpc)
  async attendance(
    input: RpcRequest<typeof customerAttendanceRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof customerAttendanceRpc>> {
    return this.history.attendance(storeScopeOf(ctx).orgaId, input.pet_ids, input.cancellation_window_hours);
  }
}
