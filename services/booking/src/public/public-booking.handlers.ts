import { Controller } from '@nestjs/common';
import {
  checkPublicCustomerRpc,
  createPublicBookingRequestRpc,
  getPublicAvailabilityRpc,
  getPublicBookingStoreRpc,
  getPublicChallengeRpc,
  type RpcRequest,
  type RpcResponse,
} from '@pawline/contracts';
import { RpcHandler } from '@pawline/nest-kit';
import { PublicBookingService } from './public-booking.service';

/**
 * The booking widget's RPCs: the gateway calls them without a user (auth null), and nothing here needs one. The
 * store public id is the key; a store that is unknown or not enabled is not_found.
 */
@Controller()
export class PublicBookingHandlers {
  constructor(private readonly booking: PublicBookingService) {}

  @RpcHandler(getPublicBookingStoreRpc)
  async store(input: RpcRequest<typeof getPublicBookingStoreRpc>): Promise<RpcResponse<typeof getPublicBookingStoreRpc>> {
    return this.booking.page(input.public_id);
  }

  @RpcHandler(getPublicAvailabilityRpc)
  async availability(input: RpcRequest<typeof getPublicAvailabilityRpc>): Promise<RpcResponse<typeof getPublicAvailabilityRpc>> {
    return this.booking.availability(input);
  }

  @RpcHandler(checkPublicCustomerRpc)
  async customerCheck(input: RpcRequest<typeof checkPublicCustomerRpc>): Promise<RpcResponse<typeof checkPublicCustomerRpc>> {
    return this.booking.customerCheck(input);
  }

  @RpcHandler(getPublicChallengeRpc)
  async challenge(input: RpcRequest<typeof getPublicChallengeRpc>): Promise<RpcResponse<typeof getPublicChallengeRpc>> {
    return this.booking.challenge(input.public_id);
  }

  @RpcHandler(createPublicBookingRequestRpc)
  async request(input: RpcRequest<typeof createPublicBookingRequestRpc>): Promise<RpcResponse<typeof createPublicBookingRequestRpc>> {
    return this.booking.request(input);
  }
}
