import { Controller } from '@nestjs/common';
import {
  createExternalServiceRpc,
  deleteExternalServiceRpc,
  listExternalServicesRpc,
  updateExternalServiceRpc,
  type RpcRequest,
  type RpcResponse,
} from '@pawline/contracts';
import { RpcHandler, type RpcCallContext } from '@pawline/nest-kit';
import { CrmAccess } from '../access/crm-access.service';
import { ExternalServiceService } from './external-service.service';

/** Any member reads the configuration; organization administrators change it. */
@Controller()
export class ExternalServiceHandlers {
  constructor(
    private readonly access: CrmAccess,
    private readonly services: ExternalServiceService,
  ) {}

  @RpcHandler(listExternalServicesRpc)
  async list(input: RpcRequest<typeof listExternalServicesRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof listExternalServicesRpc>> {
    await this.access.orga(ctx, input.orga_id, 'member');
    return this.services.list(input.orga_id);
  }

  @RpcHandler(createExternalServiceRpc)
  async create(
    input: RpcRequest<typeof createExternalServiceRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof createExternalServiceRpc>> {
    await this.access.orga(ctx, input.orga_id, 'orga_admin');
    return this.services.create(input);
  }

  @RpcHandler(updateExternalServiceRpc)
  async update(
    input: RpcRequest<typeof updateExternalServiceRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof updateExternalServiceRpc>> {
    await this.access.orga(ctx, input.orga_id, 'orga_admin');
    return this.services.update(input);
  }

  @RpcHandler(deleteExternalServiceRpc)
  async delete(
    input: RpcRequest<typeof deleteExternalServiceRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof deleteExternalServiceRpc>> {
    await this.access.orga(ctx, input.orga_id, 'orga_admin');
    return this.services.delete(input.orga_id, input.external_service_id);
  }
}
