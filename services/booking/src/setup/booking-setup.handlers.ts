import { Controller } from '@nestjs/common';
import { getBookingSetupRpc, updateBookingSetupRpc, type RpcRequest, type RpcResponse } from '@pawline/contracts';
import { RpcHandler, StoreAdmin, StoreRead, requirePlanFeature, storeScopeOf, type RpcCallContext } from '@pawline/nest-kit';
import { BookingSetupService } from './booking-setup.service';

/** Store readers see the booking setup; store administrators change it. */
@Controller()
export class BookingSetupHandlers {
  constructor(private readonly setup: BookingSetupService) {}

  @StoreRead()
  @RpcHandler(getBookingSetupRpc)
  async get(_input: RpcRequest<typeof getBookingSetupRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof getBookingSetupRpc>> {
    return this.setup.get(storeScopeOf(ctx));
  }

  @StoreAdmin()
  @RpcHandler(updateBookingSetupRpc)
  async update(input: RpcRequest<typeof updateBookingSetupRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof updateBookingSetupRpc>> {
    const { orga_id: _orga, store_id: _store, new_public_id, ...change } = input;
    const scope = storeScopeOf(ctx);
    // R1.20 online booking is a premium feature: a plan without it cannot switch it on (ADR 0029)
    if (change.enabled === true) requirePlanFeature(scope.member, 'online_booking');
    return this.setup.update(scope, change, new_public_id);
  }
}
