import { Controller } from '@nestjs/common';
import {
  createExternalServiceRpc,
  deleteExternalServiceRpc,
  listExternalServicesRpc,
  updateExternalServiceRpc,
  type RpcRequest,
  type RpcResponse,
} from '@pawline/contracts';
import { Member, OrgaAdmin, type RpcCallContext, RpcHandler, scopeOf } from '@pawline/nest-kit';
import { ExternalServiceService } from './external-service.service';

/** Any member reads the configuration; organization administrators change it. */
@Controller()
export class ExternalServiceHandlers {
  constructor(private readonly services: ExternalServiceService) {}

  @Member()
  @RpcHandler(listExternalServicesRpc)
  async list(input: RpcRequest<typeof listExternalServicesRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof listExternalServicesRpc>> {
    scopeOf(ctx);
    return this.services.list(input.orga_id);
  }

  @OrgaAdmin()
  @RpcHandler(createExternalServiceRpc)
  async create(
    input: RpcRequest<typeof createExternalServiceRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof createExternalServiceRpc>> {
    scopeOf(ctx);
    return this.services.create(input);
  }

  @OrgaAdmin()
  @RpcHandler(updateExternalServiceRpc)
  async update(
    input: RpcRequest<typeof updateExternalServiceRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof updateExternalServiceRpc>> {
    scopeOf(ctx);
    return this.services.update(input);
  }

  @OrgaAdmin()
  @RpcHandler(deleteExternalServiceRpc)
  async delete(
    input: RpcRequest<typeof deleteExternalServiceRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof deleteExternalServiceRpc>> {
    scopeOf(ctx);
    return this.services.delete(input.orga_id, input.external_service_id);
  }
}
