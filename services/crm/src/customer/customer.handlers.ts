import { Controller } from '@nestjs/common';
import {
  createCustomerRpc,
  deleteCustomerRpc,
  exportCustomerRpc,
  getCustomerRpc,
  listCustomersRpc,
  updateCustomerRpc,
  type RpcRequest,
  type RpcResponse,
} from '@pawline/contracts';
import { AccessService, PetRead, PetWrite, type RpcCallContext, RpcHandler, storeScopeOf } from '@pawline/nest-kit';
import { CustomerService } from './customer.service';

@Controller()
export class CustomerHandlers {
  constructor(
    private readonly access: AccessService,
    private readonly customers: CustomerService,
  ) {}

  @PetWrite({ store: 'store_id' })
  @RpcHandler(createCustomerRpc)
  async create(input: RpcRequest<typeof createCustomerRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof createCustomerRpc>> {
    return this.customers.create(storeScopeOf(ctx), input);
  }

  @PetWrite({ store: 'store_id' })
  @RpcHandler(updateCustomerRpc)
  async update(input: RpcRequest<typeof updateCustomerRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof updateCustomerRpc>> {
    return this.customers.update(storeScopeOf(ctx), input);
  }

  @PetWrite({ store: 'store_id' })
  @RpcHandler(deleteCustomerRpc)
  async delete(input: RpcRequest<typeof deleteCustomerRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof deleteCustomerRpc>> {
    return this.customers.delete(storeScopeOf(ctx), input.customer_id);
  }

  @PetRead({ store: 'store_id' })
  @RpcHandler(getCustomerRpc)
  async get(input: RpcRequest<typeof getCustomerRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof getCustomerRpc>> {
    return this.customers.detail(storeScopeOf(ctx), input.customer_id);
  }

  @RpcHandler(listCustomersRpc)
  async list(input: RpcRequest<typeof listCustomersRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof listCustomersRpc>> {
    return this.customers.list(await this.access.list(ctx, input.orga_id, input.store_id), input);
  }

  @PetRead({ store: 'store_id' })
  @RpcHandler(exportCustomerRpc)
  async export(input: RpcRequest<typeof exportCustomerRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof exportCustomerRpc>> {
    return this.customers.export(storeScopeOf(ctx), input.customer_id);
  }
}
