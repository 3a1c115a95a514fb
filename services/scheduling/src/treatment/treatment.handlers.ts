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
    return this.treatments.list(scopeOf(ctx).orgaId, input.include_archived);
  }

  @OrgaAdmin()
  @RpcHandler(createTreatmentRpc)
  async create(input: RpcRequest<typeof createTreatmentRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof createTreatmentRpc>> {
    const { orga_id: _orga, ...fields } = input;
    return this.treatments.create(scopeOf(ctx), fields);
  }

  @OrgaAdmin()
  @RpcHandler(updateTreatmentRpc)
  async update(input: RpcRequest<typeof updateTreatmentRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof updateTreatmentRpc>> {
    const { orga_id: _orga, treatment_id: treatmentId, ...change } = input;
    return this.treatments.update(scopeOf(ctx), treatmentId, change);
  }
}
