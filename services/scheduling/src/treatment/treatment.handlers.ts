import { Controller } from '@nestjs/common';
import { createTreatmentRpc, listTreatmentsRpc, updateTreatmentRpc, type RpcRequest, type RpcResponse } from '@pawline/contracts';
import { Member, OrgaAdmin, type RpcCallContext, RpcHandler, scopeOf } from '@pawline/nest-kit';
import { TreatmentService } from './treatment.service';

/** Any member reads the catalogue; organization administrators change it. */
@Controller()
export class TreatmentHandlers {
  constructor(private readonly treatments: TreatmentService) {}

  @Member()
  @RpcHandler(listTreatmentsRpc)
  async list(input: RpcRequest<typeof listTreatmentsRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof listTreatmentsRpc>> {
    scopeOf(ctx);
    return this.treatments.list(input.orga_id, input.include_archived);
  }

  @OrgaAdmin()
  @RpcHandler(createTreatmentRpc)
  async create(input: RpcRequest<typeof createTreatmentRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof createTreatmentRpc>> {
    scopeOf(ctx);
    return this.treatments.create(input.orga_id, input);
  }

  @OrgaAdmin()
  @RpcHandler(updateTreatmentRpc)
  async update(input: RpcRequest<typeof updateTreatmentRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof updateTreatmentRpc>> {
    scopeOf(ctx);
    return this.treatments.update(input.orga_id, input);
  }
}
