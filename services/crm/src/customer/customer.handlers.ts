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
import { RpcHandler, type RpcCallContext } from '@pawline/nest-kit';
import { CrmAccess } from '../access/crm-access.service';
import { CustomerService } from './customer.service';

@Controller()
export class CustomerHandlers {
  constructor(
    private readonly access: CrmAccess,
    private readonly customers: CustomerService,
  ) {}

  @RpcHandler(createCustomerRpc)
  async create(input: RpcRequest<typeof createCustomerRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof createCustomerRpc>> {
    return this.customers.create(await this.access.store(ctx, input.orga_id, input.store_id, 'write'), input);
  }

  @RpcHandler(updateCustomerRpc)
  async update(input: RpcRequest<typeof updateCustomerRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof updateCustomerRpc>> {
    return this.customers.update(await this.access.store(ctx, input.orga_id, input.store_id, 'write'), input);
  }

  @RpcHandler(deleteCustomerRpc)
  async delete(input: RpcRequest<typeof deleteCustomerRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof deleteCustomerRpc>> {
    return this.customers.delete(await this.access.store(ctx, input.orga_id, input.store_id, 'write'), input.customer_id);
  }

  @RpcHandler(getCustomerRpc)
  async get(input: RpcRequest<typeof getCustomerRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof getCustomerRpc>> {
    return this.customers.detail(await this.access.store(ctx, input.orga_id, input.store_id, 'read'), input.customer_id);
  }

  @RpcHandler(listCustomersRpc)
  async list(input: RpcRequest<typeof listCustomersRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof listCustomersRpc>> {
    return this.customers.list(await this.access.list(ctx, input.orga_id, input.store_id), input);
  }

  @RpcHandler(exportCustomerRpc)
  async export(input: RpcRequest<typeof exportCustomerRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof exportCustomerRpc>> {
    return this.customers.export(await this.access.store(ctx, input.orga_id, input.store_id, 'read'), input.customer_id);
  }
}
