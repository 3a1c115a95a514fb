import { Controller } from '@nestjs/common';
import { createTreatmentRpc, listTreatmentsRpc, updateTreatmentRpc, type RpcRequest, type RpcResponse } from '@pawline/contracts';
import { RpcHandler, type RpcCallContext } from '@pawline/nest-kit';
import { SchedulingAccess } from '../access/scheduling-access.service';
import { TreatmentService } from './treatment.service';

/** Any member reads the catalogue; organization administrators change it. */
@Controller()
export class TreatmentHandlers {
  constructor(
    private readonly access: SchedulingAccess,
    private readonly treatments: TreatmentService,
  ) {}

  @RpcHandler(listTreatmentsRpc)
  async list(input: RpcRequest<typeof listTreatmentsRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof listTreatmentsRpc>> {
    await this.access.orga(ctx, input.orga_id, 'member');
    return this.treatments.list(input.orga_id, input.include_archived);
  }

  @RpcHandler(createTreatmentRpc)
  async create(input: RpcRequest<typeof createTreatmentRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof createTreatmentRpc>> {
    await this.access.orga(ctx, input.orga_id, 'orga_admin');
    return this.treatments.create(input.orga_id, input);
  }

  @RpcHandler(updateTreatmentRpc)
  async update(input: RpcRequest<typeof updateTreatmentRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof updateTreatmentRpc>> {
    await this.access.orga(ctx, input.orga_id, 'orga_admin');
    return this.treatments.update(input.orga_id, input);
  }
}
