import { Controller } from '@nestjs/common';
import {
  acceptBookingSlotRpc,
  declineBookingSlotRpc,
  deleteBookingSlotRpc,
  getBookingSlotRpc,
  listBookingSlotsRpc,
  type RpcRequest,
  type RpcResponse,
} from '@pawline/contracts';
import { RpcHandler, StoreRead, StoreWrite, storeScopeOf, type RpcCallContext } from '@pawline/nest-kit';
import { BookingSlotService } from './booking-slot.service';
import { SlotAcceptService } from './slot-accept.service';

/** R7.06 R1.09 store readers list and read booking requests; store writers accept, delete or decline them (issue 27: the customer is told). */
@Controller()
export class BookingSlotHandlers {
  constructor(
    private readonly slots: BookingSlotService,
    private readonly acceptance: SlotAcceptService,
  ) {}

  @StoreRead()
  @RpcHandler(listBookingSlotsRpc)
  async list(input: RpcRequest<typeof listBookingSlotsRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof listBookingSlotsRpc>> {
    return { v: await this.slots.list(storeScopeOf(ctx), input.created_time, input.last_id) };
  }

  @StoreRead()
  @RpcHandler(getBookingSlotRpc)
  async get(input: RpcRequest<typeof getBookingSlotRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof getBookingSlotRpc>> {
    return this.slots.get(storeScopeOf(ctx), input.slot_id);
  }

  @StoreWrite()
  @RpcHandler(acceptBookingSlotRpc)
  async accept(input: RpcRequest<typeof acceptBookingSlotRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof acceptBookingSlotRpc>> {
    return this.acceptance.accept(storeScopeOf(ctx), input.slot_id, ctx, input.allow_conflict);
  }

  @StoreWrite()
  @RpcHandler(deleteBookingSlotRpc)
  async delete(input: RpcRequest<typeof deleteBookingSlotRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof deleteBookingSlotRpc>> {
    return this.slots.delete(storeScopeOf(ctx), input.slot_id);
  }

  @StoreWrite()
  @RpcHandler(declineBookingSlotRpc)
  async decline(input: RpcRequest<typeof declineBookingSlotRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof declineBookingSlotRpc>> {
    return this.slots.delete(storeScopeOf(ctx), input.slot_id, true);
  }
}
